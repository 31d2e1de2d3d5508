"""What the table proposes for an offence (docs/referees.md "From a call to the standings").

The referee tells the service which infraction, and how many times the same seat, side or table
(the row's scope) had been ruled for it earlier in the match; the table answers the effects of this
one, the ``count``-th. The referee confirms them or rules otherwise (with a written reason). Pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.penalties.codes import Infraction, PenaltyKind, Scope, Target
from engine.penalties.levels import points_for_levels_all
from engine.penalties.seats import seat_effects
from engine.penalties.tables import Effect, PenaltyTable


@dataclass(frozen=True, kw_only=True)
class Proposal:
    infraction: Infraction
    count: int  # this offence is the count-th of its scope in the match
    scope: Scope
    effects: tuple[Effect, ...]
    reason: str  # which rule of the table gave it, in words

    def to_dict(self) -> dict[str, Any]:
        return {
            "infraction": str(self.infraction),
            "count": self.count,
            "scope": str(self.scope),
            "effects": [effect.to_dict() for effect in self.effects],
            "reason": self.reason,
        }


def propose(
    table: PenaltyTable,
    infraction: Infraction,
    *,
    earlier: int,
    minutes_late: int | None = None,
    with_leave: bool = False,
) -> Proposal:
    """The table's penalty for an offence after ``earlier`` rulings of the same kind in its scope.

    Late arrival needs ``minutes_late``: past the row's limit (longer ``with_leave`` of the chief
    referee), or at it when the row's ``forfeit_when`` is ``at_limit``, it is a forfeit; before it,
    the opponents go up a level for every full ``levels_per`` minutes where the table says so.
    A table read at tables of four (``table.seats``) gives its effects as a player alone's
    (engine.penalties.seats), and one read for a game without level changes (``table.levels``
    False) its level changes as match points (engine.penalties.levels), an event's own rows included.
    """
    if earlier < 0:
        raise ValueError("earlier counts rulings: 0 or more")
    row = table.row(infraction)
    count = earlier + 1
    effects = row.step(count)
    ordinal = _ordinal(count)
    scope = Scope.SEAT if table.seats and row.scope is Scope.SIDE else row.scope
    reason = f"{table.key}: {infraction} — the {ordinal} in this match ({scope})"
    if row.late is not None and minutes_late is not None:
        limit = row.late.limit(with_leave=with_leave)
        if row.late.forfeits(minutes_late, with_leave=with_leave):
            where = "over" if minutes_late > limit else "at"
            return Proposal(
                infraction=infraction,
                count=count,
                scope=scope,
                effects=(Effect(kind=PenaltyKind.FORFEIT),),
                reason=f"{table.key}: {minutes_late} minutes late, {where} the {limit} allowed — a forfeit",
            )
        if row.late.levels_per:
            levels = minutes_late // row.late.levels_per
            if levels:
                effects = (*effects, Effect(kind=PenaltyKind.LEVELS, to=Target.OPPONENTS, amount=levels))
                reason += f"; {minutes_late} minutes late: opponents +{levels}"
    if table.seats:
        effects = seat_effects(effects)
    elif not table.levels:
        effects = points_for_levels_all(effects)
    return Proposal(infraction=infraction, count=count, scope=scope, effects=effects, reason=reason)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
