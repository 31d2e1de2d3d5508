"""Standings of pairs (docs/rules/guandan.md G10) and of units (G11): pure functions over plain numbers.

Pairs are ranked by total match points, then by the event's chain of tiebreaks, each metric
splitting only the groups still tied (head-to-head is computed per tied group). What is still
tied when the chain runs out shares a place, or is separated by seeded lots when the event says
so. Places are numbered 1, 2, 2, 4: tied pairs share the rank of the first of them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import cast

from engine.scoring.methods.base import SettingCode, SettingError
from engine.scoring.methods.records import Outcome
from engine.scoring.ranking.entries import RankingContext, clean
from engine.scoring.ranking.metrics import MATCH_POINTS, METRICS, Lots, Value, lots_value, validate_chain

LOTS = Lots.key
LEVEL_POINTS = "level_points"


@dataclass(frozen=True, kw_only=True)
class StandingRow:
    """One pair's line. ``values`` holds every metric of the chain in chain order (and ``lots`` when
    lots settled what the chain left tied); ``decided_by`` is the key that separated this row from
    the next one, None for the last row and for a row tied with the next."""

    pair: int
    rank: int
    shared: bool
    match_points: float
    values: dict[str, Value]
    played: int
    wins: int
    draws: int
    losses: int
    decided_by: str | None


@dataclass(frozen=True, kw_only=True)
class UnitRow:
    """One unit's line (G11): ``pairs`` are the pairs counted, in standing order."""

    unit: int
    rank: int
    shared: bool
    match_points: float
    level_points: float
    pairs: tuple[int, ...]
    decided_by: str | None


# A ranking in progress: ordered blocks of still-tied members (pair or unit ids), each with the key
# that separates it from the next block (None after the last block).
_Blocks = list[tuple[list[int], str | None]]


def rank(
    ctx: RankingContext,
    *,
    chain: Sequence[str],
    shared_places: bool = True,
    lead: Sequence[tuple[str, Mapping[int, Value]]] = (),
) -> list[StandingRow]:
    """The standings of every pair of ``ctx`` (G10).

    ``lead``: what ranks first in place of the match points, each ``(key, value by pair)`` splitting
    what the one before left tied, before the chain (a duplicate event's percentage, then its total
    matchpoints: docs/duplicate.md "Standings"); empty: the match points.

    With ``shared_places=False`` the pairs still tied after the chain are separated by seeded lots
    as if ``lots`` ended the chain. A seed is required whenever lots may be drawn (``lots`` in the
    chain, or ``shared_places=False``), even if no tie needs them, so a missing seed shows at once.
    """
    chain = validate_chain(chain)
    if not shared_places and LOTS not in chain:
        chain = (*chain, LOTS)
    if LOTS in chain and ctx.seed is None:
        raise SettingError(SettingCode.LOTS_SEED_REQUIRED, "seed", "drawing lots needs a stored seed")
    totals = ctx.match_points
    if lead:
        blocks: _Blocks = [(sorted(ctx.rounds), None)]
        for key, by_pair in lead:
            blocks = _split_all(blocks, by_pair.__getitem__, key)
    else:
        blocks = _split(sorted(ctx.rounds), None, totals.__getitem__, MATCH_POINTS)
    values: dict[str, dict[int, Value]] = {}
    for key in chain:
        metric = METRICS[key]()
        values[key] = metric.values(ctx)
        if metric.group_dependent:
            for members, _ in blocks:
                if len(members) > 1:
                    values[key].update(metric.group_values(ctx, members))
        blocks = _split_all(blocks, values[key].__getitem__, key, ascending=metric.ascending)

    rows: list[StandingRow] = []
    for members, boundary in blocks:
        position = len(rows) + 1
        for index, pair in enumerate(members):
            entries = ctx.rounds[pair]
            outcomes = [entry.outcome for entry in entries]
            rows.append(
                StandingRow(
                    pair=pair,
                    rank=position,
                    shared=len(members) > 1,
                    match_points=totals[pair],
                    values={key: values[key][pair] for key in chain},
                    played=len(entries),
                    wins=outcomes.count(Outcome.WIN),
                    draws=outcomes.count(Outcome.DRAW),
                    losses=outcomes.count(Outcome.LOSS),
                    decided_by=boundary if index == len(members) - 1 else None,
                )
            )
    return rows


def rank_units(
    rows: Sequence[StandingRow],
    unit_of: Mapping[int, int | None],
    *,
    best: int | None = None,
    level_points: Mapping[int, float],
    seed: int | None = None,
) -> list[UnitRow]:
    """Units ranked by their pairs' match points (G11): all pairs, or the ``best`` ones by standing
    order; then by the same pairs' level points; then by seeded lots, or shared without a seed.
    Pairs without a unit are left out."""
    if best is not None and (isinstance(best, bool) or not isinstance(best, int) or best < 1):
        raise SettingError(SettingCode.INVALID, "best", "the number of pairs counted is a positive integer")
    counted: dict[int, list[int]] = {}
    for row in sorted(rows, key=lambda row: row.rank):  # stable: keeps the order of shared rows
        unit = unit_of.get(row.pair)
        if unit is not None and (best is None or len(counted.get(unit, ())) < best):
            counted.setdefault(unit, []).append(row.pair)
    by_pair = {row.pair: row.match_points for row in rows}
    points = {unit: clean(sum(by_pair[pair] for pair in pairs)) for unit, pairs in counted.items()}
    levels = {
        unit: clean(sum(level_points.get(pair, 0) for pair in pairs)) for unit, pairs in counted.items()
    }
    blocks = _split(sorted(counted), None, points.__getitem__, MATCH_POINTS)
    blocks = _split_all(blocks, levels.__getitem__, LEVEL_POINTS)
    if seed is not None:
        blocks = _split_all(blocks, lambda unit: lots_value(seed, unit), LOTS)
    out: list[UnitRow] = []
    for members, boundary in blocks:
        position = len(out) + 1
        for index, unit in enumerate(members):
            out.append(
                UnitRow(
                    unit=unit,
                    rank=position,
                    shared=len(members) > 1,
                    match_points=points[unit],
                    level_points=levels[unit],
                    pairs=tuple(counted[unit]),
                    decided_by=boundary if index == len(members) - 1 else None,
                )
            )
    return out


def _split_all(
    blocks: _Blocks, value_of: Callable[[int], Value], key: str, *, ascending: bool = False
) -> _Blocks:
    out: _Blocks = []
    for members, boundary in blocks:
        if len(members) == 1:
            out.append((members, boundary))
        else:
            out.extend(_split(members, boundary, value_of, key, ascending=ascending))
    return out


def _split(
    members: list[int],
    boundary: str | None,
    value_of: Callable[[int], Value],
    key: str,
    *,
    ascending: bool = False,
) -> _Blocks:
    """Split one group into blocks of equal value, best first; None ranks last and ties keep
    their order. The last block keeps the group's own ``boundary``."""
    if None in map(value_of, members):
        sign = 1 if ascending else -1

        def order(member: int) -> tuple[bool, Value]:
            value = value_of(member)
            return (value is None, 0 if value is None else sign * value)

        ordered = sorted(members, key=order)
    else:
        # No None: the values themselves are the key (a stable sort, reversed or not, keeps tied
        # members in their order, as the key above does), with no Python call per member.
        number_of = cast(Callable[[int], float], value_of)  # no None among them: checked above
        ordered = sorted(members, key=number_of, reverse=not ascending)
    blocks = [list(block) for _, block in groupby(ordered, key=value_of)] or [[]]  # runs of equal values
    return [(block, key) for block in blocks[:-1]] + [(blocks[-1], boundary)]
