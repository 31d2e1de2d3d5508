"""What is wrong with a recorded tribute (docs/rules/guandan.md G7): the faults that
``tribute_record`` and ``tribute_shown`` report, and a big joker shown for an anti-tribute."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.guandan.cards import Card
from engine.guandan.tribute import TributeCode
from engine.seats import Seat


class RecordCode(StrEnum):
    """Problems of a recorded tribute that ``TributeCode`` has no code for."""

    INVALID_ANTI_TRIBUTE = "invalid_anti_tribute"  # not the two big jokers shown by the payers
    ANTI_TRIBUTE_MISSED = "anti_tribute_missed"  # both payers tributed a big joker: they held both


@dataclass(frozen=True, slots=True)
class RecordFault:
    """One thing wrong with a written tribute record: its code, where it is, and what."""

    code: TributeCode | RecordCode
    field: str  # tributes[1].to, returns, anti_tribute[0].card …
    detail: str

    def to_dict(self) -> dict[str, str]:
        return {"code": str(self.code), "field": self.field, "detail": self.detail}


@dataclass(frozen=True, slots=True)
class Shown:
    """One big joker shown for an anti-tribute."""

    index: int
    seat: Seat
    card: Card
