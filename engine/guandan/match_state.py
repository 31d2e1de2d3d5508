"""The state of one Guandan game (局) after some deals (docs/rules/guandan.md G6, G8): the frozen
``MatchState`` that ``match.py`` folds deals into, what ended it, a referee's level change, and the
outcome a result records. Pure data; the rules that change it are in ``match.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.errors import BadInput
from engine.guandan.cards import PASSED_A, format_level
from engine.guandan.finishing import SEATS
from engine.seats import Seat, Side

FIRST_LEVEL = 2


class EndReason(StrEnum):
    """What ended the match (G8)."""

    PASSED_A = "passed_a"
    REACHED_A = "reached_a"  # a_goal reach_a: the first side to reach A wins (不必打通)
    DEAL_LIMIT = "deal_limit"
    TIME_LIMIT = "time_limit"


class Tiebreak(StrEnum):
    """How equal levels at the end were settled (G8 ``equal_levels``)."""

    DRAW = "draw"
    EXTRA_DEAL = "extra_deal"
    LAST_DEAL_WINNER = "last_deal_winner"


@dataclass(frozen=True, slots=True)
class MatchState:
    """Everything G6 and G8 need to know after some deals. Levels: 2..14, 15 = A+ (passed A).

    Per-seat tuples follow ``finishing.SEATS`` (N, E, S, W); use ``first_streak(seat)``.
    """

    ns_level: int = FIRST_LEVEL
    ew_level: int = FIRST_LEVEL
    on_stage: Side | None = None  # None before the first deal
    ns_a_failures: int = 0
    ew_a_failures: int = 0
    ns_cleared: tuple[int, ...] = ()  # mandatory levels below A the side has won at
    ew_cleared: tuple[int, ...] = ()
    first_streaks: tuple[int, int, int, int] = (0, 0, 0, 0)  # consecutive 1st places
    last_streaks: tuple[int, int, int, int] = (0, 0, 0, 0)  # consecutive last places
    ns_double_downs: int = 0  # consecutive deals lost 1-2 (双下)
    ew_double_downs: int = 0
    ns_debt: int = 0  # streak_debt: levels of streak demotion owed below 2 (累计和清还)
    ew_debt: int = 0
    deals_played: int = 0
    passed_a: Side | None = None
    finished: bool = False
    winner: Side | None = None
    draw: bool = False
    needs_extra_deal: bool = False
    end_reason: EndReason | None = None
    tiebreak: Tiebreak | None = None
    level_line: tuple[tuple[int, int], ...] = ()  # (ns_level, ew_level) after each deal: 记级
    # G12: the referee's level changes, each an entry of its own in ``level_line``: (its index there,
    # what the caller knows it by, e.g. a penalty id).
    changes: tuple[tuple[int, Any], ...] = ()

    def __post_init__(self) -> None:
        for side in Side:
            level = self.level(side)
            if not FIRST_LEVEL <= level <= PASSED_A or (level == PASSED_A and self.passed_a is not side):
                raise BadInput("unknown_level", f"{side} level {level} is outside 2..A.", field="level")

    def level(self, side: Side) -> int:
        return self.ns_level if side is Side.NS else self.ew_level

    def a_failures(self, side: Side) -> int:
        return self.ns_a_failures if side is Side.NS else self.ew_a_failures

    def cleared(self, side: Side) -> tuple[int, ...]:
        return self.ns_cleared if side is Side.NS else self.ew_cleared

    def double_downs(self, side: Side) -> int:
        return self.ns_double_downs if side is Side.NS else self.ew_double_downs

    def debt(self, side: Side) -> int:
        return self.ns_debt if side is Side.NS else self.ew_debt

    def first_streak(self, seat: Seat) -> int:
        return self.first_streaks[SEATS.index(seat)]

    def last_streak(self, seat: Seat) -> int:
        return self.last_streaks[SEATS.index(seat)]

    @property
    def deal_level(self) -> int:
        """G2: the next deal is played at the on-stage side's level; the first deal at 2."""
        return FIRST_LEVEL if self.on_stage is None else self.level(self.on_stage)

    def to_dict(self) -> dict[str, Any]:
        def side(value: Side | None) -> str | None:
            return None if value is None else str(value)

        return {
            "levels": {"NS": format_level(self.ns_level), "EW": format_level(self.ew_level)},
            "on_stage": side(self.on_stage),
            "deal_level": format_level(self.deal_level),
            "a_failures": {"NS": self.ns_a_failures, "EW": self.ew_a_failures},
            "first_streaks": {str(seat): self.first_streak(seat) for seat in SEATS},
            "last_streaks": {str(seat): self.last_streak(seat) for seat in SEATS},
            "double_downs": {"NS": self.ns_double_downs, "EW": self.ew_double_downs},
            "debts": {"NS": self.ns_debt, "EW": self.ew_debt},
            "deals_played": self.deals_played,
            "passed_a": side(self.passed_a),
            "finished": self.finished,
            "winner": side(self.winner),
            "draw": self.draw,
            "needs_extra_deal": self.needs_extra_deal,
            "end_reason": None if self.end_reason is None else str(self.end_reason),
            "tiebreak": None if self.tiebreak is None else str(self.tiebreak),
            "level_line": [[format_level(ns), format_level(ew)] for ns, ew in self.level_line],
        }


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    """The result of a match as G8 records it (or where it stands, while not finished)."""

    finished: bool
    winner: Side | None
    draw: bool
    needs_extra_deal: bool
    end_reason: EndReason | None
    tiebreak: Tiebreak | None
    ns_level: int
    ew_level: int
    passed_a: Side | None
    deals_played: int
    level_difference: int
