"""Series standings (G11's 周赛 → 月赛 → 年终总决赛): entrants ranked over several events. Pure Python.

Each entrant brings one ``EventScore`` per event of the series it placed in: the event's position in
the series, its place there and the points that place is worth (the series' placing table, or the
match points carried). Its total is the sum of its best ``best`` scores (all without ``best``);
ties are split by the series' chain, as an event's chain splits pairs (rank.py): each metric splits
only the groups still tied, what the chain leaves tied shares a place (1, 2, 2, 4) or is separated
by seeded lots.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any, NamedTuple

from engine.scoring.methods.base import SettingCode, SettingError, gettext_noop
from engine.scoring.ranking.entries import clean
from engine.scoring.ranking.metrics import checked_chain, lots_value

POINTS = "points"  # always ranks first, never part of the chain
LOTS = "lots"
#: The series tiebreaks: key -> (label, what it reads). Each value sorts best first.
SERIES_METRICS: dict[str, str] = {
    "best_places": gettext_noop("Best placings (countback)"),
    "all_points": gettext_noop("Points of every event"),
    "events_played": gettext_noop("Events played"),
    "last_event": gettext_noop("Latest events first"),  # read for tied entrants only: others show null
    LOTS: gettext_noop("Drawing lots"),
}
#: The keys of ``SERIES_METRICS`` in a stable order (the OpenAPI enum).
SERIES_TIEBREAK_KEYS = tuple(sorted(SERIES_METRICS))
PLACING_POINTS_MAX = 256  # places a placing table may name
POINT_MAX = 10_000
INFINITY = float("inf")


class EventScore(NamedTuple):
    """An entrant's result in one event of the series: ``event`` is its position in the series."""

    event: int
    place: int
    points: float


@dataclass(frozen=True, kw_only=True)
class SeriesRow:
    """One entrant's line: ``points`` the total of the ``counted`` events (positions), ``values``
    every tiebreak of the chain; ``decided_by`` the key that separated it from the next row."""

    entrant: int
    rank: int
    shared: bool
    points: float
    counted: tuple[int, ...]
    values: dict[str, object]
    decided_by: str | None


def validate_series_chain(chain: object) -> tuple[str, ...]:
    """A series' tiebreak chain, checked against ``SERIES_METRICS``; errors name ``tiebreaks.<i>``."""
    return checked_chain(chain, SERIES_METRICS, first=None, name="series tiebreak")


def validate_placing_points(table: object) -> tuple[float, ...]:
    """Points of the 1st, 2nd, … place: a non-empty list of numbers from 0 to ``POINT_MAX``."""
    if isinstance(table, str | bytes) or not isinstance(table, Sequence) or not table:
        raise SettingError(SettingCode.INVALID, "placing_points", "a non-empty list of points per place")
    if len(table) > PLACING_POINTS_MAX:
        raise SettingError(SettingCode.OUT_OF_RANGE, "placing_points", f"at most {PLACING_POINTS_MAX} places")
    for index, value in enumerate(table):
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= POINT_MAX:
            raise SettingError(
                SettingCode.OUT_OF_RANGE, f"placing_points.{index}", f"a number from 0 to {POINT_MAX}"
            )
    return tuple(table)


def placing_points(place: int, table: Sequence[float]) -> float:
    """What a place is worth by the table; a place past its end is worth nothing."""
    return float(table[place - 1]) if 1 <= place <= len(table) else 0.0


def best_scores(scores: Sequence[EventScore], best: int | None) -> list[EventScore]:
    """The scores that count: the ``best`` highest (the earlier event first among equal points)."""
    ordered = sorted(scores, key=lambda score: (-score.points, score.event))
    return ordered if best is None else ordered[:best]


def _latest_first(entries: Mapping[int, Sequence[EventScore]], group: Sequence[int]) -> dict[int, Any]:
    """``last_event`` for one tied group: each entrant's points in the latest event any of them
    played, then the one before, … (0 where it did not play): who did better most recently."""
    events = sorted({score.event for e in group for score in entries[e]}, reverse=True)
    by_event = {e: {score.event: score.points for score in entries[e]} for e in group}
    return {e: [by_event[e].get(event, 0.0) for event in events] for e in group}


def _metric_values(key: str, entries: Mapping[int, Sequence[EventScore]], seed: int | None) -> dict[int, Any]:
    """``key``'s value of every entrant (``last_event`` is read per tied group: ``_latest_first``)."""
    if key == "best_places":
        return {e: sorted(score.place for score in scores) for e, scores in entries.items()}
    if key == "all_points":
        return {e: clean(sum(score.points for score in scores)) for e, scores in entries.items()}
    if key == "events_played":
        return {e: len(scores) for e, scores in entries.items()}
    if seed is None:
        raise SettingError(SettingCode.LOTS_SEED_REQUIRED, "seed", "drawing lots needs a stored seed")
    return {e: lots_value(seed, e) for e in entries}


def _order_key(key: str) -> Callable[[Any], tuple[float, ...]]:
    """How a metric's value sorts best first (an ascending sort key)."""
    if key == "best_places":
        # Fewer places is worse: padding with a place past any real one makes [1, 3] lose to [1, 3, 5]
        # (the medal-table countback: equal 1sts and 3rds, and one more placing).
        return lambda places: (*places, INFINITY)
    if key == "last_event":
        return lambda points: (*(-p for p in points), INFINITY)
    return lambda value: (-value,)


def _keyed(
    order: Callable[[Any], tuple[float, ...]], values: Mapping[int, Any]
) -> Callable[[int], tuple[float, ...]]:
    """An entrant's sort key: its value of the metric, ordered best first."""
    return lambda entrant: order(values[entrant])


_Blocks = list[tuple[list[int], str | None]]


def _split(
    members: list[int], boundary: str | None, order: Callable[[int], tuple[float, ...]], key: str
) -> _Blocks:
    """One tied group split into runs of equal value, best first; the last run keeps ``boundary``."""
    ordered = sorted(members, key=order)
    blocks = [list(block) for _, block in groupby(ordered, key=order)] or [[]]
    return [(block, key) for block in blocks[:-1]] + [(blocks[-1], boundary)]


def rank_series(
    entries: Mapping[int, Sequence[EventScore]],
    *,
    best: int | None = None,
    chain: Sequence[str] = (),
    shared_places: bool = True,
    seed: int | None = None,
) -> list[SeriesRow]:
    """The series standings of ``entries`` (entrant -> its scores): total of the best ``best``
    scores first, then the chain; with ``shared_places=False`` lots settle what is left."""
    chain = validate_series_chain(chain)
    if best is not None and (isinstance(best, bool) or not isinstance(best, int) or best < 1):
        raise SettingError(
            SettingCode.INVALID, "best_of", "the number of events counted is a positive integer"
        )
    if not shared_places and LOTS not in chain:
        chain = (*chain, LOTS)
    if LOTS in chain and seed is None:
        raise SettingError(SettingCode.LOTS_SEED_REQUIRED, "seed", "drawing lots needs a stored seed")
    counted = {entrant: best_scores(scores, best) for entrant, scores in entries.items()}
    totals = {entrant: clean(sum(score.points for score in scores)) for entrant, scores in counted.items()}
    blocks = _split(sorted(entries), None, lambda e: (-totals[e],), POINTS)
    values: dict[str, dict[int, Any]] = {}
    for key in chain:
        per_group = key == "last_event"
        values[key] = dict.fromkeys(entries) if per_group else _metric_values(key, entries, seed)
        order = _keyed(_order_key(key), values[key])
        split: _Blocks = []
        for members, boundary in blocks:
            if len(members) == 1:
                split.append((members, boundary))
                continue
            if per_group:
                values[key].update(_latest_first(entries, members))
            split.extend(_split(members, boundary, order, key))
        blocks = split
    rows: list[SeriesRow] = []
    for members, boundary in blocks:
        position = len(rows) + 1
        for index, entrant in enumerate(members):
            rows.append(
                SeriesRow(
                    entrant=entrant,
                    rank=position,
                    shared=len(members) > 1,
                    points=totals[entrant],
                    counted=tuple(sorted(score.event for score in counted[entrant])),
                    values={key: values[key][entrant] for key in chain},
                    decided_by=boundary if index == len(members) - 1 else None,
                )
            )
    return rows
