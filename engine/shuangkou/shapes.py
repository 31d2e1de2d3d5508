"""The shapes of Shuangkou plays: singles, pairs, tractors and throws (docs/rules/shuangkou.md S4).

A play of one group is cut into **units**: tractors (two or more pairs of adjacent power),
pairs (two identical cards: same rank and suit) and singles. The cut is greedy — the longest
tractor first (the highest of equally long ones), again while one is left, then the pairs, then
the singles — which is unique in a side suit and, in the trumps, only chooses which of two equal
side-suit level pairs joins a tractor (S4 "cutting a throw"). A play of several units is a throw.

:func:`pack` answers the follow-suit questions about tractors: how many of a lead's tractor pairs
a set of pairs can match with tractors of exactly the lead's lengths.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.cards import Card
from engine.shuangkou.cards import TrumpTable


class UnitKind(StrEnum):
    SINGLE = "single"
    PAIR = "pair"
    TRACTOR = "tractor"


class PlayKind(StrEnum):
    SINGLE = "single"
    PAIR = "pair"
    TRACTOR = "tractor"
    THROW = "throw"  # 甩牌: several units of one group
    MIXED = "mixed"  # cards of more than one group: a follower's discard, never a lead


@dataclass(frozen=True, slots=True)
class Unit:
    """One unit of a play: ``pairs`` is 0 for a single, 1 for a pair, n for a tractor of n pairs."""

    pairs: int
    top: int  # the power of its highest card (S2)
    cards: tuple[Card, ...]

    @property
    def kind(self) -> UnitKind:
        return UnitKind.SINGLE if not self.pairs else UnitKind.PAIR if self.pairs == 1 else UnitKind.TRACTOR

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind.value, "pairs": self.pairs, "cards": [c.code for c in self.cards]}


@dataclass(frozen=True, slots=True)
class Shape:
    """A play cut into units, longest first (tractors by length, then pairs, then singles; each by power)."""

    group: str | None  # TRUMP or a suit letter; None: the cards are of several groups
    units: tuple[Unit, ...]
    size: int
    tractors: tuple[int, ...] = ()  # the tractors' lengths, longest first
    pairs: int = 0  # every pair, those inside tractors too
    kind: PlayKind = PlayKind.SINGLE  # set by decompose, which knows it without a lookup

    @property
    def is_throw(self) -> bool:
        return self.group is not None and len(self.units) > 1

    @property
    def top(self) -> int:
        """The power of the first unit: what a play of this shape is compared by (S5)."""
        return self.units[0].top

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.kind.value,
            "size": self.size,
            "pairs": self.pairs,
            "tractors": list(self.tractors),
            "units": [unit.to_dict() for unit in self.units],
        }


def decompose(cards: Sequence[Card], table: TrumpTable) -> Shape:
    """S4: the units of a play (greedy, longest tractor first)."""
    group_of, power_of = table.group, table.power
    first = cards[0]
    group = group_of[first]
    if len(cards) == 1:
        return Shape(group, (Unit(0, power_of[first], (first,)),), 1)  # the commonest play
    counts: dict[Card, int] = {}
    for card in cards:
        if group_of[card] != group:
            return Shape(None, (), len(cards), kind=PlayKind.MIXED)
        counts[card] = counts.get(card, 0) + 1
    by_power: dict[int, list[Card]] = {}
    units: list[Unit] = []
    for card, n in counts.items():
        if n >= 2:
            by_power.setdefault(power_of[card], []).append(card)
        else:
            units.append(Unit(0, power_of[card], (card,)))
    tractors: list[int] = []
    while len(by_power) >= 2:
        run = longest_run(by_power)
        if run is None:
            break
        taken: list[Card] = []
        for power in run:
            card = by_power[power].pop()
            if not by_power[power]:
                del by_power[power]
            taken += (card, card)
        units.append(Unit(len(run), run[0], tuple(taken)))
        tractors.append(len(run))
    units.extend(Unit(1, power, (card, card)) for power, cards_ in by_power.items() for card in cards_)
    units.sort(key=_unit_order)
    pairs = sum(unit.pairs for unit in units)
    kind = PlayKind.THROW if len(units) > 1 else _KINDS[min(units[0].pairs, 2)]
    return Shape(group, tuple(units), len(cards), tuple(sorted(tractors, reverse=True)), pairs, kind)


_KINDS = (PlayKind.SINGLE, PlayKind.PAIR, PlayKind.TRACTOR)


def _unit_order(unit: Unit) -> tuple[int, int]:
    return -unit.pairs, -unit.top


def longest_run(powers: Iterable[int]) -> list[int] | None:
    """The longest run of consecutive powers (the highest of equally long ones), top first; None below 2."""
    ordered = sorted(powers, reverse=True)
    best_start, best_length, start = 0, 1, 0
    for i in range(1, len(ordered)):
        if ordered[i] != ordered[i - 1] - 1:
            start = i
        elif i - start + 1 > best_length:
            best_start, best_length = start, i - start + 1
    return ordered[best_start : best_start + best_length] if best_length >= 2 else None


def pair_powers(cards: Iterable[Card], table: TrumpTable) -> dict[int, int]:
    """How many pairs of each power ``cards`` hold (two side-suit level pairs share a power)."""
    counts: dict[Card, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return held_pairs(counts, table)


def held_pairs(counts: Mapping[Card, int], table: TrumpTable, group: str | None = None) -> dict[int, int]:
    """The pairs of a counted hand by power (only those of ``group``, when given)."""
    power_of, group_of = table.power, table.group
    pairs: dict[int, int] = {}
    for card, n in counts.items():
        if n >= 2 and (group is None or group_of[card] == group):
            power = power_of[card]
            pairs[power] = pairs.get(power, 0) + 1
    return pairs


def window_top(pairs: Mapping[int, int], length: int) -> int | None:
    """The highest top of ``length`` adjacent pairs among ``pairs`` (a tractor that long); None if none."""
    for top in sorted(pairs, reverse=True):
        if all(pairs.get(top - k, 0) for k in range(1, length)):
            return top
    return None


def pack(lengths: Sequence[int], pairs: Mapping[int, int]) -> tuple[int, tuple[tuple[int, int], ...]]:
    """S5: the most pairs that disjoint tractors of the given lengths (each used at most once) cover.

    Returns the pairs covered and the tractors placed as (top, length). A lead rarely holds more
    than two tractors, so a depth-first search over the placements is quick; it stops as soon as
    every length is placed.
    """
    if not lengths:
        return 0, ()
    total = sum(lengths)
    left = dict(pairs)
    best: list[Any] = [0, ()]

    def place(i: int, covered: int, placed: tuple[tuple[int, int], ...]) -> bool:
        if covered > best[0]:
            best[0], best[1] = covered, placed
        if covered == total:
            return True
        if i == len(lengths) or covered + sum(lengths[i:]) <= best[0]:
            return False
        length = lengths[i]
        for top in sorted(left, reverse=True):
            if all(left.get(top - k, 0) for k in range(length)):
                for k in range(length):
                    left[top - k] -= 1
                done = place(i + 1, covered + length, (*placed, (top, length)))
                for k in range(length):
                    left[top - k] += 1
                if done:
                    return True
        return place(i + 1, covered, placed)

    place(0, 0, ())
    return best[0], best[1]
