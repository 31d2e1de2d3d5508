"""Duplicate scoring (docs/duplicate.md "Scoring"; G5 finishing order, G9 match points). Pure.

A deal at a duplicate table scores by its finishing order alone (no tribute, no level change):
the winning side (the side of the seat that went out first) takes ``deal_points[0]`` for a 1-2
finish (双上), ``deal_points[1]`` for 1-3 and ``deal_points[2]`` for 1-4 (default 3 / 2 / 1), the
other side 0. A direction's **score** on a deal is its points less the other side's (+3 … −3), so a
loss by 1-4 (−1) is better than a loss by 1-2 (−3).

Each table's score on a deal is compared with every other table's score on the same deal in the
same direction (NS with NS, EW with EW):

- **matchpoints**: 2 for each table beaten, 1 for each tie; the top is 2 × (tables − 1); a pair's
  percentage is its matchpoints over the tops of the deals it played. One table alone scores 50 %.
- **difference** (a scale like bridge's IMPs, cross-compared): for each other table the score
  difference is read off ``DIFFERENCE_SCALE`` (signed), and the deal's figure is their average.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.errors import BadInput
from engine.guandan.finishing import FinishingOrder, normalise_finishing_order
from engine.seats import Side

DEFAULT_DEAL_POINTS: tuple[int, int, int] = (3, 2, 1)
COMPARISONS = ("matchpoints", "difference")
#: The difference scale (docs/duplicate.md has it as a table): a difference of at least
#: ``threshold`` scores ``points``; a difference below the first threshold scores 0.
DIFFERENCE_SCALE: tuple[tuple[int, int], ...] = ((1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (8, 7))


def deal_points(
    order: FinishingOrder | Sequence[object], points: Sequence[int] = DEFAULT_DEAL_POINTS
) -> dict[Side, int]:
    """Each side's points of a deal by its finishing order (3 / 2 / 1 to the winners, 0 to the others)."""
    finish = order if isinstance(order, FinishingOrder) else normalise_finishing_order(order)
    won = points[finish.partner_place - 2]
    return {finish.winner_side: won, finish.winner_side.other: 0}


def direction_score(points: Mapping[Side, int], side: Side) -> int:
    """A direction's score on a deal: its points less the other side's."""
    return points[side] - points[side.other]


def matchpoints(scores: Sequence[float]) -> list[int]:
    """Each table's matchpoints on one deal in one direction: 2 per table beaten, 1 per tie.

    Counted per distinct score (a deal has few): the tables below a score and those level with it."""
    counts: dict[float, int] = {}
    for score in scores:
        counts[score] = counts.get(score, 0) + 1
    points: dict[float, int] = {}
    below = 0
    for score in sorted(counts):
        points[score] = 2 * below + counts[score] - 1
        below += counts[score]
    return [points[score] for score in scores]


def top(tables: int) -> int:
    """The matchpoints of the best result on a deal played at ``tables`` tables."""
    return 2 * (tables - 1)


def scale(difference: float, table: Sequence[tuple[int, int]] = DIFFERENCE_SCALE) -> int:
    """A score difference read off the difference scale, with its sign."""
    size, points = abs(difference), 0
    for threshold, value in table:
        if size >= threshold:
            points = value
    return points if difference >= 0 else -points


def difference_points(
    scores: Sequence[float], table: Sequence[tuple[int, int]] = DIFFERENCE_SCALE
) -> list[float]:
    """Each table's figure on one deal in one direction: the average of the scaled differences
    against every other table (0 when it is the only table)."""
    if len(scores) < 2:
        return [0.0 for _ in scores]
    result = []
    for i, mine in enumerate(scores):
        total = sum(scale(mine - other, table) for j, other in enumerate(scores) if j != i)
        result.append(round(total / (len(scores) - 1), 2))
    return result


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table's result on one deal: who sat NS and EW (any hashable ids) and the finishing order."""

    table: object
    ns: object
    ew: object
    points: Mapping[Side, int]


@dataclass(frozen=True, slots=True)
class TravellerLine:
    """One line of a deal's traveller: a table, its pairs, their points, score and comparison."""

    table: object
    ns: object
    ew: object
    ns_points: int
    ew_points: int
    ns_score: int
    ns_value: float  # matchpoints or scaled points of NS
    ew_value: float
    ns_percent: float | None  # matchpoints only
    ew_percent: float | None


def traveller(
    results: Sequence[TableResult],
    *,
    comparison: str = "matchpoints",
    table: Sequence[tuple[int, int]] = DIFFERENCE_SCALE,
) -> list[TravellerLine]:
    """Every table's result on one deal, compared across the field (docs/duplicate.md "Travellers")."""
    if comparison not in COMPARISONS:
        raise BadInput("invalid_choice", "comparison must be matchpoints or difference.", field="comparison")
    ns_scores = [direction_score(result.points, Side.NS) for result in results]
    ew_scores = [-score for score in ns_scores]
    n = len(results)
    if comparison == "matchpoints":
        ns_values: list[float] = [float(v) for v in matchpoints(ns_scores)]
        ew_values: list[float] = [float(v) for v in matchpoints(ew_scores)]
        best = top(n)
        ns_percent = [round(100 * v / best, 2) if best else 50.0 for v in ns_values]
        ew_percent = [round(100 * v / best, 2) if best else 50.0 for v in ew_values]
    else:
        ns_values = difference_points(ns_scores, table)
        ew_values = difference_points(ew_scores, table)
        ns_percent = ew_percent = [None] * n  # type: ignore[list-item]
    return [
        TravellerLine(
            table=result.table,
            ns=result.ns,
            ew=result.ew,
            ns_points=result.points[Side.NS],
            ew_points=result.points[Side.EW],
            ns_score=ns_scores[i],
            ns_value=ns_values[i],
            ew_value=ew_values[i],
            ns_percent=ns_percent[i],
            ew_percent=ew_percent[i],
        )
        for i, result in enumerate(results)
    ]


@dataclass(frozen=True, slots=True)
class PairTotal:
    """A pair's session: the deals it played, its total (matchpoints or scaled points), the tops
    it could have had, and its percentage (matchpoints only)."""

    pair: object
    deals: int
    total: float
    tops: int
    percent: float | None


def session_totals(
    deals: Iterable[Sequence[TableResult]],
    *,
    comparison: str = "matchpoints",
    table: Sequence[tuple[int, int]] = DIFFERENCE_SCALE,
) -> dict[object, PairTotal]:
    """Every pair's totals over a session's deals (each deal: its tables' results), by pair."""
    totals: dict[object, list[float]] = {}
    for results in deals:
        tops = top(len(results))
        for line in traveller(results, comparison=comparison, table=table):
            for pair, value in ((line.ns, line.ns_value), (line.ew, line.ew_value)):
                entry = totals.setdefault(pair, [0, 0.0, 0])
                entry[0] += 1
                entry[1] += value
                entry[2] += tops
    out = {}
    for pair, (count, total, most) in totals.items():
        percent = None
        if comparison == "matchpoints":
            percent = round(100 * total / most, 2) if most else 50.0
        out[pair] = PairTotal(
            pair=pair, deals=int(count), total=round(total, 2), tops=int(most), percent=percent
        )
    return out
