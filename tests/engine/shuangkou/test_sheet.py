"""Shuangkou's scoresheet (docs/rules/shuangkou.md "Scorekeeping", S8-S10): the short and whole forms
of a deal, the record's round trip, the totals; and, over random short-form deals, levels that stay
in 2..15 and a finished match that takes no more deals."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import BadInput, RuleViolation
from engine.seats import Side
from engine.shuangkou.profiles import STANDARD
from engine.shuangkou.sheet import SHEET
from engine.shuangkou.simulate import simulate_deal


def fold(*records):
    return SHEET.fold(records, profile=STANDARD)


def short(dealer: str, points: int, j: bool = False) -> dict:
    return {"dealer": dealer, "attackers_points": points, "j_last_trick": j}


def test_s8_the_short_form_is_recorded_as_given():
    record = SHEET.record({**short("E", 85), "number": 1}, state=fold(), profile=STANDARD)
    assert record == {"form": "short", **short("E", 85)}


def test_s8_a_record_is_its_own_input():
    state = fold(short("N", 35))
    record = SHEET.record(short("S", 85), state=state, profile=STANDARD)
    assert SHEET.record(record, state=state, profile=STANDARD) == record


def test_s8_the_deal_level_is_the_dealer_sides():
    assert SHEET.deal_level(fold()) == 2
    assert SHEET.deal_level(fold(short("N", 35))) == 6


def test_s8_a_posted_level_that_is_not_the_deals_is_a_rule_violation():
    with pytest.raises(RuleViolation) as error:
        SHEET.record({**short("S", 85), "level": "5"}, state=fold(short("N", 35)), profile=STANDARD)
    assert (error.value.code, error.value.field) == ("wrong_level", "level")


def test_s8_a_malformed_short_form_names_its_field():
    with pytest.raises(BadInput) as error:
        SHEET.record({"dealer": "N", "attackers_points": "lots"}, state=fold(), profile=STANDARD)
    assert error.value.field == "attackers_points"


def test_s3_a_whole_deal_missing_a_part_names_it():
    deal = simulate_deal(rng=random.Random(3)).request()
    del deal["buried"]
    with pytest.raises(BadInput) as error:
        SHEET.record(deal, state=fold(), profile=STANDARD)
    assert error.value.field == "buried"


def test_s7_a_whole_deal_gives_the_attackers_points_of_its_replay():
    simulated = simulate_deal(rng=random.Random(11))
    record = SHEET.record(simulated.request(), state=fold(), profile=STANDARD)
    assert record["form"] == "whole"
    assert record["dealer"] == simulated.dealt_by.value
    state = SHEET.apply(fold(), record, profile=STANDARD)
    assert state.deals == 1 and state.changes[0].attackers_points == record["attackers_points"]


def test_s9_the_wrong_dealer_is_refused_by_the_fold():
    with pytest.raises(BadInput) as error:
        fold(short("N", 35), short("E", 35))
    assert error.value.code == "wrong_dealer"


def test_s10_totals_of_a_match_closed_on_time():
    state = SHEET.close_on_time(fold(short("N", 35), short("S", 90)), profile=STANDARD)
    totals = SHEET.totals(state)
    assert (totals.winner, totals.deals, totals.end_reason) == (Side.NS, 2, "time_limit")
    assert (totals.ns_level, totals.ew_level, totals.ns_points) == (6, 3, None)


DEALS = st.lists(st.tuples(st.integers(0, 260), st.booleans()), max_size=60)


@settings(max_examples=80, deadline=None)
@given(DEALS)
def test_s8_random_short_deals_keep_levels_in_range_and_an_ended_match_takes_no_more(deals):
    state = SHEET.start(STANDARD)
    for points, j in deals:
        dealer = state.dealer.value if state.dealer else "N"
        record = SHEET.record(short(dealer, points, j), state=state, profile=STANDARD)
        if state.finished:
            with pytest.raises(BadInput) as error:
                SHEET.apply(state, record, profile=STANDARD)
            assert error.value.code == "match_over"
            return
        state = SHEET.apply(state, record, profile=STANDARD)
        assert 2 <= state.ns_level <= 15 and 2 <= state.ew_level <= 15
        assert SHEET.deal_level(state) in (state.ns_level, state.ew_level)
    assert state.finished is (state.winner is not None)
