"""Levels and the match (docs/rules/guandan.md G6, G8) as pure functions over a frozen ``MatchState``.

``apply_deal`` folds one deal's finishing order into the state; ``play_match`` folds a
whole match; ``close_on_time`` ends a timed match when the caller's clock runs out;
``match_outcome`` reads the result (G8: final levels, passed A, deals, level difference).

The readings of G6 and G8 that the sheets leave open are stated, each with its reason, in
docs/rules/guandan.md "How the engine reads the level and match settings"; in short (each is tested):

- **Mandatory levels**: a level below A is *cleared* by winning a deal played at it on stage; until
  then a rise stops there. A is never cleared: it is passed only by winning the match.
- **A failures**: every deal played at the on-stage side's A that does not win the match, lost deals
  included; ``consecutive`` restarts the count after any deal not played at that side's A.
- **``a_goal='reach_a'``** (掼蛋比赛活动方案 篇一 "率先打到a的一方为获胜方（不必打通）"): the deal (or
  the referee's level change) that brings a side to A ends the game, won by that side.
- **Streaks** (公司掼蛋比赛规则; always tracked, applied with ``profile.streaks``): a player 1st
  ``k >= 3`` in a row adds ``k - 2`` to the rise; last ``k >= 3`` in a row costs ``k - 2``, a side
  double-down ``d >= 3`` in a row ``d - 1``, and a side pays the larger. Never below 2, never at A.
  With ``streak_debt`` ("退至2为止,但须累计和清还") what 2 stopped is owed, and later rises repay it first.
- **Extra deal**: the match waits with ``needs_extra_deal``; the side of its 1st seat wins.
  ``last_deal_winner`` with no deal played is a draw.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TypeVar

from engine.errors import BadInput
from engine.guandan.cards import LEVEL_A, PASSED_A
from engine.guandan.finishing import SEATS, FinishingOrder, normalise_finishing_order
from engine.guandan.match_state import FIRST_LEVEL, EndReason, MatchOutcome, MatchState, Tiebreak
from engine.guandan.profiles import STANDARD, RuleProfile
from engine.levels import LevelChange
from engine.seats import Side

__all__ = [
    "COUNTED_FORMATS",
    "FIRST_LEVEL",
    "TIMED_FORMATS",
    "EndReason",
    "LevelChange",
    "MatchOutcome",
    "MatchState",
    "Tiebreak",
    "apply_deal",
    "apply_level_change",
    "close_on_time",
    "decide_on_levels",
    "level_difference",
    "match_outcome",
    "play_match",
]

T = TypeVar("T")  # a per-side field's type (``_sides``)
COUNTED_FORMATS = ("deal_count", "time_or_deals")  # G8 formats with a deal limit
TIMED_FORMATS = ("time_limit", "time_or_deals")  # G8 formats with a clock


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
    if _reaches_a(new, winner, profile):
        return replace(new, finished=True, winner=winner, end_reason=EndReason.REACHED_A)
    if profile.match_format in COUNTED_FORMATS and new.deals_played >= profile.deal_limit:
        return decide_on_levels(new, EndReason.DEAL_LIMIT, profile)
    return new


def apply_level_change(
    state: MatchState, change: LevelChange, *, profile: RuleProfile = STANDARD
) -> MatchState:
    """The state after a referee's level change (G12): an entry of its own in the level line.

    A level moves within 2 … A: a penalty never passes A (only winning at A does, G6) and never goes
    below 2. ``on_stage`` also puts the side on stage, so the next deal is played at its level. Under
    ``a_goal='reach_a'`` a change that brings the side to A ends the game, won by it (G8).
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
    new = replace(
        new,
        level_line=(*state.level_line, (new.ns_level, new.ew_level)),
        changes=(*state.changes, (len(state.level_line), change.label)),
    )
    if change.amount > 0 and _reaches_a(new, change.side, profile):
        return replace(new, finished=True, winner=change.side, end_reason=EndReason.REACHED_A)
    return new


def apply_late_level_change(state: MatchState, change: LevelChange, *, profile: RuleProfile) -> MatchState:
    """A referee's level change ruled after the game ended (G12: a hidden card found at the count,
    within the correction period): an entry of its own after the last deal, moving the final levels.

    A side that passed A (or, under ``a_goal='reach_a'``, reached it) has won at A: a penalty does
    not take it back (G6), its entry leaves the levels as they are. A game decided on levels (the
    clock or the deal limit, G8) is decided again on the levels as they now stand; equal levels
    that an extra deal already settled stay settled.
    A game that is not over takes the change as ``apply_level_change`` does.
    """
    if not state.finished:
        return apply_level_change(state, change, profile=profile)
    won_at_a = state.end_reason is EndReason.REACHED_A and state.winner is change.side  # a_goal reach_a
    if state.passed_a is change.side or won_at_a:
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


def _reaches_a(state: MatchState, side: Side, profile: RuleProfile) -> bool:
    """G6 ``a_goal='reach_a'``: ``side``, which has just gone up, stands at A and so wins the game."""
    return profile.a_goal == "reach_a" and state.level(side) == LEVEL_A


def _wins_at_a(finish: FinishingOrder, profile: RuleProfile) -> bool:
    if profile.a_win == "double_win":
        return finish.partner_place == 2
    return finish.partner_place in (2, 3)  # first_and_partner_not_last


def _change_level(
    state: MatchState, side: Side, *, finish: FinishingOrder, on_stage: Side | None, profile: RuleProfile
) -> MatchState:
    level, cleared, debt = state.level(side), state.cleared(side), state.debt(side)
    if side is finish.winner_side:
        if on_stage is side and level in profile.mandatory_levels and level != LEVEL_A:
            cleared = tuple(sorted({*cleared, level}))  # won a deal played at its mandatory level
        steps = finish.rise
        if profile.streaks:
            steps += max(0, state.first_streak(finish.first) - 2)
        repaid = min(debt, steps)  # streak_debt: a rise first repays the levels owed (清还)
        debt -= repaid
        level = _rise(level, steps - repaid, mandatory=profile.mandatory_levels, cleared=cleared)
    if profile.streaks and level < LEVEL_A:  # G6: a side at A is never demoted
        owed = _streak_penalty(state, side)
        lowered = max(FIRST_LEVEL, level - owed)
        if profile.streak_debt:
            debt += owed - (level - lowered)  # what 2 stopped is carried (累计)
        level = lowered
    ns_level, ew_level = _sides(side, level, state.ns_level, state.ew_level)
    ns_cleared, ew_cleared = _sides(side, cleared, state.ns_cleared, state.ew_cleared)
    ns_debt, ew_debt = _sides(side, debt, state.ns_debt, state.ew_debt)
    return replace(
        state,
        ns_level=ns_level,
        ew_level=ew_level,
        ns_cleared=ns_cleared,
        ew_cleared=ew_cleared,
        ns_debt=ns_debt,
        ew_debt=ew_debt,
    )


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
