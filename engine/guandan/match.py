"""Levels and the match (docs/rules/guandan.md G6, G8) as pure functions over a frozen ``MatchState``.

``apply_deal`` folds one deal's finishing order into the state; ``play_match`` folds a
whole match; ``close_on_time`` ends a timed match when the caller's clock runs out;
``match_outcome`` reads the result (G8: final levels, passed A, deals, level difference).

Readings of docs/rules/guandan.md that the sources leave open (each is tested):

- **Mandatory levels** (G6 ``mandatory_levels``, 掼蛋比赛活动方案 "J必打"): a level ``m`` other than
  A is *cleared* when the side wins a deal played at its ``m`` (on stage, the deal's level
  is ``m``). Until then a rise from below ``m`` that would pass it stops at ``m``, and a side
  standing on ``m`` that wins a deal played at the opponents' level stays at ``m`` (it goes on
  stage and plays its ``m`` next), exactly as A works. Cleared levels stay cleared for the
  match, so a side sent back to J by A failures (掼蛋比赛活动方案 "从J开始再打") rises from J freely.
  A is never cleared: it is passed only by winning the match.
- **A failures** (G6): every deal played at the on-stage side's A that does not win the match
  counts, *including a deal that side loses* (RULES: "each deal a partnership plays on stage
  at its A without winning the match"). With ``a_fail_count='consecutive'`` the count goes
  back to 0 after any deal not played at that side's A, so losing the stage at A ends the run.
  On reaching ``a_fail_limit`` the level drops to ``a_fail_reset`` (``None``: stays at A) and
  the count starts again. The side keeps or loses the stage as the deal decided.
- **Streaks** (G6, 公司掼蛋比赛规则; applied only when ``profile.streaks``, always tracked): in a 1-2
  finish both losers count as last (G5.5 "both last"). A player 1st ``k >= 3`` deals in a
  row gives its side ``k - 2`` extra levels, added to the rise (so it stops at mandatory
  levels and never passes A). A player last ``k >= 3`` in a row costs its side ``k - 2``; a
  side double-down ``d >= 3`` in a row costs ``d - 1`` (3 gives -2, "依此类推" read as one more
  per deal). Both describe the same losses, so a side pays the larger of the two, not both.
  Never below 2, and never to a side standing at A. 公司掼蛋比赛规则's "累计和清还" (a debt carried
  below 2) is not modelled.
- **Extra deal** (G8 ``equal_levels='extra_deal'``): the match waits with
  ``needs_extra_deal``; the next deal is played at the usual level and the side of its 1st
  seat wins (掼蛋比赛活动方案 "先升级的为获胜方": only that side goes up).
- **last_deal_winner** with no deal played, e.g. a clock that ran out first: a draw.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, TypeVar

from engine.errors import BadInput
from engine.guandan.cards import LEVEL_A, PASSED_A, format_level
from engine.guandan.finishing import SEATS, FinishingOrder, normalise_finishing_order
from engine.guandan.profiles import STANDARD, RuleProfile
from engine.seats import Seat, Side

FIRST_LEVEL = 2
T = TypeVar("T")  # a per-side field's type (``_sides``)
COUNTED_FORMATS = ("deal_count", "time_or_deals")  # G8 formats with a deal limit
TIMED_FORMATS = ("time_limit", "time_or_deals")  # G8 formats with a clock


class EndReason(StrEnum):
    """What ended the match (G8)."""

    PASSED_A = "passed_a"
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


@dataclass(frozen=True, slots=True, kw_only=True)
class LevelChange:
    """A referee's level change for a side (G12: a hidden card puts the opponents up a level and on
    stage; a club's table moves levels for lateness or slow play). ``label`` is returned in the level
    line, so that the caller can tell which of its records made the entry."""

    side: Side
    amount: int
    on_stage: bool = False
    label: Any = None


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


def apply_deal(
    state: MatchState, finishing_order: Iterable[object] | FinishingOrder, *, profile: RuleProfile = STANDARD
) -> MatchState:
    """The state after one more deal (G6), ending the match where G8 says so.

    Raises ``BadInput`` ``match_over`` on a finished match, and the finishing-order codes.
    """
    if state.finished:
        raise BadInput("match_over", "The match is over; no more deals.", field="finishing_order")
    finish = (
        finishing_order
        if isinstance(finishing_order, FinishingOrder)
        else normalise_finishing_order(finishing_order)
    )
    winner = finish.winner_side
    # G6: the deal counts as "played at A" for the on-stage side only when its level is A.
    at_a = state.on_stage if state.on_stage and state.level(state.on_stage) == LEVEL_A else None
    new = _next_streaks(state, finish)
    if at_a is winner and _wins_at_a(finish, profile):
        ns_level, ew_level = _sides(winner, PASSED_A, new.ns_level, new.ew_level)
        new = replace(
            new,
            ns_level=ns_level,
            ew_level=ew_level,
            passed_a=winner,
            finished=True,
            winner=winner,
            needs_extra_deal=False,
            end_reason=EndReason.PASSED_A,
        )
        return _record(new, winner)

    for side in Side:
        new = _change_level(new, side, finish=finish, on_stage=state.on_stage, profile=profile)
        new = _count_a_failure(new, side, failed=side is at_a, profile=profile)
    new = _record(new, winner)
    if state.needs_extra_deal:
        # G8 extra deal: the side of its 1st seat is the first to go up, and wins.
        return replace(
            new, needs_extra_deal=False, finished=True, winner=winner, tiebreak=Tiebreak.EXTRA_DEAL
        )
    if profile.match_format in COUNTED_FORMATS and new.deals_played >= profile.deal_limit:
        return decide_on_levels(new, EndReason.DEAL_LIMIT, profile)
    return new


def apply_level_change(state: MatchState, change: LevelChange) -> MatchState:
    """The state after a referee's level change (G12): an entry of its own in the level line.

    A level moves within 2 … A: a penalty never passes A (only winning at A does, G6) and never goes
    below 2. ``on_stage`` also puts the side on stage, so the next deal is played at its level.
    Raises ``BadInput`` ``match_over`` on a finished match.
    """
    if state.finished:
        raise BadInput("match_over", "The match is over; its levels no longer change.", field="levels")
    level = min(max(state.level(change.side) + change.amount, FIRST_LEVEL), LEVEL_A)
    ns_level, ew_level = _sides(change.side, level, state.ns_level, state.ew_level)
    new = replace(
        state,
        ns_level=ns_level,
        ew_level=ew_level,
        on_stage=change.side if change.on_stage else state.on_stage,
    )
    return replace(
        new,
        level_line=(*state.level_line, (new.ns_level, new.ew_level)),
        changes=(*state.changes, (len(state.level_line), change.label)),
    )


def apply_late_level_change(state: MatchState, change: LevelChange, *, profile: RuleProfile) -> MatchState:
    """A referee's level change ruled after the game ended (G12: a hidden card found at the count,
    within the correction period): an entry of its own after the last deal, moving the final levels.

    A side that passed A has won at A: a penalty does not take it back (G6), its entry leaves the
    levels as they are. A game decided on levels (the clock or the deal limit, G8) is decided again
    on the levels as they now stand; equal levels that an extra deal already settled stay settled.
    A game that is not over takes the change as ``apply_level_change`` does.
    """
    if not state.finished:
        return apply_level_change(state, change)
    if state.passed_a is change.side:
        return replace(
            state,
            level_line=(*state.level_line, (state.ns_level, state.ew_level)),
            changes=(*state.changes, (len(state.level_line), change.label)),
        )
    moved = replace(apply_level_change(replace(state, finished=False), change), finished=True)
    if state.end_reason not in (EndReason.TIME_LIMIT, EndReason.DEAL_LIMIT):
        return moved
    undecided = replace(moved, finished=False, winner=None, draw=False, tiebreak=None)
    decided = decide_on_levels(undecided, state.end_reason, profile)
    if decided.needs_extra_deal and state.tiebreak is Tiebreak.EXTRA_DEAL:
        return moved
    return decided


def play_match(
    finishing_orders: Iterable[Iterable[object]],
    *,
    profile: RuleProfile = STANDARD,
    state: MatchState | None = None,
    time_up: bool = False,
) -> MatchState:
    """Replay a match deal by deal; ``time_up`` closes it on time after the last deal (G8)."""
    current = state if state is not None else MatchState()
    for index, order in enumerate(finishing_orders):
        try:
            current = apply_deal(current, order, profile=profile)
        except BadInput as error:
            raise BadInput(error.code, error.detail, field=f"finishing_orders[{index}]") from None
    if time_up:
        current = close_on_time(current, profile=profile)
    return current


def close_on_time(state: MatchState, *, profile: RuleProfile = STANDARD) -> MatchState:
    """G8 ``time_limit`` / ``time_or_deals``: the clock ran out, the higher level wins.

    A match already over (or waiting for its extra deal) is returned unchanged.
    Raises ``BadInput`` ``no_time_limit`` when the match format has no clock.
    """
    if profile.match_format not in TIMED_FORMATS:
        raise BadInput(
            "no_time_limit",
            f"A {profile.match_format} match has no clock to run out (G8).",
            field="match_format",
        )
    if state.finished or state.needs_extra_deal:
        return state
    return decide_on_levels(state, EndReason.TIME_LIMIT, profile)


def match_outcome(
    state: MatchState, *, profile: RuleProfile = STANDARD, elapsed_minutes: float | None = None
) -> MatchOutcome:
    """Where the match stands (G8); with ``elapsed_minutes`` a timed match past its limit is closed."""
    if (
        elapsed_minutes is not None
        and profile.match_format in TIMED_FORMATS
        and elapsed_minutes >= profile.time_limit_minutes
    ):
        state = close_on_time(state, profile=profile)
    return MatchOutcome(
        finished=state.finished,
        winner=state.winner,
        draw=state.draw,
        needs_extra_deal=state.needs_extra_deal,
        end_reason=state.end_reason,
        tiebreak=state.tiebreak,
        ns_level=state.ns_level,
        ew_level=state.ew_level,
        passed_a=state.passed_a,
        deals_played=state.deals_played,
        level_difference=level_difference(state),
    )


def level_difference(state: MatchState, *, side: Side | None = None) -> int:
    """G8 级差: levels count 2..14 and passed A 15. ``side`` given: its level minus the other's."""
    if side is None:
        return abs(state.ns_level - state.ew_level)
    return state.level(side) - state.level(side.other)


# ---- G6 details --------------------------------------------------------------------------------


def _wins_at_a(finish: FinishingOrder, profile: RuleProfile) -> bool:
    if profile.a_win == "double_win":
        return finish.partner_place == 2
    return finish.partner_place in (2, 3)  # first_and_partner_not_last


def _change_level(
    state: MatchState, side: Side, *, finish: FinishingOrder, on_stage: Side | None, profile: RuleProfile
) -> MatchState:
    level, cleared = state.level(side), state.cleared(side)
    if side is finish.winner_side:
        if on_stage is side and level in profile.mandatory_levels and level != LEVEL_A:
            cleared = tuple(sorted({*cleared, level}))  # won a deal played at its mandatory level
        steps = finish.rise
        if profile.streaks:
            steps += max(0, state.first_streak(finish.first) - 2)
        level = _rise(level, steps, mandatory=profile.mandatory_levels, cleared=cleared)
    if profile.streaks and level < LEVEL_A:  # G6: a side at A is never demoted
        level = max(FIRST_LEVEL, level - _streak_penalty(state, side))
    ns_level, ew_level = _sides(side, level, state.ns_level, state.ew_level)
    ns_cleared, ew_cleared = _sides(side, cleared, state.ns_cleared, state.ew_cleared)
    return replace(state, ns_level=ns_level, ew_level=ew_level, ns_cleared=ns_cleared, ew_cleared=ew_cleared)


def _rise(level: int, steps: int, *, mandatory: tuple[int, ...], cleared: tuple[int, ...]) -> int:
    """G6: go up ``steps``, stopping at the first mandatory level not yet cleared (A always)."""
    target = level + steps
    for stop in sorted(mandatory):
        if stop not in cleared and level <= stop < target:
            return stop
    return target


def _streak_penalty(state: MatchState, side: Side) -> int:
    last = max(state.last_streak(seat) for seat in side.seats)
    doubles = state.double_downs(side)
    return max(last - 2 if last >= 3 else 0, doubles - 1 if doubles >= 3 else 0)


def _count_a_failure(state: MatchState, side: Side, *, failed: bool, profile: RuleProfile) -> MatchState:
    count = state.a_failures(side)
    if failed:
        count += 1
    elif profile.a_fail_count == "consecutive":
        count = 0  # a deal not played at this side's A breaks the run
    level = state.level(side)
    if count >= profile.a_fail_limit:
        count = 0
        if profile.a_fail_reset is not None:
            level = profile.a_fail_reset
    ns_failures, ew_failures = _sides(side, count, state.ns_a_failures, state.ew_a_failures)
    ns_level, ew_level = _sides(side, level, state.ns_level, state.ew_level)
    return replace(
        state, ns_a_failures=ns_failures, ew_a_failures=ew_failures, ns_level=ns_level, ew_level=ew_level
    )


def _next_streaks(state: MatchState, finish: FinishingOrder) -> MatchState:
    last = finish.last_seats
    first_n, first_e, first_s, first_w = (
        state.first_streak(seat) + 1 if seat is finish.first else 0 for seat in SEATS
    )
    last_n, last_e, last_s, last_w = (state.last_streak(seat) + 1 if seat in last else 0 for seat in SEATS)
    losers = finish.winner_side.other
    downs = state.double_downs(losers) + 1 if finish.is_double_win else 0
    return replace(
        state,
        first_streaks=(first_n, first_e, first_s, first_w),
        last_streaks=(last_n, last_e, last_s, last_w),
        ns_double_downs=downs if losers is Side.NS else 0,
        ew_double_downs=downs if losers is Side.EW else 0,
    )


# ---- G8 details --------------------------------------------------------------------------------


def _record(state: MatchState, winner: Side) -> MatchState:
    return replace(
        state,
        on_stage=winner,
        deals_played=state.deals_played + 1,
        level_line=(*state.level_line, (state.ns_level, state.ew_level)),
    )


def decide_on_levels(state: MatchState, reason: EndReason, profile: RuleProfile) -> MatchState:
    """G8: the higher level wins; equal levels go by ``profile.equal_levels``.

    Public so that a result read off the level sheet (``sheet.py``) is decided by the same rule.
    """
    if state.ns_level != state.ew_level:
        winner = Side.NS if state.ns_level > state.ew_level else Side.EW
        return replace(state, finished=True, winner=winner, end_reason=reason)
    if profile.equal_levels == "extra_deal":
        return replace(state, needs_extra_deal=True, end_reason=reason)
    if profile.equal_levels == "last_deal_winner" and state.on_stage is not None:
        # The side on stage is the side whose seat came 1st in the last deal.
        return replace(
            state, finished=True, winner=state.on_stage, end_reason=reason, tiebreak=Tiebreak.LAST_DEAL_WINNER
        )
    return replace(state, finished=True, draw=True, end_reason=reason, tiebreak=Tiebreak.DRAW)


def _sides(side: Side, value: T, ns: T, ew: T) -> tuple[T, T]:
    """A per-side field's (NS, EW) values with ``side``'s set to ``value``: a ``replace`` then names
    both sides' fields, each with its own type."""
    return (value, ew) if side is Side.NS else (ns, value)
