"""Deals and actions for the Dou Dizhu tests: hands of 25 and a bottom of 8 from two decks that
start with the cards a test names, the rest filled in code order."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.cards import ALL_CODES

SEATS = ("N", "E", "S", "W")


def deal(hands: dict[str, str] | None = None, bottom: str = "") -> tuple[dict[str, list[str]], list[str]]:
    pool = Counter(dict.fromkeys(ALL_CODES, 2))
    wanted = {seat: (hands or {}).get(seat, "").split() for seat in SEATS}
    fixed_bottom = bottom.split()
    for cards in (*wanted.values(), fixed_bottom):
        pool.subtract(cards)
    assert min(pool.values()) >= 0, "a test names a card three times"
    rest = [code for code in sorted(pool) for _ in range(pool[code])]
    filled = {}
    for seat in SEATS:
        need = 25 - len(wanted[seat])
        filled[seat], rest = wanted[seat] + rest[:need], rest[need:]
    need = 8 - len(fixed_bottom)
    return filled, fixed_bottom + rest[:need]


def request(
    *,
    hands: dict[str, str] | None = None,
    bottom: str = "",
    dealer: str = "N",
    bids=(),
    plays=(),
    **extra: Any,
) -> dict[str, Any]:
    full, cards = deal(hands, bottom)
    return {
        "dealer": dealer,
        "hands": full,
        "bottom": cards,
        "bids": list(bids),
        "plays": list(plays),
        **extra,
    }


def bid(seat: str, points: int | str) -> dict[str, Any]:
    return {"seat": seat, "bid": points}


def play(seat: str, cards: str) -> dict[str, Any]:
    return {"seat": seat, "cards": cards.split()}


def pass_(seat: str) -> dict[str, Any]:
    return {"seat": seat, "pass": True}


def report(seat: str, count: int) -> dict[str, Any]:
    return {"seat": seat, "report": count}


# Bids from dealer N (turn order N, W, S, E): all pass, so N is the forced landlord.
FORCED_N = [bid("N", "pass"), bid("W", "pass"), bid("S", "pass"), bid("E", "pass")]
# N bids 1 and the others pass: N is landlord at 1, every farmer may bomb once.
N_AT_ONE = [bid("N", 1), bid("W", "pass"), bid("S", "pass"), bid("E", "pass")]
