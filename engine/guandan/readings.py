"""Combinations of Guandan 掼蛋 and every way a set of cards can be read (docs/rules/guandan.md G2, G3).

A set of cards is *read* as a combination. With the two heart level cards wild (G2), one set
can have several readings (H2 + 3456 at level 2 is 23456 or 34567), so :func:`readings`
returns all of them; :mod:`engine.guandan.compare` says which one applies (G4).

The wild count is at most two, so each shape is checked arithmetically: count the natural
ranks of the other cards and see how many cards the shape is missing. No substitution is
ever tried card by card, which keeps one classification to a few microseconds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.guandan.cards import ACE, BIG_JOKER, SMALL_JOKER, Card, Suit, format_rank

MAX_BOMB = 10  # G3: 8 natural cards of a rank plus the 2 wilds


class ComboType(StrEnum):
    """The legal combinations (G3), with their wire values."""

    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    FULL_HOUSE = "full_house"
    STRAIGHT = "straight"
    TUBE = "tube"
    PLATE = "plate"
    BOMB = "bomb"
    STRAIGHT_FLUSH = "straight_flush"
    JOKER_BOMB = "joker_bomb"


# G2: these compare by natural rank; everything else by G2 order (level rank above A).
SEQUENCE_TYPES = frozenset({ComboType.STRAIGHT, ComboType.TUBE, ComboType.PLATE, ComboType.STRAIGHT_FLUSH})


@dataclass(frozen=True, slots=True)
class Reading:
    """One reading of a play (G3).

    ``rank`` is what G4 compares: the rank of the group (the triple of a full house) for
    singles, pairs, triples, full houses and bombs, kept as the natural rank even for level
    cards (a pair of 7s at level 7 has rank 7; G2 order is applied when comparing); the
    highest natural rank for straights, tubes, plates and straight flushes (A2345 has rank 5).
    Jokers rank 16 (small) and 17 (big). ``wilds`` lists, sorted, the natural rank each wild
    card of the play stands for; a wild standing for its own rank lists the level rank.
    """

    type: ComboType
    rank: int
    size: int
    wilds: tuple[int, ...] = ()


def reading_to_dict(reading: Reading) -> dict[str, Any]:
    """The wire form of a reading (docs/referee.md)."""
    return {
        "type": reading.type.value,
        "rank": format_rank(reading.rank),
        "size": reading.size,
        "wilds": [format_rank(r) for r in reading.wilds],
    }


def readings(cards: Sequence[Card], level: int) -> tuple[Reading, ...]:
    """Every legal reading of ``cards`` at ``level`` (G2, G3), one per (type, rank).

    An empty or unreadable set has no reading; the caller decides what that means.
    """
    n = len(cards)
    if n == 1:
        card = cards[0]
        if card.rank == level and card.suit is _HEARTS:
            return (_reading(ComboType.SINGLE, level, 1, (level,)),)  # G2: a lone wild
        return (_reading(ComboType.SINGLE, card.rank, 1, ()),)
    if not 1 < n <= MAX_BOMB:
        return ()
    wild = 0
    counts: dict[int, int] = {}
    suit: Suit | None = None
    flush = True
    for card in cards:
        rank = card.rank
        if rank == level and card.suit is _HEARTS:
            wild += 1
            continue
        counts[rank] = counts.get(rank, 0) + 1
        if suit is None:
            suit = card.suit
        elif card.suit is not suit:
            flush = False
    return _BY_SIZE[n](counts, wild, flush, level)


# ---- the shapes, by number of cards ---------------------------------------------------------------
_HEARTS = Suit.HEARTS
_READINGS: dict[tuple[ComboType, int, int, tuple[int, ...]], Reading] = {}


def _reading(combo: ComboType, rank: int, size: int, wilds: tuple[int, ...]) -> Reading:
    # Readings are values; sharing them saves the dataclass constructor on the hot path.
    key = (combo, rank, size, wilds)
    found = _READINGS.get(key)
    if found is None:
        found = _READINGS[key] = Reading(combo, rank, size, wilds)
    return found


def _one_rank(counts: dict[int, int]) -> int | None:
    """The only natural rank of the non-wild cards, or None (several ranks, or jokers)."""
    if len(counts) != 1:
        return None
    (rank,) = counts
    return None if rank > ACE else rank


def _group(combo: ComboType, counts: dict[int, int], wild: int, size: int) -> tuple[Reading, ...]:
    # Triples and bombs: every non-wild card of one rank, the wilds join it (G2, G3).
    rank = _one_rank(counts)
    if rank is None:
        return ()
    return (_reading(combo, rank, size, (rank,) * wild),)


def _two(counts: dict[int, int], wild: int, flush: bool, level: int) -> tuple[Reading, ...]:
    if wild == 2:
        return (_reading(ComboType.PAIR, level, 2, (level, level)),)  # G2: two wilds alone
    if len(counts) != 1:
        return ()  # two ranks, and BJ + RJ (G3: not a pair)
    (rank,) = counts
    if wild and rank > ACE:
        return ()  # G2: a wild never stands for a joker
    return (_reading(ComboType.PAIR, rank, 2, (rank,) * wild),)


def _three(counts: dict[int, int], wild: int, flush: bool, level: int) -> tuple[Reading, ...]:
    return _group(ComboType.TRIPLE, counts, wild, 3)


def _four(counts: dict[int, int], wild: int, flush: bool, level: int) -> tuple[Reading, ...]:
    if counts.get(SMALL_JOKER) == 2 and counts.get(BIG_JOKER) == 2:
        return (_reading(ComboType.JOKER_BOMB, BIG_JOKER, 4, ()),)  # G3: exactly the four jokers
    return _group(ComboType.BOMB, counts, wild, 4)


def _five(counts: dict[int, int], wild: int, flush: bool, level: int) -> tuple[Reading, ...]:
    if len(counts) == 5 - wild:  # five different ranks: only a straight can fit
        return _straights(counts, wild, flush)
    if len(counts) > 2:
        return ()
    return _full_houses(counts, wild, level) + _group(ComboType.BOMB, counts, wild, 5)


def _six(counts: dict[int, int], wild: int, flush: bool, level: int) -> tuple[Reading, ...]:
    return (
        _runs(ComboType.TUBE, counts, 2)
        + _runs(ComboType.PLATE, counts, 3)
        + _group(ComboType.BOMB, counts, wild, 6)
    )


#: The readings of one play size from (counts by rank, wild cards, one suit throughout, level).
_Shapes = Callable[[dict[int, int], int, bool, int], tuple[Reading, ...]]


def _bomb_only(size: int) -> _Shapes:
    def shape(counts: dict[int, int], wild: int, flush: bool, level: int) -> tuple[Reading, ...]:
        return _group(ComboType.BOMB, counts, wild, size)

    return shape


_BY_SIZE: dict[int, _Shapes] = {2: _two, 3: _three, 4: _four, 5: _five, 6: _six} | {
    n: _bomb_only(n) for n in range(7, MAX_BOMB + 1)
}


def _full_houses(counts: dict[int, int], wild: int, level: int) -> tuple[Reading, ...]:
    """G3: a triple plus a pair of another rank; the pair may be two equal jokers."""
    if len(counts) == 1:
        # Three natural cards and two wilds: the wilds are the pair. They stand for their own
        # rank when they can (the natural reading); under their own rank, for the lowest other.
        ((triple, n),) = counts.items()
        if n != 3 or triple > ACE:
            return ()
        pair = level if level != triple else (3 if triple == 2 else 2)
        return (_reading(ComboType.FULL_HOUSE, triple, 5, (pair, pair)),)
    (a, count_a), (b, count_b) = counts.items()
    found = []
    for triple, count_triple, pair, count_pair in ((a, count_a, b, count_b), (b, count_b, a, count_a)):
        need_triple, need_pair = 3 - count_triple, 2 - count_pair
        if triple > ACE or need_triple < 0 or need_pair < 0 or (pair > ACE and need_pair):
            continue  # no joker triple; a joker pair is two equal jokers, never a wild (G2)
        wilds = (triple,) * need_triple + (pair,) * need_pair
        found.append(_reading(ComboType.FULL_HOUSE, triple, 5, wilds if triple < pair else wilds[::-1]))
    return tuple(found)


def _run_windows(length: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """Every run of ``length`` ranks as (top, bit mask, ranks sorted); A is low only in the first (G3)."""
    windows = []
    for top in range(length, ACE + 1):
        ranks = tuple(sorted(ACE if r == 1 else r for r in range(top - length + 1, top + 1)))
        windows.append((top, sum(1 << r for r in ranks), ranks))
    return tuple(windows)


# Straights are runs of 5 single ranks, tubes of 3 pairs, plates of 2 triples; nothing wraps (G3).
_WINDOWS = {5: _run_windows(5), 3: _run_windows(3), 2: _run_windows(2)}


def _straights(counts: dict[int, int], wild: int, flush: bool) -> tuple[Reading, ...]:
    """G3: exactly five consecutive natural ranks; one suit makes it a straight flush too."""
    mask = 0
    for rank in counts:
        mask |= 1 << rank  # jokers set bits no window holds
    found = []
    for top, window, ranks in _WINDOWS[5]:
        if mask & ~window:
            continue
        wilds = tuple(r for r in ranks if r not in counts) if wild else ()
        found.append(_reading(ComboType.STRAIGHT, top, 5, wilds))
        if flush:
            found.append(_reading(ComboType.STRAIGHT_FLUSH, top, 5, wilds))
    return tuple(found)


def _runs(combo: ComboType, counts: dict[int, int], width: int) -> tuple[Reading, ...]:
    """G3: a tube is 3 consecutive pairs, a plate 2 consecutive triples (``width`` cards each)."""
    length = 6 // width
    if len(counts) > length or max(counts.values()) > width:
        return ()
    mask = 0
    for rank in counts:
        mask |= 1 << rank
    found = []
    for top, window, ranks in _WINDOWS[length]:
        if mask & ~window:
            continue
        wilds: tuple[int, ...] = ()
        for rank in ranks:
            wilds += (rank,) * (width - counts.get(rank, 0))
        found.append(_reading(combo, top, 6, wilds))
    return tuple(found)
