"""Combinations of four-player Dou Dizhu and which beats which (docs/rules/doudizhu.md D4, D5).

Two decks and no wild cards: a set of cards is at most one combination, found by counting
ranks. A straight, pair sequence or triple sequence runs over consecutive ranks where A is
high after a K (10-J-Q-K-A) and low otherwise (A-2-3-4-5, AA2233) and 2 is always low
(2-3-4-5-6); nothing wraps (Q-K-A-2 is no run). Singles, pairs, triples, the triple of a
triple + pair and bombs rank 3 < … < K < A < 2 < small joker < big joker (``two_high``, the
default; the ``natural`` order puts 2 lowest).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.cards import ACE, BIG_JOKER, SMALL_JOKER, Card, format_rank

KING = 13
TWO_HIGH = 15  # D5: the order value of a 2 among singles, pairs, triples and bombs
MAX_BOMB = 8  # D4: eight of a kind (天炸), two decks


class ComboType(StrEnum):
    """The legal combinations (D4), with their wire values."""

    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    TRIPLE_PAIR = "triple_pair"  # 三带一对
    STRAIGHT = "straight"  # 顺子, 5+ singles
    PAIR_SEQUENCE = "pair_sequence"  # 双顺, 3+ pairs
    TRIPLE_SEQUENCE = "triple_sequence"  # 三顺, 2+ triples (飞机不带翅膀)
    AIRPLANE = "airplane"  # 飞机带翅膀: a triple sequence and as many consecutive pairs
    BOMB = "bomb"  # 4 枪, 5 炮, 6 火箭, 7 导弹, 8 天炸 of a kind
    JOKER_BOMB = "joker_bomb"  # 天尊, the four jokers


# Enum members by name cost a class lookup each (~0.2 us): the hot paths use these aliases.
_SINGLE = ComboType.SINGLE
_PAIR = ComboType.PAIR
_TRIPLE = ComboType.TRIPLE
_TRIPLE_PAIR = ComboType.TRIPLE_PAIR
_STRAIGHT = ComboType.STRAIGHT
_PAIR_SEQUENCE = ComboType.PAIR_SEQUENCE
_TRIPLE_SEQUENCE = ComboType.TRIPLE_SEQUENCE
_AIRPLANE = ComboType.AIRPLANE
_BOMB = ComboType.BOMB
_JOKER_BOMB = ComboType.JOKER_BOMB

SEQUENCE_TYPES = frozenset({_STRAIGHT, _PAIR_SEQUENCE, _TRIPLE_SEQUENCE, _AIRPLANE})


@dataclass(frozen=True, slots=True)
class Reading:
    """The reading of a play (D4).

    ``rank`` is the natural rank of its main part: the group's rank, the triple of a triple +
    pair, the highest rank of a run (A in 10-J-Q-K-A, 5 in A-2-3-4-5), the highest triple of an
    airplane; jokers 16 (small) and 17 (big). ``value`` is what D5 compares: ``rank`` in run
    order for runs, in the profile's single order otherwise. ``size`` is the number of cards.
    """

    type: ComboType
    rank: int
    size: int
    value: int


def reading_to_dict(reading: Reading) -> dict[str, Any]:
    """The wire form of a reading (docs/rules/doudizhu.md)."""
    return {"type": reading.type.value, "rank": format_rank(reading.rank), "size": reading.size}


def order_value(rank: int, *, two_high: bool = True) -> int:
    """D5 order of a rank among singles, pairs, triples and bombs."""
    return TWO_HIGH if rank == 2 and two_high else rank


def run_top(ranks: Collection[int]) -> int | None:
    """The highest rank of a run over exactly ``ranks``, or None when they are not consecutive (D4).

    A counts high when the run holds a K and low otherwise; jokers never join a run.
    """
    if SMALL_JOKER in ranks or BIG_JOKER in ranks:
        return None
    low = min(ranks)
    if ACE in ranks and KING not in ranks:
        low = 1  # A-2-3…: the ace below the 2
        high = max(rank for rank in ranks if rank != ACE) if len(ranks) > 1 else ACE
    else:
        high = max(ranks)
    return high if high - low + 1 == len(ranks) else None


_READINGS: dict[tuple[ComboType, int, int, int], Reading] = {}


def _reading(combo: ComboType, rank: int, size: int, value: int) -> tuple[Reading, ...]:
    # Readings are values; sharing them saves the dataclass constructor on the hot path.
    key = (combo, rank, size, value)
    found = _READINGS.get(key)
    if found is None:
        found = _READINGS[key] = Reading(combo, rank, size, value)
    return (found,)


def readings(cards: Sequence[Card], *, two_high: bool = True) -> tuple[Reading, ...]:
    """The reading of ``cards`` (D4) as a tuple of one, or none when they form no combination."""
    n = len(cards)
    if n == 1:
        rank = cards[0].rank
        return _reading(_SINGLE, rank, 1, TWO_HIGH if rank == 2 and two_high else rank)
    counts: dict[int, int] = {}
    for card in cards:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    if len(counts) == 1:  # one rank: a pair, a triple or a bomb
        (rank,) = counts
        value = TWO_HIGH if rank == 2 and two_high else rank
        if n == 2:
            return _reading(_PAIR, rank, 2, value)  # two equal jokers are a pair too
        if rank > ACE:
            return ()
        if n == 3:
            return _reading(_TRIPLE, rank, 3, value)
        return _reading(_BOMB, rank, n, value) if n <= MAX_BOMB else ()
    if n == 4:
        if counts.get(SMALL_JOKER) == 2 and counts.get(BIG_JOKER) == 2:
            return _reading(_JOKER_BOMB, BIG_JOKER, 4, BIG_JOKER)
        return ()
    if n == 5 and len(counts) == 2:
        (a, count_a), (b, count_b) = counts.items()
        triple = a if count_a == 3 else b if count_b == 3 else None
        if triple is not None and triple <= ACE:  # the other rank holds 2: a pair (or 2 equal jokers)
            return _reading(_TRIPLE_PAIR, triple, 5, TWO_HIGH if triple == 2 and two_high else triple)
        return ()
    return _runs(counts, n)


def _runs(counts: dict[int, int], n: int) -> tuple[Reading, ...]:
    """Straights, pair sequences, triple sequences and airplanes (D4): runs of equal groups."""
    widths = set(counts.values())
    if len(widths) == 1:
        (width,) = widths
        combo, least = _RUNS.get(width, (None, 0))
        if combo is None or len(counts) < least:
            return ()
        top = run_top(counts.keys())
        return () if top is None else _reading(combo, top, n, top)
    if widths != {2, 3} or n % 5:
        return ()
    # An airplane: k triples in a run and k pairs in a run of their own (D4: 333444 + 6677, never
    # 333444 + 6688). A rank of the body is never a wing: 333 + 33 is five of a kind.
    triples = [rank for rank, count in counts.items() if count == 3]
    pairs = [rank for rank, count in counts.items() if count == 2]
    if len(triples) != len(pairs) or run_top(pairs) is None:
        return ()
    top = run_top(triples)
    return () if top is None else _reading(_AIRPLANE, top, n, top)


# width of each group -> (type, least number of groups)
_RUNS = {1: (_STRAIGHT, 5), 2: (_PAIR_SEQUENCE, 3), 3: (_TRIPLE_SEQUENCE, 2)}

# D5 bomb ladder: 4 < 5 < 6 < 7 < 8 of a kind < the four jokers; non-bombs are tier 0.
_BOMB_TIER = {4: 1, 5: 2, 6: 3, 7: 4, 8: 5}
JOKER_BOMB_TIER = 6


def tier(reading: Reading) -> int:
    """The reading's step on the D5 bomb ladder; 0 for every non-bomb."""
    if reading.type is _BOMB:
        return _BOMB_TIER[reading.size]
    return JOKER_BOMB_TIER if reading.type is _JOKER_BOMB else 0


def is_bomb(reading: Reading) -> bool:
    return reading.type is _BOMB or reading.type is _JOKER_BOMB


def beats(play: Reading, previous: Reading) -> bool:
    """D5: does ``play`` beat ``previous``? Equal never beats.

    A bomb beats every non-bomb and every lower step of the ladder; otherwise only the same
    type with the same number of cards compares, by its main part.
    """
    high, low = tier(play), tier(previous)
    if high or low:
        return high > low or (high == low and play.value > previous.value)
    return play.type is previous.type and play.size == previous.size and play.value > previous.value
