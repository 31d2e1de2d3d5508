"""Daguai Luzi's adapter (docs/rules/daguai.md): its deal body is the sheet's own, its referee
questions those of adapters.wire.daguai; its score sheet has no rules summary yet."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample

from adapters import wire
from adapters.common import open_body
from engine import daguai
from scoring.adapters import GameAdapter, RefereeWire

STATE = "A Daguai Luzi match so far (docs/rules/daguai.md K5): the teams' points and the next dealer."

PLAY_EXAMPLE = OpenApiExample(
    "Daguai Luzi: a full house with a joker (K2, K3)",
    value={
        "game": "daguai",
        "cards": ["S8", "H8", "RJ", "C4", "D4"],
        "previous": ["S3", "S4", "H5", "C6", "D7"],
    },
    request_only=True,
)

ADAPTER = GameAdapter(
    game=daguai.GAME,
    **open_body("DaguaiState", STATE),
    referee=RefereeWire(
        play_request=wire.DaguaiPlayRequest,
        play_answer=wire.DaguaiPlayVerdictSerializer,
        replay_request=wire.DaguaiReplayRequest,
        replay_answer=wire.DaguaiReplaySerializer,
        examples={"play": (PLAY_EXAMPLE,)},
    ),
)
