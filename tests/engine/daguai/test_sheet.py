"""The scoresheet of a Daguai Luzi match (engine/daguai/sheet.py; docs/rules/daguai.md K5-K7):
deals posted by dealer and finishing order (or replayed whole), folded into points and first-outs."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.daguai import GAME
from engine.daguai.profiles import STANDARD
from engine.daguai.seats import SEATS, dealer_of
from engine.daguai.sheet import SHEET, DaguaiMatch
from engine.daguai.simulate import simulate_deal
from engine.errors import BadInput, RuleViolation
from engine.seats import Side

ORDERS = ("135", "1235", "12435", "12436", "1246", "246", "2146")  # 8, 5, 3, 1, 0 to A; 8, 5 to B


def post(state, order: str, *, dealer: str | None = None, stopped: bool = False, profile=STANDARD):
    """The state after one more deal, posted as a scorekeeper would."""
    data = {"dealer": dealer or dealer_of(state.deals + 1).value, "finishing_order": list(order)}
    if stopped:
        data["stopped"] = True
    record = SHEET.record(data, state=state, profile=profile)
    return SHEET.apply(state, record, profile=profile), record


def play_round(orders, profile=STANDARD):
    state = SHEET.start(profile)
    for order in orders:
        state, _ = post(state, order, profile=profile)
    return state


def test_k5_the_game_keeps_its_matches_on_the_sheet():
    assert GAME.match_sheet is SHEET and GAME.team_size == 3 and GAME.in_service
    assert SHEET.side_names == {Side.NS: "A", Side.EW: "B"}


@pytest.mark.parametrize(
    ("order", "a", "b"), [("135", 8, 0), ("12436", 1, 0), ("1246", 0, 0), ("2146", 0, 5)]
)
def test_k5_a_deal_scores_the_first_out_team_only(order, a, b):
    state, record = post(SHEET.start(STANDARD), order)
    assert (state.a_points, state.b_points) == (a, b)
    assert record["score"]["by_team"] == {"A": a, "B": b}


def test_k5_a_deal_counts_a_first_out_for_the_team_of_the_first_player_out():
    state = play_round(["1246", "2146", "135"])
    assert (state.a_first_outs, state.b_first_outs, state.deals) == (2, 1, 3)


def test_k5_seats_listed_after_the_deal_ended_are_dropped():
    _, record = post(SHEET.start(STANDARD), "135246")
    assert record["finishing_order"] == ["1", "3", "5"]


def test_k5_the_dealer_follows_the_rotation():
    state = play_round(["135"])
    with pytest.raises(BadInput) as caught:
        post(state, "135", dealer="1")
    assert (caught.value.code, caught.value.field) == ("wrong_dealer", "dealer")


def test_k5_a_dealer_is_required():
    with pytest.raises(BadInput) as caught:
        SHEET.record({"finishing_order": list("135")}, state=SHEET.start(STANDARD), profile=STANDARD)
    assert (caught.value.code, caught.value.field) == ("missing_dealer", "dealer")


def test_k5_an_unfinished_order_not_stopped_is_malformed():
    with pytest.raises(BadInput) as caught:
        post(SHEET.start(STANDARD), "12")
    assert (caught.value.code, caught.value.field) == ("deal_not_finished", "finishing_order")


def test_k5_a_bad_seat_is_named_by_its_index():
    with pytest.raises(BadInput) as caught:
        post(SHEET.start(STANDARD), ["1", "7"])
    assert caught.value.field == "finishing_order.1"


def test_k5_an_unknown_field_is_refused():
    data = {"dealer": "1", "finishing_order": list("135"), "level": "2"}
    with pytest.raises(BadInput) as caught:
        SHEET.record(data, state=SHEET.start(STANDARD), profile=STANDARD)
    assert (caught.value.code, caught.value.field) == ("unknown_field", "level")


def test_k6_a_stopped_deal_is_scored_as_it_stands():
    state, record = post(SHEET.start(STANDARD), "12", stopped=True)  # A first out, 2 of A still in
    assert (state.a_points, state.b_points, state.a_first_outs) == (0, 0, 1)
    state, record = post(state, "213", stopped=True)  # B first out, 2 of B in: trapped[1] = 0
    assert record["stopped"] is True and record["score"]["trapped"] == 2
    state, record = post(state, "3254", stopped=True)  # A first out, 1 of A in: trapped[0] = 1
    assert (state.a_points, state.b_points) == (1, 0)


def test_k6_a_stopped_deal_with_nobody_out_scores_nothing():
    state, _ = post(SHEET.start(STANDARD), "", stopped=True)
    assert (state.a_points, state.b_points, state.a_first_outs, state.b_first_outs, state.deals) == (
        0,
        0,
        0,
        0,
        1,
    )


def test_k5_the_match_ends_after_deals_per_round_and_the_higher_points_win():
    state = play_round(["135", "2146", "1246", "12436", "246", "12435"])  # A 8+0+0+1+0+3, B 5+8
    assert state.finished and (state.a_points, state.b_points) == (12, 13)
    totals = SHEET.totals(state)
    assert (totals.winner, totals.deals, totals.end_reason) == (Side.EW, 6, "deals")
    assert (totals.ns_points, totals.ew_points, totals.ns_first_outs, totals.ew_first_outs) == (12, 13, 4, 2)


def test_k5_equal_points_are_a_draw():
    state = play_round(["135", "246"], profile=STANDARD.with_overrides({"deals_per_round": 2}))
    assert state.finished and state.winner is None and SHEET.totals(state).winner is None


def test_k5_no_deal_after_the_round():
    profile = STANDARD.with_overrides({"deals_per_round": 1})
    state = play_round(["135"], profile=profile)
    with pytest.raises(BadInput) as caught:
        post(state, "135", dealer="2", profile=profile)
    assert caught.value.code == "match_over"


def test_k5_an_unfinished_match_has_no_totals():
    with pytest.raises(BadInput) as caught:
        SHEET.totals(play_round(["135"]))
    assert caught.value.code == "match_not_finished"


def test_k6_the_clock_closes_a_match_early_and_its_deals_decide():
    state = SHEET.close_on_time(play_round(["1246", "2146"]), profile=STANDARD)
    totals = SHEET.totals(state)
    assert (totals.winner, totals.deals, totals.end_reason) == (Side.EW, 2, "time_limit")
    assert SHEET.close_on_time(play_round(["135"] * 6), profile=STANDARD).time_up is False


def test_k5_fold_replays_the_stored_records():
    state = SHEET.start(STANDARD)
    records = []
    for order in ["135", "2146", "1246"]:
        state, record = post(state, order)
        records.append(record)
    assert SHEET.fold(records, profile=STANDARD) == state
    assert SHEET.fold(records, profile=STANDARD, time_up=True).finished


@pytest.mark.parametrize("seed", range(2))
def test_k4_a_whole_deal_is_replayed_and_scored(seed):
    deal = simulate_deal(rng=random.Random(seed), dealer=SEATS[0])
    record = SHEET.record(deal.request(), state=SHEET.start(STANDARD), profile=STANDARD)
    assert (
        record["finishing_order"]
        == [seat.value for seat in deal.finishing_order][: len(record["finishing_order"])]
    )
    assert len(record["plays"]) == len(deal.actions) and len(record["hands"]) == 6


def test_k4_a_replayed_violation_names_the_play():
    deal = simulate_deal(rng=random.Random(3), dealer=SEATS[0]).request()
    deal["plays"][0] = {"seat": "2", "pass": True}  # seat 1 deals and leads
    with pytest.raises(RuleViolation) as caught:
        SHEET.record(deal, state=SHEET.start(STANDARD), profile=STANDARD)
    assert (caught.value.code, caught.value.field) == ("not_your_turn", "plays.0")


def test_k4_a_posted_order_other_than_the_replays_is_refused():
    deal = simulate_deal(rng=random.Random(4), dealer=SEATS[0]).request()
    deal["finishing_order"] = list("135")
    with pytest.raises(RuleViolation) as caught:
        SHEET.record(deal, state=SHEET.start(STANDARD), profile=STANDARD)
    assert (caught.value.code, caught.value.field) == ("finishing_order_mismatch", "finishing_order")


@given(st.lists(st.permutations(list("123456")), min_size=1, max_size=10))
def test_k5_a_folded_round_never_passes_its_deals_and_first_outs_count_the_deals(orders):
    state = SHEET.start(STANDARD)
    for order in orders:
        if state.finished:
            with pytest.raises(BadInput):
                post(state, "".join(order))
            break
        state, _ = post(state, "".join(order))
    assert state.deals <= STANDARD.deals_per_round
    assert state.a_first_outs + state.b_first_outs == state.deals
    assert isinstance(state, DaguaiMatch) and min(state.a_points, state.b_points) >= 0


def test_k5_a_stored_record_is_valid_input_and_gives_itself_back():
    state, record = post(SHEET.start(STANDARD), "2146")
    again = SHEET.record(record, state=SHEET.start(STANDARD), profile=STANDARD)
    assert again == record
    again = SHEET.record(record, state=state, profile=STANDARD)
    with pytest.raises(BadInput) as caught:  # after a correction, the later deal's dealer no longer fits
        SHEET.apply(state, again, profile=STANDARD)
    assert caught.value.code == "wrong_dealer"
