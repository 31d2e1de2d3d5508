"""Guandan's scoresheet (docs/rules/guandan.md G5-G8; engine/guandan/scoresheet.py): a posted deal is
read once, checked against the table and folded; the fold is the tie's."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import BadInput
from engine.guandan.cards import Side, format_cards
from engine.guandan.profiles import STANDARD
from engine.guandan.scoresheet import SHEET, PostedDeal
from engine.guandan.simulate import simulate_deal
from engine.guandan.tie import TieState, play_tie
from engine.sheets import DealRefused, MatchSheet

NS_12, EW_14 = ["N", "S"], ["E", "N", "S"]


def _record(data, state):
    return SHEET.record(SHEET.read(data), state=state, profile=STANDARD)


def test_guandan_keeps_its_matches_on_a_scoresheet():
    assert isinstance(SHEET, MatchSheet) and SHEET.identity_is_posted and SHEET.line_kind == "level_line"


def test_read_parses_once_into_a_frozen_value():
    posted = SHEET.read({"finishing_order": ["n", "s", "w", "e"], "leader": "e", "level": "2"})
    assert isinstance(posted, PostedDeal) and SHEET.read(posted) is posted
    assert posted.finish.codes() == ["N", "S", "W", "E"]
    # A 1-2 finish: both losers are last, so the deal is the same whatever their order.
    assert SHEET.identity(posted) == {"finishing_order": ["N", "S", "E", "W"], "leader": "E"}


@pytest.mark.parametrize(
    ("data", "code", "field"),
    [
        ({"finishing_order": ["N", "X"]}, "unknown_seat", "finishing_order[1]"),
        ({"tribute": {"tributes": [{"from": "W", "to": "N", "card": "ZZ"}]}}, "unknown_card", None),
        ({"plays": [{"seat": "Q", "pass": True}]}, "unknown_seat", "plays[0].seat"),
    ],
)
def test_read_names_what_is_malformed(data, code, field):
    with pytest.raises(BadInput) as caught:
        SHEET.read(data)
    assert caught.value.code == code
    if field is not None:
        assert caught.value.field == field


def test_record_and_apply_a_deal():
    state = SHEET.begin(STANDARD, best_of=1)
    record = _record({"finishing_order": NS_12}, state)
    assert record == {
        "game": 1,
        "finishing_order": ["N", "S", "E", "W"],
        "tribute": None,
        "hands": None,
        "leader": None,
        "plays": None,
    }
    after = SHEET.apply(state, record, profile=STANDARD)
    assert after == play_tie([NS_12]) and SHEET.deal_level(after) == 5 and after.deals == 1


def test_wrong_level_is_refused_with_the_expected_level():
    with pytest.raises(DealRefused) as caught:
        _record({"finishing_order": NS_12, "level": "3"}, TieState())
    assert (caught.value.code, caught.value.field, caught.value.extra) == (
        "wrong_level",
        "level",
        {"expected": "2"},
    )


def test_tribute_is_checked_against_the_last_deal():
    state = play_tie([NS_12])
    tribute = {"tributes": [{"from": "E", "to": "N", "card": "SA"}], "returns": []}
    with pytest.raises(DealRefused) as caught:
        _record({"finishing_order": EW_14, "tribute": tribute}, state)
    assert caught.value.errors and caught.value.errors[0]["field"].startswith("tribute")
    assert caught.value.extra["tribute"]["valid"] is False


def test_plays_are_replayed_and_give_the_finishing_order():
    deal = simulate_deal(rng=random.Random(7), level=2)
    data = {
        "hands": {str(seat): format_cards(cards) for seat, cards in deal.hands.items()},
        "leader": str(deal.leader),
        "plays": [action.to_dict() for action in deal.actions],
    }
    record = _record(data, TieState())
    assert record["finishing_order"][0] == str(deal.finishing_order[0]) and record["leader"] == str(
        deal.leader
    )
    assert len(record["plays"]) == len(deal.actions)
    with pytest.raises(DealRefused) as caught:
        _record({**data, "plays": data["plays"][:-1]}, TieState())
    assert caught.value.code in {"deal_not_finished", "not_your_turn"} or caught.value.field.startswith(
        "plays"
    )


def test_rederive_follows_the_new_levels():
    record = _record({"finishing_order": EW_14}, play_tie([NS_12]))
    assert record["game"] == 1
    # The same stored deal after an earlier correction that ended game 1 of a best of three.
    ended = play_tie([NS_12] * 5, best_of=3)
    assert SHEET.rederive(record, state=ended, profile=STANDARD)["game"] == 2


def test_level_changes_fold_between_deals():
    assert SHEET.fold([], profile=STANDARD, best_of=3) == TieState(best_of=3)
    with pytest.raises(BadInput):
        SHEET.begin(STANDARD, best_of=2)


@settings(max_examples=40, deadline=None)
@given(
    orders=st.lists(
        st.sampled_from(
            [["N", "S"], ["E", "W"], ["N", "E", "S"], ["E", "N", "W"], ["N", "W", "E"], ["W", "S", "E"]]
        ),
        max_size=30,
    ),
    best_of=st.sampled_from([1, 3]),
)
def test_folding_through_the_sheet_is_the_tie(orders, best_of):
    """Recording and applying every deal of a simulated table through the sheet reaches the state
    ``tie.play_tie`` reaches from the finishing orders alone (until the table is over)."""
    state = SHEET.begin(STANDARD, best_of=best_of)
    played = []
    for order in orders:
        if state.finished:
            break
        state = SHEET.apply(state, _record({"finishing_order": order}, state), profile=STANDARD)
        played.append(order)
    assert state == play_tie(played, best_of=best_of)
    assert SHEET.totals(state).winner == (state.winner if state.finished else None) or not state.finished
    assert state.winner in (None, Side.NS, Side.EW)
