"""A result from the level sheet alone (docs/rules/guandan.md G8 记级): engine/guandan/level_result.py."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import BadInput
from engine.guandan.cards import PASSED_A
from engine.guandan.level_result import game_from_levels, result_summary
from engine.guandan.match import (
    EndReason,
    MatchState,
    Tiebreak,
    apply_deal,
    close_on_time,
    level_difference,
    play_match,
)
from engine.guandan.profiles import BUILTIN, STANDARD, knockout_profile
from engine.seats import Side

NS, EW = Side.NS, Side.EW
DEALS = replace(STANDARD, match_format="deal_count", deal_limit=8)
TIMED = replace(STANDARD, match_format="time_limit")
TIMED_OR_DEALS = replace(STANDARD, match_format="time_or_deals", deal_limit=8)


def bad(code: str, where: str, **kwargs) -> None:
    with pytest.raises(BadInput) as raised:
        game_from_levels(**kwargs)
    assert (raised.value.code, raised.value.field) == (code, where)


# ---- the result -------------------------------------------------------------------------------


def test_g8_sheet_passed_a_wins():
    state = game_from_levels(ns_level="A+", ew_level="K", deals_played=12)
    assert (state.finished, state.winner, state.passed_a, state.end_reason) == (
        True,
        NS,
        NS,
        EndReason.PASSED_A,
    )
    assert (state.ns_level, state.on_stage, level_difference(state)) == (PASSED_A, NS, 2)


def test_g8_sheet_levels_as_ints_or_codes():
    assert game_from_levels(ns_level=15, ew_level=10, deals_played=9) == game_from_levels(
        ns_level="A+", ew_level="10", deals_played=9
    )
    assert game_from_levels(ns_level="T", ew_level="a+", deals_played=9).ew_level == PASSED_A


def test_g8_sheet_keeps_only_the_final_levels_in_the_level_line():
    state = game_from_levels(ns_level="A+", ew_level="5", deals_played=9)
    assert (state.level_line, state.deals_played) == (((15, 5),), 9)


def test_g8_sheet_deal_count_higher_level_wins():
    state = game_from_levels(ns_level="9", ew_level="J", deals_played=8, profile=DEALS)
    assert (state.winner, state.end_reason, state.tiebreak) == (EW, EndReason.DEAL_LIMIT, None)
    assert state.on_stage is None  # the sheet does not say who won the last deal


def test_g8_sheet_deal_count_passing_a_ends_early():
    state = game_from_levels(ns_level="A+", ew_level="2", deals_played=5, profile=DEALS)
    assert (state.winner, state.end_reason) == (NS, EndReason.PASSED_A)


def test_g8_sheet_time_limit_needs_time_up():
    state = game_from_levels(ns_level="6", ew_level="4", deals_played=3, profile=TIMED, time_up=True)
    assert (state.winner, state.end_reason) == (NS, EndReason.TIME_LIMIT)


def test_g8_sheet_time_or_deals_ends_on_the_deal_limit():
    state = game_from_levels(ns_level="6", ew_level="4", deals_played=8, profile=TIMED_OR_DEALS)
    assert state.end_reason is EndReason.DEAL_LIMIT


def test_g8_sheet_time_or_deals_ends_on_time():
    state = game_from_levels(ns_level="6", ew_level="4", deals_played=5, profile=TIMED_OR_DEALS, time_up=True)
    assert state.end_reason is EndReason.TIME_LIMIT


def test_g8_sheet_equal_levels_draw():
    state = game_from_levels(ns_level="7", ew_level="7", deals_played=8, profile=DEALS)
    assert (state.finished, state.draw, state.winner, state.tiebreak) == (True, True, None, Tiebreak.DRAW)


def test_g8_sheet_equal_levels_extra_deal_winner_decides():
    profile = replace(DEALS, equal_levels="extra_deal")
    state = game_from_levels(ns_level="7", ew_level="7", deals_played=8, profile=profile, winner=EW)
    assert (state.finished, state.winner, state.tiebreak, state.needs_extra_deal) == (
        True,
        EW,
        Tiebreak.EXTRA_DEAL,
        False,
    )
    assert state.deals_played == 8  # the extra deal is not on the sheet


def test_g8_sheet_equal_levels_last_deal_winner_decides():
    profile = replace(DEALS, equal_levels="last_deal_winner")
    state = game_from_levels(ns_level="7", ew_level="7", deals_played=8, profile=profile, winner="NS")
    assert (state.winner, state.tiebreak, state.on_stage) == (NS, Tiebreak.LAST_DEAL_WINNER, NS)


def test_g8_sheet_agreeing_winner_is_accepted():
    assert game_from_levels(ns_level="A+", ew_level="2", deals_played=5, winner=NS).winner is NS


def test_g6_sheet_streaks_skip_the_plausibility_check():
    profile = replace(DEALS, streaks=True, deal_limit=3)
    assert game_from_levels(ns_level="K", ew_level="2", deals_played=3, profile=profile).winner is NS


def test_g8_result_summary():
    state = game_from_levels(ns_level="A+", ew_level="K", deals_played=12)
    assert result_summary(state) == {
        "levels": {"NS": "A+", "EW": "K"},
        "passed_a": {"NS": True, "EW": False},
        "deals_played": 12,
        "level_difference": 2,
        "winner": "NS",
        "draw": False,
    }


# ---- what the sheet cannot say ------------------------------------------------------------------


def test_g6_sheet_both_sides_passed_a_is_invalid():
    bad("invalid", "levels", ns_level="A+", ew_level="A+", deals_played=20)


def test_g8_sheet_winner_contradicting_passed_a():
    bad("winner_contradicts_levels", "winner", ns_level="A+", ew_level="2", deals_played=5, winner=EW)


def test_g8_sheet_winner_contradicting_higher_level():
    bad(
        "winner_contradicts_levels",
        "winner",
        ns_level="9",
        ew_level="J",
        deals_played=8,
        profile=DEALS,
        winner=NS,
    )


def test_g8_sheet_through_a_without_passing_a_is_not_finished():
    bad("match_not_finished", "levels", ns_level="K", ew_level="9", deals_played=12)


def test_g8_sheet_deal_count_wrong_number_of_deals():
    bad("wrong_deal_count", "deals_played", ns_level="9", ew_level="J", deals_played=7, profile=DEALS)


def test_g8_sheet_deal_count_more_deals_than_the_limit_even_when_a_was_passed():
    bad("wrong_deal_count", "deals_played", ns_level="A+", ew_level="J", deals_played=9, profile=DEALS)


def test_g8_sheet_time_limit_without_time_up_is_not_finished():
    bad("match_not_finished", "time_up", ns_level="6", ew_level="4", deals_played=3, profile=TIMED)


def test_g8_sheet_time_or_deals_short_of_the_limit_without_time_up_is_not_finished():
    bad("match_not_finished", "time_up", ns_level="6", ew_level="4", deals_played=5, profile=TIMED_OR_DEALS)


def test_g8_sheet_time_up_in_a_format_without_a_clock():
    bad("no_time_limit", "time_up", ns_level="9", ew_level="J", deals_played=8, profile=DEALS, time_up=True)


def test_g6_sheet_impossible_levels_for_the_deals_played():
    # Without streaks a deal raises one side by 3 at most: K-9 needs 4 + 3 deals.
    bad(
        "impossible_levels",
        "deals_played",
        ns_level="K",
        ew_level="9",
        deals_played=6,
        profile=TIMED,
        time_up=True,
    )


def test_g6_sheet_passing_a_takes_five_deals_at_least():
    bad("impossible_levels", "deals_played", ns_level="A+", ew_level="2", deals_played=4)


def test_g8_sheet_level_above_a_plus_is_impossible():
    bad("impossible_levels", "levels.NS", ns_level=16, ew_level=2, deals_played=8)


@pytest.mark.parametrize("level", [1, 0, "1", "Z", True, None])
def test_g8_sheet_unknown_level(level):
    bad("unknown_level", "levels.EW", ns_level="5", ew_level=level, deals_played=8)


@pytest.mark.parametrize(("deals", "code"), [(0, "out_of_range"), ("8", "invalid"), (True, "invalid")])
def test_g8_sheet_deals_played_is_a_positive_whole_number(deals, code):
    bad(code, "deals_played", ns_level="A+", ew_level="2", deals_played=deals)


def test_g8_sheet_unknown_winner():
    bad("invalid_choice", "winner", ns_level="A+", ew_level="2", deals_played=5, winner="N")


def test_g8_sheet_equal_levels_draw_takes_no_winner():
    bad("unexpected_winner", "winner", ns_level="7", ew_level="7", deals_played=8, profile=DEALS, winner=NS)


@pytest.mark.parametrize("equal_levels", ["extra_deal", "last_deal_winner"])
def test_g8_sheet_equal_levels_tiebreak_needs_a_winner(equal_levels):
    profile = replace(DEALS, equal_levels=equal_levels)
    bad("winner_required", "winner", ns_level="7", ew_level="7", deals_played=8, profile=profile)


def test_g8_sheet_knockout_game_ending_level_needs_the_extra_deals_winner():
    bad(
        "winner_required",
        "winner",
        ns_level="7",
        ew_level="7",
        deals_played=8,
        profile=knockout_profile(DEALS),
    )
    state = game_from_levels(
        ns_level="7", ew_level="7", deals_played=8, profile=knockout_profile(DEALS), winner=NS
    )
    assert (state.winner, state.draw) == (NS, False)


def test_g8_sheet_field_prefix():
    bad("unknown_level", "games[1].levels.NS", ns_level="Z", ew_level="2", deals_played=8, field="games[1].")


# ---- the sheet agrees with the deal-by-deal engine ---------------------------------------------

ORDERS = st.sampled_from(
    [["N", "S"], ["N", "E", "S"], ["N", "E", "W"], ["E", "W"], ["E", "N", "W"], ["E", "N", "S"], ["W", "E"]]
)
PROFILES = st.sampled_from(
    [
        STANDARD,
        BUILTIN["guandan-national-2017"],
        replace(BUILTIN["guandan-seed-000"], match_format="through_a", equal_levels="draw"),
        replace(STANDARD, a_win="double_win", a_fail_reset=None),
        DEALS,
        replace(DEALS, deal_limit=3),
        replace(DEALS, deal_limit=12, equal_levels="last_deal_winner"),
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(ORDERS, min_size=1, max_size=80), PROFILES)
def test_g8_property_sheet_agrees_with_play_match(orders, profile):
    state = None
    for count in range(1, len(orders) + 1):
        state = play_match(orders[:count], profile=profile)
        if state.finished:
            break
    if state is None or not state.finished:
        return
    winner = state.winner if state.tiebreak is Tiebreak.LAST_DEAL_WINNER else None
    sheet = game_from_levels(
        ns_level=state.ns_level,
        ew_level=state.ew_level,
        deals_played=state.deals_played,
        profile=profile,
        winner=winner,
    )
    assert (sheet.winner, sheet.draw, sheet.passed_a) == (state.winner, state.draw, state.passed_a)
    assert (sheet.end_reason, sheet.tiebreak) == (state.end_reason, state.tiebreak)
    assert level_difference(sheet) == level_difference(state)
    assert result_summary(sheet)["levels"] == state.to_dict()["levels"]


@settings(max_examples=100, deadline=None)
@given(st.lists(ORDERS, min_size=1, max_size=40))
def test_g6_property_sheet_accepts_every_result_closed_on_time(orders):
    state = MatchState()
    for order in orders:
        if state.finished:
            break
        state = apply_deal(state, order, profile=TIMED)
    closed = close_on_time(state, profile=TIMED)
    sheet = game_from_levels(
        ns_level=state.ns_level,
        ew_level=state.ew_level,
        deals_played=state.deals_played,
        profile=TIMED,
        time_up=not state.finished,
    )
    assert (sheet.winner, sheet.draw, sheet.end_reason) == (closed.winner, closed.draw, closed.end_reason)
