"""A game's result from the level sheet alone (docs/rules/guandan.md G8 记级), for events that keep only the
final levels, not every deal's finishing order.

``game_from_levels`` checks that the final levels, the number of deals and the way the game
ended fit the event's rules, and returns the finished ``MatchState`` that ``match.py`` would
have reached, as far as the sheet tells:

- ``level_line`` holds one entry, the final levels ``((ns, ew),)``: the sheet has no other;
- ``on_stage`` is the side that won the last deal when the result shows it (passing A, reaching it
  under ``a_goal='reach_a'``, an extra deal, ``last_deal_winner``), else ``None``: the sheet does not
  say;
- A failures, streaks and cleared mandatory levels stay at their zero values;
- equal levels at the end are settled by ``profile.equal_levels`` (``match.decide_on_levels``):
  ``extra_deal`` and ``last_deal_winner`` need ``winner``, the side that won the extra deal or
  the last deal. The sheet's levels and ``deals_played`` are those at the end of regulation play:
  the extra deal is not counted and its level change not recorded, as a level sheet keeps it.

Every ``BadInput`` names its field, prefixed with ``field`` (``games[1].levels.NS``):
``unknown_level``, ``impossible_levels``, ``invalid``, ``out_of_range``, ``invalid_choice``,
``no_time_limit``, ``match_not_finished``, ``wrong_deal_count``, ``winner_contradicts_levels``,
``winner_required``, ``unexpected_winner``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.errors import BadInput, RuleViolation
from engine.guandan.cards import LEVEL_A, PASSED_A, format_level, parse_level
from engine.guandan.match import (
    COUNTED_FORMATS,
    FIRST_LEVEL,
    TIMED_FORMATS,
    EndReason,
    MatchState,
    Tiebreak,
    decide_on_levels,
    level_difference,
)
from engine.guandan.profiles import STANDARD, RuleProfile
from engine.guandan.tie import TieState
from engine.seats import Side

_MAX_RISE = 3  # G6: a 1-2 finish, the most one deal can raise a side without streaks


def game_from_levels(
    *,
    ns_level: int | str,
    ew_level: int | str,
    deals_played: int,
    profile: RuleProfile = STANDARD,
    time_up: bool = False,
    winner: Side | str | None = None,
    field: str = "",
) -> MatchState:
    """The finished game a level sheet records (G8): final levels, deals played, how it ended.

    Levels are ints 2..15 (15 = A+, passed A) or codes ``2``..``10``, ``J``, ``Q``, ``K``,
    ``A``, ``A+``. ``time_up``: the clock ran out (timed formats only). ``winner`` is needed
    only when equal levels are settled by an extra deal or the last deal's winner.
    """
    levels = {
        Side.NS: _parse_level(ns_level, field=f"{field}levels.NS"),
        Side.EW: _parse_level(ew_level, field=f"{field}levels.EW"),
    }
    deals = _parse_deals(deals_played, field=f"{field}deals_played")
    declared = _parse_winner(winner, field=f"{field}winner")
    goal = _goal_side(levels, profile=profile, field=field)
    if time_up and profile.match_format not in TIMED_FORMATS:
        raise BadInput(
            "no_time_limit", f"A {profile.match_format} game has no clock (G8).", field=f"{field}time_up"
        )
    reason = _end_reason(goal=goal is not None, deals=deals, time_up=time_up, profile=profile, field=field)
    if not profile.streaks:
        _check_plausible(levels, deals, field=f"{field}deals_played")

    state = MatchState(
        ns_level=levels[Side.NS],
        ew_level=levels[Side.EW],
        deals_played=deals,
        passed_a=goal if reason is EndReason.PASSED_A else None,
        level_line=((levels[Side.NS], levels[Side.EW]),),
    )
    if goal is not None:
        state = replace(state, on_stage=goal, finished=True, winner=goal, end_reason=reason)
    else:
        state = _settle(state, reason=reason, declared=declared, profile=profile, field=f"{field}winner")
    if declared is not None and state.winner is not declared:
        raise BadInput(
            "winner_contradicts_levels",
            f"The levels give the game to {state.winner}, not {declared} (G8).",
            field=f"{field}winner",
        )
    return state


def result_summary(state: MatchState) -> dict[str, Any]:
    """G8: what a result records: both final levels, whether each passed A, the deals, the 级差."""
    return {
        "levels": {"NS": format_level(state.ns_level), "EW": format_level(state.ew_level)},
        "passed_a": {"NS": state.passed_a is Side.NS, "EW": state.passed_a is Side.EW},
        "deals_played": state.deals_played,
        "level_difference": level_difference(state),
        "winner": None if state.winner is None else str(state.winner),
        "draw": state.draw,
    }


def _parse_level(value: object, *, field: str) -> int:
    if isinstance(value, bool):
        raise BadInput("unknown_level", f"Unknown level {value!r}.", field=field)
    if isinstance(value, int):
        if value < FIRST_LEVEL:
            raise BadInput("unknown_level", f"Levels start at 2, not {value}.", field=field)
        if value > PASSED_A:
            raise BadInput(
                "impossible_levels", f"No level above A+ (15, passed A); got {value} (G8).", field=field
            )
        return value
    return parse_level(value, allow_passed=True, field=field)


def _parse_deals(value: object, *, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput("invalid", "deals_played is a whole number.", field=field)
    if value < 1:
        raise BadInput("out_of_range", "A finished game has at least one deal.", field=field)
    return value


def _parse_winner(value: Side | str | None, *, field: str) -> Side | None:
    if value is None or isinstance(value, Side):
        return value
    try:
        return Side(str(value).strip().upper())
    except ValueError:
        raise BadInput("invalid_choice", f"winner is NS or EW, not {value!r}.", field=field) from None


def _goal_side(levels: dict[Side, int], *, profile: RuleProfile, field: str) -> Side | None:
    """The side whose level ended the game: it passed A, or reached it under ``a_goal='reach_a'`` (G6)."""
    passed = [side for side in Side if levels[side] == PASSED_A]
    if profile.a_goal == "reach_a" and passed:
        raise BadInput(
            "impossible_levels",
            "Reaching A wins the game in this event (G6 a_goal reach_a): no side passes A.",
            field=f"{field}levels.{passed[0]}",
        )
    ended = passed if profile.a_goal == "pass_a" else [side for side in Side if levels[side] == LEVEL_A]
    if len(ended) == 2:
        goal = "pass" if profile.a_goal == "pass_a" else "reach"
        raise BadInput(
            "invalid", f"Only one side can {goal} A: the game ends when it does (G6).", field=f"{field}levels"
        )
    return ended[0] if ended else None


def _end_reason(*, goal: bool, deals: int, time_up: bool, profile: RuleProfile, field: str) -> EndReason:
    """G8: how a game with these deals ended (``goal``: a side passed A, or reached it under
    ``a_goal='reach_a'``), or ``BadInput`` when it cannot have ended so."""
    counted = profile.match_format in COUNTED_FORMATS
    if counted and deals > profile.deal_limit:
        raise BadInput(
            "wrong_deal_count",
            f"The game ends after {profile.deal_limit} deals; the sheet has {deals} (G8).",
            field=f"{field}deals_played",
        )
    if goal:
        return EndReason.REACHED_A if profile.a_goal == "reach_a" else EndReason.PASSED_A
    if counted and deals == profile.deal_limit:
        return EndReason.DEAL_LIMIT  # in time_or_deals the last deal closes the game before the clock
    if profile.match_format == "through_a":
        needed = (
            "reaches A (G8): one level must be A"
            if profile.a_goal == "reach_a"
            else "passes A (G8): one level must be A+"
        )
        raise BadInput(
            "match_not_finished", f"A through_a game ends only when a side {needed}.", field=f"{field}levels"
        )
    if profile.match_format == "deal_count":
        raise BadInput(
            "wrong_deal_count",
            f"Without passing A the game lasts {profile.deal_limit} deals; the sheet has {deals} (G8).",
            field=f"{field}deals_played",
        )
    if not time_up:
        raise BadInput(
            "match_not_finished",
            "No side ended the game at A, nor did the deal limit: the clock must have run out (G8).",
            field=f"{field}time_up",
        )
    return EndReason.TIME_LIMIT


def _settle(
    state: MatchState, *, reason: EndReason, declared: Side | None, profile: RuleProfile, field: str
) -> MatchState:
    """G8 without passing A: the higher level wins; equal levels by ``profile.equal_levels``."""
    level_tie = state.ns_level == state.ew_level
    if not level_tie or profile.equal_levels == "draw":
        if level_tie and declared is not None:
            raise BadInput(
                "unexpected_winner", "Equal levels are a draw in this event (G8): no winner.", field=field
            )
        return decide_on_levels(state, reason, profile)
    if declared is None:
        raise BadInput(
            "winner_required",
            f"Equal levels are settled by {profile.equal_levels} (G8): give the side that won it.",
            field=field,
        )
    # Both tiebreaks go to the side that won the deal that settles it, which then is on stage.
    decided = decide_on_levels(replace(state, on_stage=declared), reason, profile)
    if profile.equal_levels == "extra_deal":
        return replace(
            decided, needs_extra_deal=False, finished=True, winner=declared, tiebreak=Tiebreak.EXTRA_DEAL
        )
    return decided


def _check_plausible(levels: dict[Side, int], deals: int, *, field: str) -> None:
    """G6 without streaks: a deal raises one side by at most 3, and passing A takes one more deal."""
    needed = sum(_deals_to_reach(level) for level in levels.values())
    if deals < needed:
        ns, ew = (format_level(levels[side]) for side in Side)
        raise BadInput(
            "impossible_levels",
            f"Reaching {ns}-{ew} takes at least {needed} deals (G6: +3 at most a deal), not {deals}.",
            field=field,
        )


def _deals_to_reach(level: int) -> int:
    if level == PASSED_A:
        return _deals_to_reach(LEVEL_A) + 1
    return -(-(level - FIRST_LEVEL) // _MAX_RISE)


def tie_from_levels(
    games: Sequence[Mapping[str, Any]],
    *,
    best_of: int,
    profile: RuleProfile = STANDARD,
    fields: Sequence[str] | None = None,
) -> TieState:
    """The table a level sheet records (G8 记级), game by game (``game_from_levels``): each game's
    ``ns_level``, ``ew_level``, ``deals_played``, ``time_up`` and ``winner``. A game after the table
    was decided is a ``RuleViolation`` ``too_many_games``, a table not decided by the games given
    ``match_not_finished``; a game's own ``BadInput`` keeps its code, its field under the game's
    entry of ``fields`` (``games.1``; none: the field alone)."""
    tie, states = TieState(best_of=best_of), []
    for index, game in enumerate(games):
        prefix = fields[index] if fields is not None else ""
        if tie.finished:
            raise RuleViolation(
                "too_many_games", "The match was decided before this game.", field=prefix or "games"
            )
        try:
            winner = game.get("winner")
            state = game_from_levels(
                ns_level=game["ns_level"],
                ew_level=game["ew_level"],
                deals_played=game["deals_played"],
                profile=profile,
                time_up=bool(game.get("time_up")),
                winner=Side(winner) if winner else None,
            )
        except BadInput as error:
            field = f"{prefix}.{error.field}" if prefix and error.field else prefix or error.field
            raise BadInput(error.code, error.detail, field=field) from None
        states.append(state)
        tie = TieState(best_of=best_of, games=tuple(states))
    if not tie.finished:
        raise RuleViolation(
            "match_not_finished", f"A best of {best_of} needs more games than the sheet gives.", field="games"
        )
    return tie
