"""Penalty tables (docs/rules/guandan.md G12, docs/referees.md): what the n-th offence costs.

A table maps each infraction to a ``Row``: the scope its offences are counted over within one match
and one ``Step`` per offence (the 1st, the 2nd …; later offences repeat the last step). A step is a
tuple of ``Effect``s. Late arrival also depends on the minutes (``LateRule``).

Three tables are built in, ``default`` (掼蛋比赛活动方案 §八 and 公司掼蛋比赛规则 十一–十三),
``national_2017`` (the 2017 text's warning → 违例 → 犯规 ladder) and ``club_levels`` (a club's
level-based table); the last two start from ``default`` and change what their sources change. An
event picks one and may change any number in it (``build_table``). Pure Python.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from engine.penalties.codes import Infraction, PenaltyKind, Scope, Target


@dataclass(frozen=True, kw_only=True)
class Effect:
    kind: PenaltyKind
    to: Target = Target.OFFENDER
    amount: int | None = None  # levels (LEVELS) or match points (MATCH_POINTS); signed
    on_stage: bool = False  # LEVELS: the side also goes on stage (台上)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": str(self.kind), "to": str(self.to)}
        if self.amount is not None:
            out["amount"] = self.amount
        if self.on_stage:
            out["on_stage"] = True
        return out


Step = tuple[Effect, ...]


# Whether a side exactly at the limit forfeits (docs/referees.md "Readings"): seed 001 says both
# "比赛宣布开始10分钟后…仍未…就位" (after 10 minutes: 10 is not yet a forfeit, the default) and
# "比赛开始10分钟不到场" (10 minutes and not there: a forfeit at 10).
FORFEIT_WHEN = ("past_limit", "at_limit")


@dataclass(frozen=True, kw_only=True)
class LateRule:
    """Late arrival (G11, G12): a forfeit past ``forfeit_after`` minutes (``forfeit_after_with_leave``
    with the chief referee's leave) — or from that minute on, when ``forfeit_when`` is ``at_limit``;
    before that, ``levels_per`` minutes started cost the opponents' gain of one level each (0: nothing
    but the step's own effects)."""

    forfeit_after: int = 10
    forfeit_after_with_leave: int = 15
    levels_per: int = 0
    forfeit_when: str = "past_limit"

    def limit(self, *, with_leave: bool) -> int:
        return self.forfeit_after_with_leave if with_leave else self.forfeit_after

    def forfeits(self, minutes_late: int, *, with_leave: bool) -> bool:
        """Whether ``minutes_late`` minutes late is a forfeit: over the limit, or at it too."""
        limit = self.limit(with_leave=with_leave)
        return minutes_late >= limit if self.forfeit_when == "at_limit" else minutes_late > limit

    def to_dict(self) -> dict[str, Any]:
        return {
            "forfeit_after": self.forfeit_after,
            "forfeit_after_with_leave": self.forfeit_after_with_leave,
            "levels_per": self.levels_per,
            "forfeit_when": self.forfeit_when,
        }


@dataclass(frozen=True, kw_only=True)
class Row:
    scope: Scope
    steps: tuple[Step, ...]
    late: LateRule | None = None
    note: str = ""

    def step(self, count: int) -> Step:
        """The effects of the ``count``-th offence (1-based); past the last step, the last again."""
        return self.steps[min(count, len(self.steps)) - 1]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "scope": str(self.scope),
            "steps": [[e.to_dict() for e in step] for step in self.steps],
        }
        if self.late is not None:
            out["late"] = self.late.to_dict()
        if self.note:
            out["note"] = self.note
        return out


@dataclass(frozen=True, kw_only=True)
class PenaltyTable:
    key: str
    name: str
    source: str
    rows: Mapping[Infraction, Row] = field(default_factory=dict)
    # A disqualified pair's past matches: ``keep`` them as played, or score each as a ``forfeit``
    # of that pair (its opponents get the event's forfeit win).
    disqualified_results: str = "keep"
    # Read for players alone at tables of four (engine.penalties.seats): the offender is a seat.
    seats: bool = False
    # False: read for a game whose levels follow its deals alone (engine.penalties.levels).
    levels: bool = True

    def row(self, infraction: Infraction) -> Row:
        return self.rows[infraction]

    def to_dict(self) -> dict[str, Any]:
        return {
            "table": self.key,
            "name": self.name,
            "source": self.source,
            "rows": {str(code): row.to_dict() for code, row in self.rows.items()},
            "disqualified_results": self.disqualified_results,
            "accused": "seat" if self.seats else "side",
        }


def _e(
    kind: PenaltyKind, to: Target = Target.OFFENDER, amount: int | None = None, on_stage: bool = False
) -> Effect:
    return Effect(kind=kind, to=to, amount=amount, on_stage=on_stage)


K, T = PenaltyKind, Target
WARNING, REMEDY, LOSE_TURN = _e(K.WARNING), _e(K.REMEDY), _e(K.LOSE_TURN)
AWARDED = _e(K.MATCH_AWARDED, T.OPPONENTS)

_DEFAULT_ROWS = {
    # Opponents up a level and on stage; a side's 3rd: the match to the opponents at the maximum.
    Infraction.HIDDEN_CARD: Row(
        scope=Scope.SIDE,
        steps=((_e(K.LEVELS, T.OPPONENTS, 1, on_stage=True),),) * 2 + ((AWARDED,),),
    ),
    # Put right on the spot, the offender skips a round (公司掼蛋比赛规则); a side's 3rd: −1 match point.
    Infraction.OUT_OF_TURN: Row(
        scope=Scope.SIDE,
        steps=((REMEDY, LOSE_TURN),) * 2 + ((REMEDY, LOSE_TURN, _e(K.MATCH_POINTS, T.OFFENDER, -1)),),
    ),
    # Found before the first play: the short seat draws from the long one; the 3rd: −1 to both sides.
    Infraction.WRONG_CARD_COUNT: Row(
        scope=Scope.TABLE, steps=((REMEDY,),) * 2 + ((REMEDY, _e(K.MATCH_POINTS, T.BOTH, -1)),)
    ),
    # More than 3 in one match: −1 match point (an event may make the 4th a disqualification).
    Infraction.ILLEGAL_SIGNAL: Row(
        scope=Scope.SIDE, steps=((WARNING,),) * 3 + ((_e(K.MATCH_POINTS, T.OFFENDER, -1),),)
    ),
    # The card stands; the offender skips one round.
    Infraction.EXPOSED_CARD: Row(scope=Scope.SEAT, steps=((LOSE_TURN,),)),
    Infraction.SLOW_PLAY: Row(
        scope=Scope.SEAT,
        steps=((WARNING,),),
        note="30-45 s: a warning (公司掼蛋比赛规则); a leader silent 30 s plays its lowest single, "
        "a follower passes (掼蛋比赛活动方案)",
    ),
    Infraction.TRIBUTE_ERROR: Row(scope=Scope.SEAT, steps=((_e(K.REDO_TRIBUTE),),)),
    Infraction.REPORT_ERROR: Row(scope=Scope.SEAT, steps=((_e(K.TAKE_BACK),),)),
    Infraction.IMPROPER_PLAY: Row(scope=Scope.SEAT, steps=((WARNING,),)),
    Infraction.COUNT_QUESTION: Row(scope=Scope.SEAT, steps=((WARNING,),)),
    # Past 10 minutes (15 with leave): a forfeit, scored by the event's forfeit settings.
    Infraction.LATE_ARRIVAL: Row(scope=Scope.SIDE, steps=((WARNING,),), late=LateRule()),
    Infraction.PLAYER_CHANGE: Row(scope=Scope.SIDE, steps=((_e(K.FORFEIT),),)),
    # S: a warning, then the round (the match) is lost.
    Infraction.PARTNER_TALK: Row(scope=Scope.SIDE, steps=((WARNING,), (AWARDED,))),
}

DEFAULT = PenaltyTable(
    key="default",
    name="Default (club rule sheets)",
    source="掼蛋比赛活动方案 §八 and 公司掼蛋比赛规则 十一–十三; 双扣比赛规则（四人两副牌） for table talk",
    rows=MappingProxyType(_DEFAULT_ROWS),
)

NATIONAL_2017 = PenaltyTable(
    key="national_2017",
    name="National rules 2017: warning, 违例, 犯规",
    source="the 2017 national competition rules",
    rows=MappingProxyType(
        {
            **_DEFAULT_ROWS,
            Infraction.IMPROPER_PLAY: Row(
                scope=Scope.SEAT, steps=((WARNING,), (_e(K.VIOLATION), LOSE_TURN), (_e(K.FOUL),))
            ),
            # Not announcing "10 cards left": back to the report point and a warning; again: 违例 and
            # a trick lost.
            Infraction.REPORT_ERROR: Row(
                scope=Scope.SEAT,
                steps=((_e(K.TAKE_BACK), WARNING), (_e(K.TAKE_BACK), _e(K.VIOLATION), LOSE_TURN)),
            ),
            Infraction.COUNT_QUESTION: Row(scope=Scope.SEAT, steps=((WARNING,), (_e(K.VIOLATION),))),
            # 20-30 s: a warning; 10 s more: 违例 and the next seat plays.
            Infraction.SLOW_PLAY: Row(scope=Scope.SEAT, steps=((WARNING,), (_e(K.VIOLATION), LOSE_TURN))),
        }
    ),
)

CLUB_LEVELS = PenaltyTable(
    key="club_levels",
    name="Club table in levels",
    source="a club's level-based penalties (G12)",
    rows=MappingProxyType(
        {
            **_DEFAULT_ROWS,
            Infraction.LATE_ARRIVAL: Row(scope=Scope.SIDE, steps=((WARNING,),), late=LateRule(levels_per=5)),
            Infraction.HIDDEN_CARD: Row(
                scope=Scope.SIDE, steps=((_e(K.LEVELS, T.OPPONENTS, 3),),) * 2 + ((AWARDED,),)
            ),
            Infraction.ILLEGAL_SIGNAL: Row(scope=Scope.SIDE, steps=((WARNING,),) * 2 + ((AWARDED,),)),
            Infraction.SLOW_PLAY: Row(
                scope=Scope.SEAT, steps=((WARNING,),) * 2 + ((_e(K.LEVELS, T.OPPONENTS, 1),),)
            ),
            Infraction.TRIBUTE_ERROR: Row(
                scope=Scope.SEAT, steps=((_e(K.REDO_TRIBUTE), _e(K.LEVELS, T.OPPONENTS, 2)),)
            ),
            Infraction.OUT_OF_TURN: Row(
                scope=Scope.SIDE, steps=((REMEDY,),) * 2 + ((REMEDY, _e(K.LEVELS, T.OFFENDER, -1)),)
            ),
        }
    ),
)

#: The registry: the event setting's choices, the OpenAPI enum and the lookup all come from here.
TABLES: Mapping[str, PenaltyTable] = MappingProxyType(
    {t.key: t for t in (DEFAULT, NATIONAL_2017, CLUB_LEVELS)}
)


def table_choices() -> list[tuple[str, str]]:
    return [(key, table.name) for key, table in TABLES.items()]


DISQUALIFIED_RESULTS = ("keep", "forfeit")


def with_rows(table: PenaltyTable, rows: Mapping[Infraction, Row]) -> PenaltyTable:
    return replace(table, rows=MappingProxyType({**table.rows, **rows}))
