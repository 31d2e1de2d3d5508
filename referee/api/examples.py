"""OpenAPI examples of the referee questions. The deal is a real simulated one, so it stays valid."""

from __future__ import annotations

import random

from drf_spectacular.utils import OpenApiExample

from engine.guandan.profiles import STANDARD
from engine.guandan.simulate import simulate_deal

PLAY_VALIDATE = [
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
    OpenApiExample(
        "Dou Dizhu: a bomb of five on a bomb of four (D5)",
        value={
            "game": "doudizhu4",
            "cards": ["S9", "H9", "C9", "D9", "S9"],
            "previous": ["SA", "HA", "CA", "DA"],
        },
        request_only=True,
    ),
    OpenApiExample(
        "Daguai Luzi: a full house with a joker (K2, K3)",
        value={
            "game": "daguai",
            "cards": ["S8", "H8", "RJ", "C4", "D4"],
            "previous": ["S3", "S4", "H5", "C6", "D7"],
        },
        request_only=True,
    ),
    OpenApiExample(
        "Shuangkou: a follower short of the led suit (S5)",
        value={
            "game": "shuangkou",
            "level": "2",
            "trump": "H",
            "trick": [["SA"]],
            "cards": ["D5"],
            "hand": ["D5", "C9", "HK"],
        },
        request_only=True,
    ),
]

_DEAL = simulate_deal(rng=random.Random(2026), level=2, profile=STANDARD).request()
_DEAL["level"] = "2"
_OPENING = {**_DEAL, "plays": _DEAL["plays"][:6]}
_order = ["N", "W", "S", "E"]
_wrong = _order[(_order.index(_DEAL["leader"]) + 2) % 4]
_OUT_OF_TURN = {**_DEAL, "plays": [{**_DEAL["plays"][0], "seat": _wrong}]}

DEAL_REPLAY = [
    OpenApiExample("A whole deal", value=_DEAL, request_only=True),
    OpenApiExample("The first six plays", value=_OPENING, request_only=True),
    OpenApiExample("Out of turn (越序)", value=_OUT_OF_TURN, request_only=True),
]

BIDDING_VALIDATE = [
    OpenApiExample(
        "N deals; W bids 1, S 2, E passes, N passes (D2, D3)",
        value={
            "game": "doudizhu4",
            "dealer": "N",
            "bids": [
                {"seat": "N", "bid": "pass"},
                {"seat": "W", "bid": 1},
                {"seat": "S", "bid": 2},
                {"seat": "E", "bid": "pass"},
            ],
        },
        request_only=True,
    ),
]

_HANDS_NOTE = "hands: the four new hands of 27 cards, as dealt"
TRIBUTE_VALIDATE = [
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
]

#: One entry of the list: drf-spectacular wraps a list's example in the page (``count``, ``results``).
RULESET = {"key": STANDARD.key, "game": "guandan", "name": STANDARD.name, "settings": STANDARD.to_dict()}
