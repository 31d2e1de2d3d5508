"""Daguai Luzi's adapter (docs/rules/daguai.md): its deal body is the sheet's own, its referee
questions those of referee.api.game_serializers.daguai; its score sheet has no rules summary yet."""

from __future__ import annotations

from adapters.common import open_body
from engine import daguai
from referee.api import game_serializers as wire
from scoring.adapters import GameAdapter, RefereeWire

ADAPTER = GameAdapter(
    game=daguai.GAME,
    **open_body(),
    referee=RefereeWire(
        play_request=wire.DaguaiPlayRequest,
        play_answer=wire.DaguaiPlayVerdictSerializer,
        replay_request=wire.DaguaiReplayRequest,
        replay_answer=wire.DaguaiReplaySerializer,
    ),
)
