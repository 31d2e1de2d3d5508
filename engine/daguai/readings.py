"""Combinations of Daguai Luzi, every way a set of cards can be read, and which beats which
(docs/rules/daguai.md K2, K3).

Plays hold 1, 2, 3 or 5 cards. The jokers are wild (any card 2-A), so a five-card set can have
several readings; the strongest applies (K3: jokers count high), so :func:`strongest` is the
reading the play is judged by. Each shape is checked by counting ranks and suits and seeing
what the jokers must supply; no substitution is tried card by card.

Orders (K3): singles, pairs, triples, full houses, four + single and five of a kind rank
3 < … < K < A < 2 (the fixed trump) < small joker < big joker; straights and flushes count 2
low, as 2 (and A low in A-2-3-4-5 when ``ace_low``); a joker in a flush has no point.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.cards import ACE, ALL_CARDS, BIG_JOKER, SMALL_JOKER, Card, format_rank

TRUMP = 15  # K3: the order value of a 2 in groups
PLAY_SIZES = frozenset({1, 2, 3, 5})
NO_POINT = 0  # a joker in a flush (无点); in ``wilds``: a joker whose rank does not matter
NATURAL_RANKS = tuple(range(2, ACE + 1))


class ComboType(StrEnum):
    """The legal combinations (K2), with their wire values; five-card types low to high."""

    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    STRAIGHT = "straight"  # 顺子
    FLUSH = "flush"  # 同花
    FULL_HOUSE = "full_house"  # 呼浩
    FOUR_SINGLE = "four_single"  # 尖子
    STRAIGHT_FLUSH = "straight_flush"  # 同花顺子
    FIVE_OF_A_KIND = "five_of_a_kind"  # 五条


# Enum members by name cost a class lookup each (~0.2 us): the hot paths use these aliases.
_SINGLE = ComboType.SINGLE
_PAIR = ComboType.PAIR
_TRIPLE = ComboType.TRIPLE
_STRAIGHT = ComboType.STRAIGHT
_FLUSH = ComboType.FLUSH
_FULL_HOUSE = ComboType.FULL_HOUSE
_FOUR_SINGLE = ComboType.FOUR_SINGLE
_STRAIGHT_FLUSH = ComboType.STRAIGHT_FLUSH
_FIVE_OF_A_KIND = ComboType.FIVE_OF_A_KIND

# K3: five-card types beat every lower five-card type; plays of 1-3 cards are tier 0.
FIVE_TIER = {
    _STRAIGHT: 1,
    _FLUSH: 2,
    _FULL_HOUSE: 3,
    _FOUR_SINGLE: 4,
    _STRAIGHT_FLUSH: 5,
    _FIVE_OF_A_KIND: 6,
}


@dataclass(frozen=True, slots=True)
class Reading:
    """One reading of a play (K2).

    ``rank`` is its main rank: the group's rank (16 small joker, 17 big joker for a group of
    jokers alone), the triple of a full house, the four of a four + single, the highest card of
    a straight or straight flush, the highest natural card of a flush. ``value`` is what K3
    compares within a type (a flush compares card by card, high to low, packed into one int).
    ``wilds`` lists, sorted, the natural rank each joker stands for (0: any, or no point).
    """

    type: ComboType
    rank: int
    size: int
    value: int
    wilds: tuple[int, ...] = ()


def reading_to_dict(reading: Reading) -> dict[str, Any]:
    """The wire form of a reading (docs/rules/daguai.md); a joker standing for no rank is ``null``."""
    return {
        "type": reading.type.value,
        "rank": format_rank(reading.rank),
        "size": reading.size,
        "wilds": [format_rank(r) if r else None for r in reading.wilds],
    }


def group_value(rank: int) -> int:
    """K3 order of a rank in singles, pairs, triples, full houses, four + single, five of a kind."""
    return TRUMP if rank == 2 else rank


_READINGS: dict[tuple[Any, ...], Reading] = {}


def _reading(combo: ComboType, rank: int, size: int, value: int, wilds: tuple[int, ...] = ()) -> Reading:
    # Readings are values; sharing them saves the dataclass constructor on the hot path.
    key = (combo, rank, size, value, wilds)
    found = _READINGS.get(key)
    if found is None:
        found = _READINGS[key] = Reading(combo, rank, size, value, wilds)
    return found


def _joker_group(combo: ComboType, cards: Sequence[Card]) -> tuple[Reading, ...]:
    # K3: jokers alone are a joker group, a small one unless every joker is big (大小怪搭对作小怪).
    rank = BIG_JOKER if all(card.rank == BIG_JOKER for card in cards) else SMALL_JOKER
    return (_reading(combo, rank, len(cards), rank),)


def readings(cards: Sequence[Card], *, ace_low: bool = True) -> tuple[Reading, ...]:
    """Every legal reading of ``cards`` (K2, K3), one per (type, value); none for other sizes."""
    n = len(cards)
    if n == 1:
        rank = cards[0].rank
        return (_reading(_SINGLE, rank, 1, TRUMP if rank == 2 else rank),)
    if n not in PLAY_SIZES:
        return ()
    counts: dict[int, int] = {}
    suits = set()
    jokers = 0
    for card in cards:
        if card.suit is None:
            jokers += 1
            continue
        counts[card.rank] = counts.get(card.rank, 0) + 1
        suits.add(card.suit)
    if jokers == n:
        return _joker_group(_SINGLE if n == 1 else _GROUP[n], cards)
    if n < 5:
        if len(counts) != 1:
            return ()
        (rank,) = counts
        return (_reading(_GROUP[n], rank, n, TRUMP if rank == 2 else rank, (rank,) * jokers),)
    return _five(counts, jokers, len(suits) == 1, ace_low)


_GROUP = {2: _PAIR, 3: _TRIPLE, 5: _FIVE_OF_A_KIND}


def _five(counts: dict[int, int], jokers: int, suited: bool, ace_low: bool) -> tuple[Reading, ...]:
    found: list[Reading] = []
    if len(counts) == 5 - jokers:  # all natural ranks differ: straights are possible
        found += _straights(counts, jokers, suited, ace_low)
    if suited:
        found.append(_flush(counts, jokers))
    if len(counts) <= 2:
        found += _full_houses(counts, jokers)
        found += _fours(counts, jokers)
        if len(counts) == 1:
            (rank,) = counts
            found.append(_reading(_FIVE_OF_A_KIND, rank, 5, group_value(rank), (rank,) * jokers))
    return tuple(found)


def _windows(ace_low: bool) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """Each straight as (top rank, bit mask of its ranks, its ranks sorted), highest first: 2 counts
    low; A high, or low before the 2."""
    windows = []
    for top in range(ACE, (5 if ace_low else 6) - 1, -1):
        ranks = tuple(sorted(ACE if r == 1 else r for r in range(top - 4, top + 1)))
        windows.append((top, sum(1 << r for r in ranks), ranks))
    return tuple(windows)


_WINDOWS = {True: _windows(True), False: _windows(False)}


def _straights(
    counts: dict[int, int], jokers: int, suited: bool, ace_low: bool, *, highest: bool = False
) -> list[Reading]:
    """K2: five consecutive ranks (and in one suit, a straight flush too); only the highest if asked."""
    mask = 0
    for rank in counts:
        mask |= 1 << rank
    found = []
    for top, window, ranks in _WINDOWS[ace_low]:
        if mask & ~window:
            continue
        wilds = tuple(r for r in ranks if r not in counts) if jokers else ()
        if suited:
            found.append(_reading(_STRAIGHT_FLUSH, top, 5, top, wilds))
        found.append(_reading(_STRAIGHT, top, 5, top, wilds))
        if highest:
            break
    return found


def _flush(counts: dict[int, int], jokers: int) -> Reading:
    """K3: five of one suit (the jokers any suit), compared card by card; a joker has no point."""
    ranks = sorted((rank for rank, n in counts.items() for _ in range(n)), reverse=True)
    value = 0
    for rank in ranks + [NO_POINT] * jokers:
        value = value * 16 + rank  # 2 counts as 2 here: low (K3)
    return _reading(_FLUSH, ranks[0], 5, value, (NO_POINT,) * jokers)


def _full_houses(counts: dict[int, int], jokers: int) -> list[Reading]:
    """K2 呼浩: a triple and a pair of another rank; compared by the triple."""
    found = []
    if len(counts) == 2:
        (a, count_a), (b, count_b) = counts.items()
        for triple, count_triple, pair, count_pair in ((a, count_a, b, count_b), (b, count_b, a, count_a)):
            if count_triple <= 3 and count_pair <= 2:
                wilds = (triple,) * (3 - count_triple) + (pair,) * (2 - count_pair)
                found.append(_reading(_FULL_HOUSE, triple, 5, group_value(triple), tuple(sorted(wilds))))
        return found
    ((rank, count),) = counts.items()
    if count <= 3:  # the natural cards are (part of) the triple; the pair is jokers of any rank
        wilds = (rank,) * (3 - count) + (NO_POINT, NO_POINT)
        found.append(_reading(_FULL_HOUSE, rank, 5, group_value(rank), tuple(sorted(wilds))))
    if count <= 2:  # or they are the pair, under a triple of jokers standing for any other rank
        for triple in NATURAL_RANKS:
            if triple != rank:
                wilds = tuple(sorted((triple,) * 3 + (rank,) * (2 - count)))
                found.append(_reading(_FULL_HOUSE, triple, 5, group_value(triple), wilds))
    return found


def _fours(counts: dict[int, int], jokers: int) -> list[Reading]:
    """K2 尖子: four of a rank and a single of another; compared by the four."""
    naturals = 5 - jokers
    found = []
    for four in NATURAL_RANKS if naturals <= 1 else counts:
        have = counts.get(four, 0)
        if have > 4 or naturals - have > 1:
            continue
        single = NO_POINT if naturals == have else next(r for r in counts if r != four)
        wilds = (four,) * (4 - have) + ((NO_POINT,) if single == NO_POINT else ())
        found.append(_reading(_FOUR_SINGLE, four, 5, group_value(four), tuple(sorted(wilds))))
    return found


def strongest_reading(cards: Sequence[Card], *, ace_low: bool = True) -> Reading | None:
    """K3: ``strongest(readings(cards))`` without listing every reading: the five-card types are
    tried from the top of the ladder down and the first found, at its highest, is the answer.
    A replay judges every play by it; jokers would otherwise make it list dozens of readings."""
    if len(cards) != 5:
        options = readings(cards, ace_low=ace_low)
        return options[0] if options else None
    counts: dict[int, int] = {}
    suits = set()
    jokers = 0
    for card in cards:
        if card.suit is None:
            jokers += 1
            continue
        counts[card.rank] = counts.get(card.rank, 0) + 1
        suits.add(card.suit)
    if jokers == 5:
        return _joker_group(_FIVE_OF_A_KIND, cards)[0]
    if len(counts) == 1:
        (rank,) = counts
        return _reading(_FIVE_OF_A_KIND, rank, 5, group_value(rank), (rank,) * jokers)
    distinct = len(counts) == 5 - jokers
    suited = len(suits) == 1
    if distinct and suited:
        found = _straights(counts, jokers, True, ace_low, highest=True)
        if found:
            return found[0]
    if len(counts) == 2:
        found = _fours(counts, jokers) or _full_houses(counts, jokers)
        if found:
            return max(found, key=_strength)
    if suited:
        return _flush(counts, jokers)
    if distinct:
        found = _straights(counts, jokers, False, ace_low, highest=True)
        return found[0] if found else None
    return None


def tier(reading: Reading) -> int:
    """The reading's step on the K3 five-card ladder; 0 for plays of 1-3 cards."""
    return FIVE_TIER.get(reading.type, 0)


def beats(play: Reading, previous: Reading) -> bool:
    """K3: same number of cards, then the five-card ladder, then the value. Equal never beats."""
    if play.size != previous.size:
        return False
    if play.size == 5:
        high, low = FIVE_TIER[play.type], FIVE_TIER[previous.type]
        if high != low:
            return high > low
    return play.value > previous.value


def strongest(options: Sequence[Reading]) -> Reading | None:
    """K3: the reading a play is judged by, the strongest (if any reading beats a play, it does)."""
    if len(options) == 1:
        return options[0]
    return max(options, key=_strength, default=None)


def _strength(reading: Reading) -> tuple[int, int]:
    return FIVE_TIER.get(reading.type, 0), reading.value


def wild_codes(level: int | None = None) -> frozenset[str]:
    """The jokers are wild, at any level (any card 2-A, as above): their codes."""
    return frozenset(card.code for card in ALL_CARDS if card.rank in (SMALL_JOKER, BIG_JOKER))
