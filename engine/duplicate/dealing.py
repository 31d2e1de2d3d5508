"""Deal sets of duplicate Guandan 复式掼蛋 (docs/duplicate.md "Deal sets"; G1 cards, G2 levels). Pure.

A deal set is a numbered list of deals; each deal is the four 27-card hands of two decks (G1), the
level it is played at (G2) and the seat that leads its first play (G5). The service makes one from a
seed (:func:`generate`) or imports one (``engine.duplicate.importing``).

The generator is a fixed, documented function so that a stored seed and algorithm version always
give the same deals on any Python version (``random.Random``'s methods may change between
releases): version 1 shuffles the 108 cards of two decks, in the canonical order of
``engine.cards.ALL_CODES`` twice, by Fisher–Yates, drawing each index with
``engine.lots.lot(seed, deal number, step, attempt)`` and rejecting the draws above the largest
multiple of the range (so every permutation is equally likely, no modulo bias); the first 27
shuffled cards are N's, the next E's, then S's, then W's. The leader of deal ``n`` is the
``(n-1) % 4``-th seat of the turn order N, W, S, E (G1), so the lead goes round the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.errors import BadInput
from engine.guandan.cards import ALL_CODES, HAND_SIZE, Card, format_level, parse_cards
from engine.lots import lot
from engine.seats import Seat, seat_order

#: The generator versions this engine knows; a deal set records the one it was made with.
ALGORITHMS = (1,)
ALGORITHM = 1
SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat.N, Seat.E, Seat.S, Seat.W)
#: Two decks (G1), in a fixed order: what the shuffle starts from.
DECK: tuple[str, ...] = ALL_CODES + ALL_CODES
MAX_DEALS = 200
_MASK64 = (1 << 64) - 1


@dataclass(frozen=True, slots=True)
class DealSpec:
    """One deal of a set: its number, the four hands (card codes as dealt), its level and leader."""

    number: int
    hands: Mapping[Seat, tuple[str, ...]]
    level: int
    leader: Seat

    def to_dict(self) -> dict[str, object]:
        return {
            "number": self.number,
            "level": format_level(self.level),
            "leader": str(self.leader),
            "hands": {str(seat): list(self.hands[seat]) for seat in SEATS},
        }


def _below(n: int, *parts: int) -> int:
    """A fair draw of 0 … n-1 from ``lot(*parts, attempt)``: draws past the last whole multiple of
    ``n`` are rejected and drawn again."""
    limit = (_MASK64 + 1) - ((_MASK64 + 1) % n)
    attempt = 0
    while True:
        x = lot(*parts, attempt)
        if x < limit:
            return x % n
        attempt += 1  # pragma: no cover - probability below 2**-57


def shuffled(seed: int, number: int, *, algorithm: int = ALGORITHM) -> list[str]:
    """The 108 cards of deal ``number`` of the set made from ``seed`` (see the module's docstring)."""
    if algorithm not in ALGORITHMS:
        raise BadInput(
            "unknown_algorithm", f"Unknown deal generator version {algorithm!r}.", field="algorithm"
        )
    cards = list(DECK)
    for i in range(len(cards) - 1, 0, -1):
        j = _below(i + 1, seed, number, i)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def leader_of(number: int) -> Seat:
    """The seat that leads deal ``number``: N, W, S, E in turn (G1's counterclockwise order)."""
    return seat_order()[(number - 1) % 4]


def generate(
    seed: int, count: int, *, level: int = 2, algorithm: int = ALGORITHM, first: int = 1
) -> list[DealSpec]:
    """Deals ``first`` … ``first + count - 1`` of the set made from ``seed``, each played at ``level``."""
    if not 1 <= count <= MAX_DEALS:
        raise BadInput("out_of_range", f"A deal set has 1 to {MAX_DEALS} deals.", field="count")
    if not 2 <= level <= 14:
        raise BadInput("unknown_level", "Levels run 2 … A (G2).", field="level")
    deals = []
    for number in range(first, first + count):
        cards = shuffled(seed, number, algorithm=algorithm)
        hands = {seat: tuple(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i, seat in enumerate(SEATS)}
        deals.append(DealSpec(number=number, hands=hands, level=level, leader=leader_of(number)))
    return deals


def check_deal(hands: Mapping[Seat, Sequence[str]], *, field: str = "hands") -> None:
    """G1: the four hands together are exactly the 108 cards of two decks, 27 each."""
    for seat in SEATS:
        if len(hands[seat]) != HAND_SIZE:
            raise BadInput(
                "wrong_hand_size",
                f"{seat} holds {len(hands[seat])} cards, not 27 (G1).",
                field=f"{field}.{seat}",
            )
    counts: dict[str, int] = {}
    for seat in SEATS:
        for card in parse_cards(list(hands[seat])):
            counts[card.code] = counts.get(card.code, 0) + 1
    for code in ALL_CODES:
        if counts.get(code, 0) != 2:
            raise BadInput(
                "not_two_decks", f"{code} is dealt {counts.get(code, 0)} times, not twice (G1).", field=field
            )


# ---- how players sort a hand (理牌) ----------------------------------------------------------------
_SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}


def sorted_hand(codes: Iterable[str], level: int) -> list[str]:
    """A hand as players hold it (理牌): highest first by G2's order at ``level`` — the red and the
    black joker, the level cards (the wild heart ones first), then A, K, … 2 — each rank's cards
    together, suits in the order ♠ ♥ ♣ ♦."""

    def key(card: Card) -> tuple[int, int, int]:
        wild = 0 if card.is_wild(level) else 1
        return (-card.order(level), wild, _SUIT_ORDER.get(str(card.suit or ""), 9))

    return [card.code for card in sorted(parse_cards(list(codes)), key=key)]
