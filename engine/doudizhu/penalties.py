"""The consequences the Dou Dizhu seed gives (斗地主竞赛规则, seed 003; docs/rules/doudizhu.md
"Incidents at the table"), in place of the penalty table's rows of the same infraction. Every other
infraction takes the event's table, read for a player alone (engine.penalties.seats). Pure Python.
"""

from __future__ import annotations

from types import MappingProxyType

from engine.penalties.codes import Infraction, PenaltyKind, Scope
from engine.penalties.tables import Effect, Row

ROWS = MappingProxyType(
    {
        # Item 6 (出错牌): the card is not taken back and nobody loses a turn: when the landlord led
        # wrongly, the farmer after it names any card on the table to be played; when a farmer did,
        # the landlord names it. A remedy at the table, counted per player.
        Infraction.EXPOSED_CARD: Row(
            scope=Scope.SEAT,
            steps=((Effect(kind=PenaltyKind.REMEDY),),),
            note="出错牌 (斗地主竞赛规则 6): the landlord led wrongly — the next farmer names a card on the "
            "table to be played; a farmer did — the landlord names it",
        ),
        # Item 7 (问牌): the landlord may ask anyone's count, a farmer only when following or on lead;
        # a count asked out of turn is a warning (item 11: 警告或罚分).
        Infraction.COUNT_QUESTION: Row(
            scope=Scope.SEAT,
            steps=((Effect(kind=PenaltyKind.WARNING),),),
            note="问牌 (斗地主竞赛规则 7): a farmer asks only when following or on lead",
        ),
    }
)
