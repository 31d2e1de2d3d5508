"""Levels and the match (docs/rules/guandan.md G6, G8): engine/guandan/match.py."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import BadInput
from engine.guandan.cards import PASSED_A
from engine.guandan.match import (
    EndReason,
    MatchState,
    Tiebreak,
    apply_deal,
    close_on_time,
    level_difference,
    match_outcome,
    play_match,
)
from engine.guandan.profiles import BUILTIN, CHOICES, STANDARD, RuleProfile
from engine.seats import Seat, Side

NS, EW = Side.NS, Side.EW
NS_12, NS_13, NS_14 = ["N", "S"], ["N", "E", "S"], ["N", "E", "W"]  # N 1st; S 2nd / 3rd / 4th
EW_12, EW_13, EW_14 = ["E", "W"], ["E", "N", "W"], ["E", "N", "S"]  # E 1st; W 2nd / 3rd / 4th
SEED_000 = BUILTIN["guandan-seed-000"]
STREAKS = replace(STANDARD, streaks=True)


def at(ns: int, ew: int, on_stage: Side | None = NS, **fields) -> MatchState:
    return MatchState(ns_level=ns, ew_level=ew, on_stage=on_stage, **fields)


# ---- G6 level change ----------------------------------------------------------------------------


def test_g2_first_deal_is_played_at_2():
    assert MatchState().deal_level == 2
    assert MatchState().on_stage is None


@pytest.mark.parametrize(("order", "level"), [(NS_12, 5), (NS_13, 4), (NS_14, 3)])
def test_g6_rise_by_partner_place(order, level):
    assert apply_deal(MatchState(), order).ns_level == level


def test_g6_only_winning_side_rises():
    state = apply_deal(at(6, 9, EW), NS_12)
    assert (state.ns_level, state.ew_level) == (9, 9)


def test_g6_winner_goes_on_stage_and_next_deal_is_at_its_level():
    state = play_match([NS_12, EW_14])
    assert state.on_stage is EW
    assert state.deal_level == 3


def test_g6_a_must_be_played():
    assert apply_deal(at(12, 2), NS_12).ns_level == 14


def test_g6_a_must_be_played_off_stage_side_stays_at_a_and_goes_on_stage():
    state = apply_deal(at(14, 5, EW), NS_12)
    assert (state.ns_level, state.on_stage, state.finished) == (14, NS, False)


def test_g6_default_rise_passes_j():
    assert apply_deal(at(9, 2), NS_12).ns_level == 12


def test_g6_seed000_rise_stops_at_j():
    assert apply_deal(at(9, 2), NS_12, profile=SEED_000).ns_level == 11


def test_g6_seed000_rise_may_land_on_j():
    assert apply_deal(at(9, 2), NS_13, profile=SEED_000).ns_level == 11


def test_g6_seed000_j_off_stage_win_stays_at_j():
    state = apply_deal(at(11, 5, EW), NS_12, profile=SEED_000)
    assert (state.ns_level, state.on_stage, state.ns_cleared) == (11, NS, ())


def test_g6_seed000_win_at_j_clears_it():
    state = apply_deal(at(11, 5, NS), NS_14, profile=SEED_000)
    assert (state.ns_level, state.ns_cleared) == (12, (11,))


def test_g6_seed000_losing_at_j_does_not_clear_it():
    state = apply_deal(at(11, 5, NS), EW_14, profile=SEED_000)
    assert state.ns_cleared == ()


def test_g6_seed000_cleared_j_stays_cleared_after_a_failure_reset():
    state = play_match([NS_12] * 3 + [NS_14] * 6, profile=SEED_000)
    # 2 -> 5 -> 8 -> J; won at J -> Q -> K -> A; three failures at A: back to J.
    assert state.ns_cleared == (11,)
    assert state.ns_level == 11
    assert apply_deal(replace(state, on_stage=EW), NS_12, profile=SEED_000).ns_level == 14


# ---- G6 winning at A ----------------------------------------------------------------------------


def test_g6_a_win_first_and_partner_not_last_1_3_wins():
    state = apply_deal(at(14, 5), NS_13)
    assert (state.finished, state.winner, state.passed_a, state.ns_level) == (True, NS, NS, PASSED_A)
    assert state.end_reason is EndReason.PASSED_A


def test_g6_a_win_first_and_partner_not_last_1_4_is_not_enough():
    state = apply_deal(at(14, 5), NS_14)
    assert (state.finished, state.ns_level, state.ns_a_failures) == (False, 14, 1)


def test_g6_a_win_double_win_1_2_wins():
    profile = replace(STANDARD, a_win="double_win")
    assert apply_deal(at(14, 5), NS_12, profile=profile).passed_a is NS


def test_g6_a_win_double_win_1_3_is_not_enough():
    profile = replace(STANDARD, a_win="double_win")
    state = apply_deal(at(14, 5), NS_13, profile=profile)
    assert (state.finished, state.ns_a_failures) == (False, 1)


def test_g6_a_win_only_on_stage_at_a():
    assert not apply_deal(at(14, 14, EW), NS_12).finished


# ---- G6 failing at A ----------------------------------------------------------------------------


def test_g6_a_failure_counts_a_lost_deal_at_a():
    state = apply_deal(at(14, 5), EW_14)
    assert (state.ns_a_failures, state.on_stage) == (1, EW)


def test_g6_a_fail_total_three_failures_back_to_2():
    state = play_match([NS_14] * 3, state=at(14, 5))
    assert (state.ns_level, state.ns_a_failures, state.on_stage) == (2, 0, NS)


def test_g6_a_fail_total_counts_across_a_lost_stage():
    state = play_match([EW_14, NS_14, NS_14], state=at(14, 5))
    # failure (lost at A), EW on stage at 6, NS wins at EW's level (no attempt), failure.
    assert (state.ns_a_failures, state.ns_level) == (2, 14)
    assert apply_deal(state, NS_14).ns_level == 2


def test_g6_a_fail_consecutive_broken_by_a_deal_not_at_a():
    profile = replace(STANDARD, a_fail_count="consecutive")
    state = play_match([NS_14, EW_14, NS_14, NS_14], state=at(14, 5), profile=profile)
    # 1 failure, then a lost deal at A (2), EW's deal resets, NS wins off stage (0), then 1.
    assert (state.ns_a_failures, state.ns_level) == (1, 14)


def test_g6_a_fail_consecutive_three_in_a_row_resets():
    profile = replace(STANDARD, a_fail_count="consecutive")
    state = play_match([NS_14] * 3, state=at(14, 5), profile=profile)
    assert state.ns_level == 2


def test_g6_a_fail_total_survives_where_consecutive_resets():
    total = play_match([NS_14, EW_14, EW_14, NS_14, NS_14], state=at(14, 5))
    consecutive = play_match(
        [NS_14, EW_14, EW_14, NS_14, NS_14],
        state=at(14, 5),
        profile=replace(STANDARD, a_fail_count="consecutive"),
    )
    assert total.ns_level == 2
    assert (consecutive.ns_level, consecutive.ns_a_failures) == (14, 1)


def test_g6_seed000_a_fail_reset_to_j():
    assert play_match([NS_14] * 3, state=at(14, 5), profile=SEED_000).ns_level == 11


def test_g6_a_fail_reset_none_stays_at_a():
    profile = replace(STANDARD, a_fail_reset=None)
    state = play_match([NS_14] * 3, state=at(14, 5), profile=profile)
    assert (state.ns_level, state.ns_a_failures) == (14, 0)


def test_g6_a_fail_limit_setting():
    profile = replace(STANDARD, a_fail_limit=2)
    assert play_match([NS_14] * 2, state=at(14, 5), profile=profile).ns_level == 2


def test_g6_off_stage_side_at_a_does_not_fail():
    assert apply_deal(at(14, 14, EW), EW_14).ns_a_failures == 0


# ---- G6 streaks (公司掼蛋比赛规则) ----------------------------------------------------------------------


def test_g6_streaks_off_no_bonus():
    assert play_match([NS_13] * 3).ns_level == 8


def test_g6_streaks_first_three_in_a_row_one_extra_level():
    assert play_match([NS_13] * 3, profile=STREAKS).ns_level == 2 + 2 + 2 + 3


def test_g6_streaks_first_four_in_a_row_two_extra_levels():
    assert play_match([NS_13] * 4, profile=STREAKS).ns_level == 2 + 2 + 2 + 3 + 4


def test_g6_streaks_first_place_streak_is_per_player():
    # N, S, N 1st: never the same player three times in a row.
    assert play_match([NS_14, ["S", "E", "N"], NS_14], profile=STREAKS).ns_level == 2 + 1 + 2 + 1


def test_g6_streaks_last_three_in_a_row_costs_one():
    state = play_match([["E", "N", "W"], ["W", "N", "E"], ["N", "W", "E"]], state=at(6, 6), profile=STREAKS)
    # S last three deals in a row: NS wins the third 1-4 (+1) and pays 1.
    assert state.last_streak(Seat.S) == 3
    assert state.ns_level == 6


def test_g6_streaks_last_four_in_a_row_costs_two():
    state = play_match([["E", "N", "W"], ["W", "N", "E"]] * 2, state=at(9, 2, EW), profile=STREAKS)
    # S last four times: NS pays 1 after the third deal and 2 after the fourth.
    assert state.ns_level == 9 - 1 - 2


def test_g6_streaks_double_down_three_in_a_row_costs_two():
    state = play_match([NS_12, NS_12, NS_12], state=at(2, 8, EW), profile=STREAKS)
    assert state.ew_level == 8 - 2
    assert state.ew_double_downs == 3


def test_g6_streaks_double_down_four_in_a_row_costs_three():
    state = play_match([NS_12] * 4, state=at(2, 9, EW), profile=STREAKS)
    assert state.ew_level == 9 - 2 - 3


def test_g6_streaks_side_pays_the_larger_penalty_not_both():
    state = play_match([EW_12] * 3, state=at(8, 2, NS), profile=STREAKS)
    # N and S last three times (would be -1) and NS double-down three times (-2): -2 only.
    assert state.ns_level == 6


def test_g6_streaks_never_below_2():
    state = play_match([NS_12] * 3, state=at(2, 3, EW), profile=STREAKS)
    assert state.ew_level == 2


def test_g6_streaks_side_at_a_never_demoted():
    state = play_match([NS_12] * 3, state=at(2, 14, NS), profile=STREAKS)
    assert state.ew_level == 14


def test_g6_streaks_bonus_cannot_pass_a():
    state = play_match([NS_14, NS_14, NS_14], state=at(12, 2, EW), profile=STREAKS)
    # 12 -> 13 -> 14, third deal at A 1-4: +1 +1 bonus still A, one failure.
    assert (state.ns_level, state.finished, state.ns_a_failures) == (14, False, 1)


def test_g6_streaks_bonus_stops_at_mandatory_j():
    # 2 -> 5 -> 8, then +3 +1 would be Q: it stops at J.
    assert play_match([NS_12] * 3, profile=STREAKS).ns_level == 12
    assert play_match([NS_12] * 3, profile=replace(SEED_000, streaks=True)).ns_level == 11


# ---- G8 end of the match ------------------------------------------------------------------------


def test_g8_through_a_does_not_end_on_deal_count():
    state = play_match([NS_14, EW_14] * 10)
    assert not state.finished and state.deals_played == 20


def test_g8_level_line_records_every_deal():
    state = play_match([NS_12, EW_13, NS_14])
    assert state.level_line == ((5, 2), (5, 4), (6, 4))


def test_g8_passed_a_counts_as_15_in_the_level_difference():
    state = apply_deal(at(14, 13), NS_12)
    assert level_difference(state) == 2
    assert level_difference(state, side=EW) == -2
    assert state.level_line[-1] == (15, 13)


def test_g8_level_difference_signed_by_side():
    state = at(9, 4)
    assert (level_difference(state, side=NS), level_difference(state, side=EW)) == (5, -5)


DEALS = replace(STANDARD, match_format="deal_count", deal_limit=2)


def test_g8_deal_count_higher_level_wins():
    state = play_match([NS_12, EW_13], profile=DEALS)
    assert (state.finished, state.winner, state.end_reason) == (True, NS, EndReason.DEAL_LIMIT)


def test_g8_deal_count_passing_a_ends_early():
    profile = replace(STANDARD, match_format="deal_count", deal_limit=8)
    state = play_match([NS_12] * 5, profile=profile)
    assert (state.finished, state.end_reason, state.deals_played) == (True, EndReason.PASSED_A, 5)


def test_g8_deal_count_equal_levels_draw():
    state = play_match([NS_13, EW_13], profile=DEALS)
    assert (state.finished, state.draw, state.winner, state.tiebreak) == (True, True, None, Tiebreak.DRAW)


def test_g8_deal_count_equal_levels_extra_deal_needed():
    state = play_match([NS_13, EW_13], profile=replace(DEALS, equal_levels="extra_deal"))
    assert (state.finished, state.needs_extra_deal) == (False, True)


def test_g8_extra_deal_first_seat_side_wins():
    profile = replace(DEALS, equal_levels="extra_deal")
    state = play_match([NS_13, EW_13, ["S", "E", "W"]], profile=profile)
    assert (state.finished, state.winner, state.tiebreak, state.deals_played) == (
        True,
        NS,
        Tiebreak.EXTRA_DEAL,
        3,
    )


def test_g8_deal_count_equal_levels_last_deal_winner():
    state = play_match([NS_13, EW_13], profile=replace(DEALS, equal_levels="last_deal_winner"))
    assert (state.winner, state.tiebreak) == (EW, Tiebreak.LAST_DEAL_WINNER)


TIMED = replace(STANDARD, match_format="time_limit", time_limit_minutes=40)


def test_g8_time_limit_does_not_end_on_deal_count():
    assert not play_match([NS_14, EW_14] * 10, profile=TIMED).finished


def test_g8_time_limit_higher_level_wins_on_time():
    state = play_match([NS_12, EW_13], profile=TIMED, time_up=True)
    assert (state.winner, state.end_reason) == (NS, EndReason.TIME_LIMIT)


def test_g8_time_limit_passing_a_ends_early():
    assert play_match([NS_12] * 5, profile=TIMED).end_reason is EndReason.PASSED_A


def test_g8_time_limit_equal_levels_extra_deal():
    profile = replace(TIMED, equal_levels="extra_deal")
    state = play_match([NS_13, EW_13], profile=profile, time_up=True)
    assert state.needs_extra_deal
    assert apply_deal(state, EW_14, profile=profile).winner is EW


def test_g8_time_limit_no_deals_last_deal_winner_is_a_draw():
    state = close_on_time(MatchState(), profile=replace(TIMED, equal_levels="last_deal_winner"))
    assert state.draw


def test_g8_match_outcome_closes_a_timed_match_past_its_limit():
    state = play_match([NS_12], profile=TIMED)
    assert not match_outcome(state, profile=TIMED, elapsed_minutes=39.5).finished
    outcome = match_outcome(state, profile=TIMED, elapsed_minutes=40)
    assert (outcome.finished, outcome.winner, outcome.level_difference) == (True, NS, 3)


def test_g8_match_outcome_ignores_the_clock_in_through_a():
    assert not match_outcome(play_match([NS_12]), elapsed_minutes=500).finished


def test_g8_close_on_time_without_a_clock_is_bad_input():
    with pytest.raises(BadInput) as raised:
        close_on_time(MatchState(), profile=STANDARD)
    assert raised.value.code == "no_time_limit"


def test_g8_close_on_time_of_a_finished_match_changes_nothing():
    state = play_match([NS_12] * 5, profile=TIMED)
    assert close_on_time(state, profile=TIMED) == state


def test_g8_time_or_deals_ends_on_deal_count():
    profile = replace(STANDARD, match_format="time_or_deals", deal_limit=2)
    assert play_match([NS_12, EW_13], profile=profile).end_reason is EndReason.DEAL_LIMIT


def test_g8_time_or_deals_ends_on_time():
    profile = replace(STANDARD, match_format="time_or_deals", deal_limit=8)
    assert play_match([NS_12], profile=profile, time_up=True).end_reason is EndReason.TIME_LIMIT


def test_g8_apply_deal_on_finished_match_is_match_over():
    state = play_match([NS_12] * 5)
    with pytest.raises(BadInput) as raised:
        apply_deal(state, EW_12)
    assert raised.value.code == "match_over"


def test_g8_play_match_names_the_bad_deal():
    with pytest.raises(BadInput) as raised:
        play_match([NS_12, ["N", "E"]])
    assert (raised.value.code, raised.value.field) == ("finishing_order_incomplete", "finishing_orders[1]")


def test_g8_state_to_dict_writes_levels_as_codes():
    data = play_match([NS_12] * 5).to_dict()
    assert data["levels"] == {"NS": "A+", "EW": "2"}
    assert data["level_line"][0] == ["5", "2"] and data["winner"] == "NS"


def test_g8_state_rejects_impossible_levels():
    with pytest.raises(BadInput):
        MatchState(ns_level=15)


# ---- properties --------------------------------------------------------------------------------


orders = st.permutations(list("NESW")).map(
    lambda order: order[:2] if order[1] == Seat(order[0]).partner else order
)
profiles = st.builds(
    RuleProfile,
    mandatory_levels=st.sampled_from([(14,), (11, 14), (5, 11, 14)]),
    a_win=st.sampled_from(CHOICES["a_win"]),
    a_fail_limit=st.integers(1, 4),
    a_fail_reset=st.sampled_from([2, 11, 14, None]),
    a_fail_count=st.sampled_from(CHOICES["a_fail_count"]),
    streaks=st.booleans(),
    match_format=st.sampled_from(CHOICES["match_format"]),
    deal_limit=st.integers(1, 30),
    equal_levels=st.sampled_from(CHOICES["equal_levels"]),
)


@settings(max_examples=200, deadline=None)
@given(deals=st.lists(orders, max_size=60), profile=profiles)
def test_g6_property_levels_stay_within_2_and_a_or_a_plus(deals, profile):
    state = MatchState()
    for order in deals:
        if state.finished:
            with pytest.raises(BadInput) as raised:
                apply_deal(state, order, profile=profile)
            assert raised.value.code == "match_over"
            continue
        before = state
        state = apply_deal(state, order, profile=profile)
        winner = Side.NS if order[0] in "NS" else Side.EW
        loser = winner.other
        for side in Side:
            assert 2 <= state.level(side) <= 14 or (state.level(side) == 15 and state.passed_a is side)
            assert state.a_failures(side) < profile.a_fail_limit
        # Only the winning side goes up: the loser never rises.
        assert state.level(loser) <= before.level(loser)
        if not profile.streaks:
            # Without streaks a level only drops through the A-failure reset.
            for side in Side:
                if state.level(side) < before.level(side):
                    assert before.level(side) == 14 and state.level(side) == (profile.a_fail_reset or 14)
        assert state.on_stage is winner
        assert len(state.level_line) == state.deals_played
        assert state.level_line[-1] == (state.ns_level, state.ew_level)
        if not state.finished:
            assert 2 <= state.deal_level <= 14
            assert state.winner is None and not state.draw
        else:
            assert (state.winner is None) == state.draw


@settings(max_examples=100, deadline=None)
@given(deals=st.lists(orders, min_size=1, max_size=40), profile=profiles)
def test_g8_property_a_finished_match_stays_finished(deals, profile):
    state = MatchState()
    for order in deals:
        if state.finished:
            break
        state = apply_deal(state, order, profile=profile)
    if profile.match_format in ("time_limit", "time_or_deals"):
        closed = close_on_time(state, profile=profile)
        assert close_on_time(closed, profile=profile) == closed
        if closed.finished and not closed.draw:
            assert closed.level(closed.winner) >= closed.level(closed.winner.other)
