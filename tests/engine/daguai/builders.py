"""Deals and actions for the Daguai Luzi tests: six hands of 27 from three decks that start with
the cards a test names, the rest filled in code order."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.cards import ALL_CODES

SEATS = ("1", "2", "3", "4", "5", "6")


def deal(hands: dict[str, str] | None = None) -> dict[str, list[str]]:
    pool = Counter(dict.fromkeys(ALL_CODES, 3))
    wanted = {seat: (hands or {}).get(seat, "").split() for seat in SEATS}
    for cards in wanted.values():
        pool.subtract(cards)
    assert min(pool.values()) >= 0, "a test names a card four times"
    rest = [code for code in sorted(pool) for _ in range(pool[code])]
    filled = {}
    for seat in SEATS:
        need = 27 - len(wanted[seat])
        filled[seat], rest = wanted[seat] + rest[:need], rest[need:]
    return filled


def request(
    *, hands: dict[str, str] | None = None, dealer: str = "1", plays=(), **extra: Any
) -> dict[str, Any]:
    return {"hands": deal(hands), "dealer": dealer, "plays": list(plays), **extra}


def play(seat: str, cards: str) -> dict[str, Any]:
    return {"seat": seat, "cards": cards.split()}


def pass_(seat: str) -> dict[str, Any]:
    return {"seat": seat, "pass": True}


def ask(seat: str, target: str, answer: int | str) -> dict[str, Any]:
    return {"seat": seat, "ask": target, "answer": answer}
