"""Helpers for the Shuangkou tests (docs/rules/shuangkou.md): cards from a string, counted hands, trick
states with hands of any size, and full deals from two decks that start with the cards a test names."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.cards import ALL_CODES, Card, Suit, parse_cards
from engine.seats import Seat
from engine.shuangkou.cards import TrumpTable, trump_table
from engine.shuangkou.deal import DealState
from engine.shuangkou.profiles import STANDARD, RuleProfile
from engine.shuangkou.record import Play

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
SEATS = ("N", "E", "S", "W")

# The table most tests use: level 7, spades trump (so ♥7 ♣7 ♦7 are equal trumps, ♠7 above them).
L7S = trump_table(7, Suit.SPADES)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


def counts(text: str) -> dict[Card, int]:
    return dict(Counter(cards(text)))


def state(
    hands: dict[Seat, str], *, table: TrumpTable = L7S, dealer: Seat = N, profile: RuleProfile = STANDARD
):
    """A trick state whose hands are exactly these (any size, equal sizes keep the deal going)."""
    return DealState(
        table=table, dealer=dealer, hands={s: cards(hands.get(s, "")) for s in Seat}, profile=profile
    )


def play(seat: Seat, text: str, refused: str | None = None) -> Play:
    return Play(seat, cards(text), None if refused is None else cards(refused))


def deal(hands: dict[str, str] | None = None, bottom: str = "") -> tuple[dict[str, list[str]], list[str]]:
    """Four hands of 25 and a bottom of 8, exactly two decks: the named cards first, then code order."""
    pool = Counter(dict.fromkeys(ALL_CODES, 2))
    wanted = {seat: (hands or {}).get(seat, "").split() for seat in SEATS}
    fixed_bottom = bottom.split()
    for named in (*wanted.values(), fixed_bottom):
        pool.subtract(named)
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
    buried: str | None = None,
    declarations=(),
    tricks=(),
    dealer: str | None = "N",
    **extra: Any,
) -> dict[str, Any]:
    """A ``deals/replay`` question; by default the dealer buries the bottom it took."""
    full, bottom_cards = deal(hands, bottom)
    return {
        "hands": full,
        "bottom": bottom_cards,
        "declarations": list(declarations),
        "buried": buried.split() if buried is not None else list(bottom_cards),
        "tricks": list(tricks),
        "dealer": dealer,
        **extra,
    }
