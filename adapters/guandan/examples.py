"""OpenAPI examples of Guandan's referee questions (docs/referee.md). The deal is a real simulated
one, so it stays valid."""

from __future__ import annotations

import random

from drf_spectacular.utils import OpenApiExample

from engine.guandan.profiles import STANDARD
from engine.guandan.simulate import simulate_deal

PLAY_VALIDATE = (
    OpenApiExample(
        "A wild in a straight (G2, G4)",
        value={
            "level": "2",
            "cards": ["H2", "S3", "C4", "S5", "S6"],
            "previous": ["D3", "C4", "D5", "D6", "S7"],
        },
        request_only=True,
    ),
    OpenApiExample(
        "A declared reading",
        value={
            "level": "2",
            "cards": ["H2", "S3", "C4", "S5", "S6"],
            "declared": {"type": "straight", "rank": "7"},
        },
        request_only=True,
    ),
    OpenApiExample(
        "The answer",
        value={
            "game": "guandan",
            "ruleset": "guandan-standard",
            "legal": True,
            "readings": [
                {"type": "straight", "rank": "6", "size": 5, "wilds": ["2"]},
                {"type": "straight", "rank": "7", "size": 5, "wilds": ["7"]},
            ],
            "reading": {"type": "straight", "rank": "7", "size": 5, "wilds": ["7"]},
            "previous_reading": {"type": "straight", "rank": "7", "size": 5, "wilds": []},
            "beats_previous": False,
            "reason": {
                "code": "does_not_beat",
                "detail": "No reading of this play beats the play on the table (G4).",
            },
        },
        response_only=True,
    ),
)

_DEAL = simulate_deal(rng=random.Random(2026), level=2, profile=STANDARD).request()
_DEAL["level"] = "2"
_OPENING = {**_DEAL, "plays": _DEAL["plays"][:6]}
_order = ["N", "W", "S", "E"]
_wrong = _order[(_order.index(_DEAL["leader"]) + 2) % 4]
_OUT_OF_TURN = {**_DEAL, "plays": [{**_DEAL["plays"][0], "seat": _wrong}]}

DEAL_REPLAY = (
    OpenApiExample("A whole deal", value=_DEAL, request_only=True),
    OpenApiExample("The first six plays", value=_OPENING, request_only=True),
    OpenApiExample("Out of turn (越序)", value=_OUT_OF_TURN, request_only=True),
)

_HANDS_NOTE = "hands: the four new hands of 27 cards, as dealt"
TRIBUTE_VALIDATE = (
    OpenApiExample(
        "Single tribute after a 1-3 finish",
        description=_HANDS_NOTE,
        value={
            "level": "3",
            "finishing_order": ["N", "E", "S", "W"],
            "hands": _DEAL["hands"],
            "tributes": [{"from": "W", "to": "N", "card": "RJ"}],
            "returns": [{"from": "N", "to": "W", "card": "S5"}],
        },
        request_only=True,
    ),
)
