"""A penalty table read at a table of four, where each player scores alone (docs/referees.md
"Tables of four"; four-player Dou Dizhu, docs/rules/doudizhu.md D10). Pure Python.

A player alone has no side and no partner, and a table of four no levels: the offender is a seat,
every count is the player's own (a side's count is its seat's), and the effects written for two
sides read as the player's points (the seed's "由裁判根据情节处理(警告或罚分)", 斗地主竞赛规则 item 11):

- ``levels`` n to the opponents (their gain) is the offender's loss of n points; ``levels`` to the
  offender (or to both) is that many points to the offender (or to every player at the table);
- ``match_awarded`` to the opponents is the offender's ``forfeit``: the player's table scores as lost,
  with no points;
- the rest is as written: ``match_points`` to the offender (the player), the opponents (each of the
  other three) or both (all four); a ``disqualification`` takes the player out of the next draws.

A game may give rows of its own (its seeds' consequences), which replace the table's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from types import MappingProxyType

from engine.penalties.codes import Infraction, PenaltyKind, Scope, Target
from engine.penalties.tables import Effect, PenaltyTable, Row

#: What a ruling at a table of four can apply once read as above: any recorded kind, points to
#: anyone at the table, and a forfeit or a disqualification of the offender alone.
OFFENDER_ONLY = frozenset({PenaltyKind.FORFEIT, PenaltyKind.DISQUALIFICATION})
NOT_AT_SEATS = frozenset({PenaltyKind.LEVELS, PenaltyKind.MATCH_AWARDED})


def seat_effect(effect: Effect) -> Effect:
    """One effect written for two sides, as it reads for a player alone."""
    if effect.kind is PenaltyKind.LEVELS:
        amount = effect.amount or 0
        if effect.to is Target.OPPONENTS:
            return Effect(kind=PenaltyKind.MATCH_POINTS, to=Target.OFFENDER, amount=-amount)
        return Effect(kind=PenaltyKind.MATCH_POINTS, to=effect.to, amount=amount)
    if effect.kind is PenaltyKind.MATCH_AWARDED and effect.to is Target.OPPONENTS:
        return Effect(kind=PenaltyKind.FORFEIT, to=Target.OFFENDER)
    return effect


def seat_effects(effects: Iterable[Effect]) -> tuple[Effect, ...]:
    return tuple(seat_effect(effect) for effect in effects)


def refused_at_seats(effect: Effect) -> bool:
    """Whether a table of four cannot apply ``effect`` (a referee's own, not read from a table):
    levels, an award (no side to award to), or a forfeit or disqualification of anyone but the
    offender."""
    return effect.kind in NOT_AT_SEATS or (effect.kind in OFFENDER_ONLY and effect.to is not Target.OFFENDER)


def _seat_row(row: Row) -> Row:
    scope = Scope.SEAT if row.scope is Scope.SIDE else row.scope
    return replace(row, scope=scope, steps=tuple(seat_effects(step) for step in row.steps))


def at_seats(table: PenaltyTable, rows: Mapping[Infraction, Row] | None = None) -> PenaltyTable:
    """``table`` read for players alone, with the game's own ``rows`` in place of the table's."""
    read = {code: _seat_row(row) for code, row in table.rows.items()}
    read.update(rows or {})
    return replace(table, rows=MappingProxyType(read), seats=True)
