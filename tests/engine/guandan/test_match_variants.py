"""The G6 variants of issue 24 (docs/rules/guandan.md): a game won by *reaching* A (``a_goal``,
掼蛋比赛活动方案 篇一) and the streak demotion carried below 2 (``streak_debt``, 公司掼蛋比赛规则),
in the match (engine/guandan/match.py), a referee's level change and the level sheet
(level_result.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import BadInput
from engine.guandan.level_result import game_from_levels
from engine.guandan.match import (
    EndReason,
    LevelChange,
    MatchState,
    apply_deal,
    apply_level_change,
    level_difference,
    play_match,
)
from engine.guandan.profiles import BUILTIN, STANDARD
from engine.guandan.tie import play_tie
from engine.seats import Side
from tests.engine.guandan.test_match import EW_12, EW_13, NS_12, at, orders, profiles

NS, EW = Side.NS, Side.EW
REACH = replace(STANDARD, a_goal="reach_a")
DEBT = replace(STANDARD, streaks=True, streak_debt=True)
STREAKS = replace(STANDARD, streaks=True)


# ---- a_goal reach_a: 率先打到a的一方为获胜方（不必打通） ------------------------------------------------


def test_g6_reach_a_the_deal_that_brings_a_side_to_a_wins_the_game():
    state = play_match([NS_12] * 4, profile=REACH)  # 2 -> 5 -> 8 -> J -> A (the rise stops at A)
    assert (state.finished, state.winner, state.end_reason) == (True, NS, EndReason.REACHED_A)
    assert (state.ns_level, state.passed_a, state.deals_played) == (14, None, 4)


def test_g6_pass_a_default_reaching_a_plays_on():
    state = play_match([NS_12] * 4)
    assert (state.ns_level, state.finished, state.deal_level) == (14, False, 14)


def test_g6_reach_a_a_rise_below_a_plays_on():
    state = play_match([NS_12] * 3, profile=REACH)
    assert (state.ns_level, state.finished) == (11, False)


def test_g6_reach_a_with_j_mandatory_the_rise_stops_at_j_first():
    # 篇一 "j必打 … 率先打到a的一方为获胜者": J stops the rise, winning at J goes on to A and wins.
    profile = replace(BUILTIN["guandan-seed-000"], a_goal="reach_a", match_format="through_a")
    assert play_match([NS_12] * 3, profile=profile).ns_level == 11
    state = play_match([NS_12] * 4, profile=profile)
    assert (state.ns_level, state.winner, state.end_reason) == (14, NS, EndReason.REACHED_A)


def test_g8_reach_a_the_level_difference_counts_a_as_14():
    state = play_match([EW_13, NS_12, NS_12, NS_12, NS_12], profile=REACH)
    assert (state.ns_level, state.ew_level, state.winner) == (14, 4, NS)
    assert level_difference(state) == 10


def test_g8_reach_a_no_deal_after_the_game_is_won():
    with pytest.raises(BadInput) as raised:
        apply_deal(play_match([NS_12] * 4, profile=REACH), EW_12, profile=REACH)
    assert raised.value.code == "match_over"


def test_g8_reach_a_ends_a_timed_game_before_its_clock():
    profile = replace(REACH, match_format="time_limit")
    state = play_match([EW_12] * 4, profile=profile)
    assert (state.winner, state.end_reason) == (EW, EndReason.REACHED_A)


def test_g12_reach_a_a_referees_level_change_to_a_wins_the_game():
    # A hidden card puts the opponents up a level (G12): from K that reaches A.
    change = LevelChange(side=EW, amount=1, on_stage=True)
    state = apply_level_change(at(5, 13), change, profile=REACH)
    assert (state.finished, state.winner, state.end_reason, state.ew_level) == (
        True,
        EW,
        EndReason.REACHED_A,
        14,
    )
    assert apply_level_change(at(5, 13), change).finished is False  # pass_a: A is still to be played


def test_g12_reach_a_a_change_down_never_ends_the_game():
    state = apply_level_change(at(14, 5), LevelChange(side=NS, amount=-1), profile=REACH)
    assert (state.finished, state.ns_level) == (False, 13)


def test_g12_reach_a_the_tie_applies_the_change_under_the_events_profile():
    tie = play_tie([NS_12] * 3, profile=REACH, changes={3: [LevelChange(side=NS, amount=3)]})
    assert (tie.finished, tie.winner, tie.games[0].end_reason) == (True, NS, EndReason.REACHED_A)


def test_g8_level_sheet_reach_a_a_side_at_a_won():
    state = game_from_levels(ns_level="A", ew_level="9", deals_played=7, profile=REACH)
    assert (state.winner, state.end_reason, state.passed_a, state.on_stage) == (
        NS,
        EndReason.REACHED_A,
        None,
        NS,
    )


@pytest.mark.parametrize(
    ("levels", "code", "field"),
    [
        (("A+", "9"), "impossible_levels", "levels.NS"),
        (("A", "A"), "invalid", "levels"),
        (("K", "9"), "match_not_finished", "levels"),
    ],
)
def test_g8_level_sheet_reach_a_refuses_what_cannot_end_so(levels, code, field):
    with pytest.raises(BadInput) as raised:
        game_from_levels(ns_level=levels[0], ew_level=levels[1], deals_played=9, profile=REACH)
    assert (raised.value.code, raised.value.field) == (code, field)


# ---- streak_debt: 退至2为止,但须累计和清还 -----------------------------------------------------------


def test_g6_streak_debt_a_demotion_stopped_at_2_is_carried():
    # EW double-down three times from 3: -2 stops at 2, one level owed.
    state = play_match([NS_12] * 3, state=at(2, 3, EW), profile=DEBT)
    assert (state.ew_level, state.ew_debt) == (2, 1)


def test_g6_streaks_without_debt_forget_what_2_stopped():
    state = play_match([NS_12] * 3, state=at(2, 3, EW), profile=STREAKS)
    assert (state.ew_level, state.ew_debt) == (2, 0)


def test_g6_streak_debt_accumulates():
    state = play_match([NS_12] * 4, state=at(2, 3, EW), profile=DEBT)
    assert (state.ew_level, state.ew_debt) == (2, 1 + 3)  # the fourth double-down costs 3 more


def test_g6_streak_debt_a_rise_repays_it_first():
    owing = play_match([NS_12] * 3, state=at(2, 3, EW), profile=DEBT)
    state = apply_deal(owing, EW_13, profile=DEBT)  # +2: one repays the debt, one is a rise
    assert (state.ew_level, state.ew_debt) == (3, 0)


def test_g6_streak_debt_larger_than_the_rise_keeps_the_side_at_2():
    owing = play_match([NS_12] * 4, state=at(2, 3, EW), profile=DEBT)
    state = apply_deal(owing, EW_12, profile=DEBT)
    assert (state.ew_level, state.ew_debt) == (2, 1)


def test_g6_streak_debt_never_at_a():
    state = play_match([NS_12] * 3, state=at(2, 14, NS), profile=DEBT)
    assert (state.ew_level, state.ew_debt) == (14, 0)


def test_g6_streak_debt_is_in_the_state_json():
    state = play_match([NS_12] * 3, state=at(2, 3, EW), profile=DEBT)
    assert state.to_dict()["debts"] == {"NS": 0, "EW": 1}


def test_g6_company_rules_with_their_debt_carry_it_from_2():
    profile = replace(BUILTIN["guandan-seed-001"], streak_debt=True)  # "退至2为止,但须累计和清还"
    assert play_match([NS_12] * 3, profile=profile).ew_debt == 2  # from 2: all of the -2 is owed


# ---- properties --------------------------------------------------------------------------------

variant_profiles = st.builds(
    replace,
    profiles,
    a_goal=st.sampled_from(["pass_a", "reach_a"]),
    streak_debt=st.booleans(),
)


@settings(max_examples=200, deadline=None)
@given(deals=st.lists(orders, max_size=60), profile=variant_profiles)
def test_g6_property_reach_a_ends_at_a_and_the_debt_only_at_2(deals, profile):
    state = MatchState()
    for order in deals:
        if state.finished:
            break
        state = apply_deal(state, order, profile=profile)
        for side in Side:
            debt = state.debt(side)
            assert debt >= 0
            assert debt == 0 or (profile.streaks and profile.streak_debt and state.level(side) == 2)
        at_a = [side for side in Side if state.level(side) == 14]
        if profile.a_goal == "reach_a":
            assert state.passed_a is None
            assert bool(at_a) == (state.end_reason is EndReason.REACHED_A)
            if at_a:
                assert state.finished and state.winner is at_a[0]


@settings(max_examples=100, deadline=None)
@given(deals=st.lists(orders, max_size=40))
def test_g6_property_the_debt_changes_nothing_until_a_demotion_reaches_below_2(deals):
    with_debt = without = MatchState()
    for order in deals:
        if with_debt.ew_debt or with_debt.ns_debt or with_debt.finished:
            break
        with_debt = apply_deal(with_debt, order, profile=DEBT)
        without = apply_deal(without, order, profile=STREAKS)
        assert (with_debt.ns_level, with_debt.ew_level) == (without.ns_level, without.ew_level)
