"""A match as a fold over its deals (docs/rules/shuangkou.md S8-S10): match.py."""

from __future__ import annotations

import pytest

from engine.errors import BadInput
from engine.seats import Seat, Side
from engine.shuangkou.cards import NO_TRUMP
from engine.shuangkou.match import (
    DealOutcome,
    EndReason,
    MatchState,
    apply_deal,
    close_on_time,
    play_match,
)
from engine.shuangkou.profiles import STANDARD

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def deal(dealer, points, j=False):
    return {"dealer": dealer, "attackers_points": points, "j_last_trick": j}


def test_s10_both_sides_start_at_2_and_the_first_caller_deals_the_first_deal():
    state = MatchState()
    assert (state.ns_level, state.ew_level, state.dealer, state.deal_level) == (2, 2, None, None)
    state = apply_deal(state, DealOutcome(E, 40))
    assert (state.ew_level, state.ns_level, state.dealer, state.deals) == (6, 2, W, 1)


def test_s8_attackers_at_80_or_more_take_the_deal_at_their_own_level():
    state = play_match([deal("N", 30), deal("S", 100)])
    assert (state.ns_level, state.ew_level, state.dealer, state.deal_level) == (7, 4, E, 4)


def test_s8_a_side_that_dealt_at_a_mandatory_level_and_lost_stays_on_it_when_it_takes_the_deal_back():
    # NS reach 10 (0 points: +8, stopped at 10), deal at 10 and lose it (80 points), then take the
    # deal back with 120 points (+4 from 10): they have not won a deal at 10, so they stay on it.
    state = play_match([deal("N", 0), deal("S", 80), deal("E", 120)])
    assert (state.ns_level, state.ew_level, state.dealer, state.deal_level) == (10, 2, N, 10)


def test_s8_a_side_that_won_a_deal_at_a_mandatory_level_rises_past_it():
    state = play_match([deal("N", 0), deal("S", 40)])  # kept at 10 with 40 points: +4, stopped at J
    assert state.ns_level == 11


def test_s9_a_deal_dealt_by_another_seat_than_the_one_due_is_bad_input():
    with pytest.raises(BadInput) as caught:
        play_match([deal("N", 30), deal("W", 30)])
    assert (caught.value.code, caught.value.field) == ("wrong_dealer", "deals.1.dealer")


def test_s10_winning_the_no_trump_deal_wins_the_match():
    state = MatchState(ns_level=14, dealer=N)
    state = apply_deal(state, DealOutcome(N, 0))
    assert (state.ns_level, state.deal_level, state.finished) == (NO_TRUMP, NO_TRUMP, False)
    state = apply_deal(state, DealOutcome(S, 70))
    assert (state.finished, state.winner, state.end) == (True, Side.NS, EndReason.NO_TRUMP_WON)


def test_s10_losing_the_no_trump_deal_hands_the_deal_over_and_the_side_stays_at_no_trump():
    state = apply_deal(MatchState(ns_level=NO_TRUMP, ew_level=5, dealer=N), DealOutcome(N, 95))
    assert (state.ns_level, state.ew_level, state.dealer, state.finished) == (NO_TRUMP, 6, W, False)


def test_s10_a_finished_match_takes_no_more_deals():
    state = MatchState(ns_level=NO_TRUMP, dealer=N)
    state = apply_deal(state, DealOutcome(N, 0))
    with pytest.raises(BadInput) as caught:
        apply_deal(state, DealOutcome(S, 0))
    assert caught.value.code == "match_over"


def test_s10_when_time_runs_out_the_side_ahead_wins():
    state = close_on_time(play_match([deal("N", 30), deal("S", 100)]))
    assert (state.winner, state.end, state.draw) == (Side.NS, EndReason.TIME_LIMIT, False)


def test_s10_equal_levels_at_the_time_limit_are_a_draw():
    state = play_match([deal("N", 80)], time_up=True)
    assert (state.winner, state.draw) == (None, True)


def test_s10_equal_levels_dealer_side_gives_the_match_to_the_side_holding_the_deal():
    profile = STANDARD.with_overrides({"equal_levels": "dealer_side"})
    state = play_match([deal("N", 80)], time_up=True, profile=profile)
    assert state.winner is Side.EW


def test_s8_the_j_rule_in_a_match_sends_the_dealer_side_back_to_2():
    state = apply_deal(MatchState(ns_level=11, ew_level=5, dealer=S), DealOutcome(S, 90, True))
    assert (state.ns_level, state.ew_level, state.dealer) == (2, 6, E)


def test_s10_the_level_sheet_keeps_every_change():
    state = play_match([deal("N", 30), deal("S", 100), deal("E", 60)])
    assert [c.to_dict()["level_to"] for c in state.changes] == ["7", "4", "6"]
    assert state.to_dict()["levels"] == {"NS": "7", "EW": "6"}


@pytest.mark.parametrize(
    ("outcome", "field"),
    [
        ({"dealer": "X", "attackers_points": 5}, "deals.0.dealer"),
        ({"dealer": "N", "attackers_points": -5}, "deals.0.attackers_points"),
        ({"dealer": "N", "attackers_points": 5, "j_last_trick": 1}, "deals.0.j_last_trick"),
        ("N 5", "deals.0"),
    ],
)
def test_s10_a_malformed_deal_outcome_is_bad_input_at_its_field(outcome, field):
    with pytest.raises(BadInput) as caught:
        play_match([outcome])
    assert caught.value.field == field


def test_s10_the_match_as_json():
    state = play_match([deal("N", 75)])
    data = state.to_dict()
    assert (data["dealer"], data["dealer_side"], data["no_trump_deal"], data["finished"]) == (
        "S",
        "NS",
        False,
        False,
    )
