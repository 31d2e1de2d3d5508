"""Guandan's scoresheet (docs/rules/guandan.md G5-G8; engine/guandan/scoresheet.py): a posted deal is
read once, checked against the table and folded; the fold is the tie's."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.doudizhu import GAME as DOUDIZHU
from engine.errors import BadInput
from engine.guandan.cards import format_cards
from engine.guandan.posted import PostedDeal
from engine.guandan.profiles import STANDARD
from engine.guandan.scoresheet import SHEET
from engine.guandan.simulate import simulate_deal
from engine.guandan.tie import TieState, play_tie
from engine.sheets import DealRefused, MatchSheet

NS_12, EW_14 = ["N", "S"], ["E", "N", "S"]


def _record(data, state):
    return SHEET.record(SHEET.read(data), state=state, profile=STANDARD)


def test_guandan_keeps_its_matches_on_a_scoresheet():
    assert isinstance(SHEET, MatchSheet) and SHEET.identity_is_posted and SHEET.line_kind == "level_line"


def test_a_rederived_guandan_deal_keeps_the_identity_it_was_posted_with():
    """A later deal derived again after a correction is still the deal its table posted (G5)."""
    asked = []
    assert SHEET.rederived_identity("posted", lambda: asked.append(1) or "record") == "posted"
    assert asked == []


def test_a_rederived_deal_of_a_game_identified_by_its_record_takes_the_new_one():
    sheet = DOUDIZHU.match_sheet
    assert sheet is not None and not sheet.identity_is_posted
    assert sheet.rederived_identity("posted", lambda: "record") == "record"


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
    assert SHEET.rederive(record, state=ended, profile=STANDARD).record["game"] == 2


def test_level_changes_fold_between_deals():
    assert SHEET.fold([], profile=STANDARD, best_of=3) == TieState(best_of=3)
    with pytest.raises(BadInput):
        SHEET.begin(STANDARD, best_of=2)


ORDERS = [["N", "S"], ["E", "W"], ["N", "E", "S"], ["E", "N", "W"], ["N", "W", "E"], ["W", "S", "E"]]


def _simulated(seed: int, level: int) -> dict:
    """A whole deal as a table records it: the hands, the leader and every play (G5)."""
    deal = simulate_deal(rng=random.Random(seed), level=level)
    return {
        "hands": {str(seat): format_cards(cards) for seat, cards in deal.hands.items()},
        "leader": str(deal.leader),
        "plays": [action.to_dict() for action in deal.actions],
    }


@settings(max_examples=30, deadline=None)
@given(
    deals=st.lists(st.tuples(st.sampled_from(ORDERS), st.integers(0, 2**16), st.booleans()), max_size=30),
    best_of=st.sampled_from([1, 3]),
)
def test_folding_a_simulated_match_through_the_sheet_is_the_tie(deals, best_of):
    """Recording and applying every deal of a simulated table through the sheet — a game's first deal
    often played out in full (hands and plays, replayed), the others by their finishing order —
    reaches the state ``tie.play_tie`` reaches from the finishing orders alone."""
    state = SHEET.begin(STANDARD, best_of=best_of)
    orders = []
    for order, seed, played in deals:
        if state.finished:
            break
        # A later deal of a game needs its tribute with the hands (G7): only a game's first deal is
        # played out here.
        full = played and state.current.deals_played == 0
        data = _simulated(seed, SHEET.deal_level(state)) if full else {"finishing_order": order}
        record = _record(data, state)
        state = SHEET.apply(state, record, profile=STANDARD)
        orders.append(record["finishing_order"])
    assert state == play_tie(orders, best_of=best_of)
    if state.finished:
        assert SHEET.totals(state).winner == state.winner and len(SHEET.totals(state).game_rows()) == len(
            state.games
        )


def test_tally_counts_the_deals_won_by_finish():
    records = [
        {"finishing_order": order}
        for order in (["N", "S", "E", "W"], ["E", "N", "W", "S"], ["N", "E", "W", "S"])
    ]
    assert SHEET.tally(records) == {"NS": [1, 0, 1], "EW": [0, 1, 0]}


def test_a_stored_deal_in_a_conflict_shows_its_level_and_whether_plays_were_recorded():
    record = _record({"finishing_order": NS_12, "leader": "n"}, TieState())
    stored = SHEET.stored_form(number=1, version=2, level=2, record=record, played_at=None)
    assert stored == {
        "number": 1,
        "version": 2,
        "game": 1,
        "level": "2",
        "finishing_order": ["N", "S", "E", "W"],
        "tribute": None,
        "leader": "n",  # as the table wrote it
        "played_at": None,
        "recorded_plays": False,
    }


def test_a_printed_sheet_has_a_row_for_every_deal_of_a_counted_format():
    counted = replace(STANDARD, match_format="deal_count", deal_limit=8, equal_levels="extra_deal")
    assert SHEET.deals_expected(counted) == 9 and SHEET.deals_expected(STANDARD) is None
