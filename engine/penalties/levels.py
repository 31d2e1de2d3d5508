"""A penalty table read for a game whose levels follow its deals alone (every game but Guandan:
Shuangkou, Daguai Luzi, duplicate Guandan; docs/referees.md "What a ruling may apply"). Pure Python.

Such a game's sheet takes no referee's entry in its levels (``MatchSheet.takes_level_changes``), so a
table's level change could not be ruled there (``409 not_supported``) and every default proposal of
藏牌 would need an override with a written reason. Its rule sheets give points, the deal and a
warning as remedies (seed 003 "由裁判根据情节处理(警告或罚分)", seed 004's 违例处罚): a level
change written for two sides climbing levels reads as match points, as for a player alone
(engine.penalties.seats) — the opponents' gain of n levels is the offender's loss of n match points,
a side's own change of n levels (or both sides') that many match points; going on stage has no
meaning without levels. Everything else is as written (an award, a forfeit, a warning…).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from types import MappingProxyType

from engine.penalties.codes import PenaltyKind, Target
from engine.penalties.tables import Effect, PenaltyTable, Row


def points_for_levels(effect: Effect) -> Effect:
    """One effect as a game without level changes takes it."""
    if effect.kind is not PenaltyKind.LEVELS:
        return effect
    amount = effect.amount or 0
    if effect.to is Target.OPPONENTS:
        return Effect(kind=PenaltyKind.MATCH_POINTS, to=Target.OFFENDER, amount=-amount)
    return Effect(kind=PenaltyKind.MATCH_POINTS, to=effect.to, amount=amount)


def points_for_levels_all(effects: Iterable[Effect]) -> tuple[Effect, ...]:
    return tuple(points_for_levels(effect) for effect in effects)


def _row(row: Row) -> Row:
    return replace(row, steps=tuple(points_for_levels_all(step) for step in row.steps))


def without_levels(table: PenaltyTable) -> PenaltyTable:
    """``table`` read for a game whose levels follow its deals alone."""
    return replace(
        table, rows=MappingProxyType({code: _row(row) for code, row in table.rows.items()}), levels=False
    )
