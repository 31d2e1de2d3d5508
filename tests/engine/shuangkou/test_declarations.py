"""Calling trump, overcalls, turning the bottom and the first dealer (docs/rules/shuangkou.md S3):
declaration.py and the check_declarations question."""

from __future__ import annotations

import pytest

from engine.cards import Suit
from engine.errors import BadInput
from engine.seats import Seat
from engine.shuangkou.declaration import TrumpSource
from engine.shuangkou.questions import check_declarations
from tests.engine.shuangkou.builders import deal

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def check(calls=(), *, hands=None, bottom="", level="2", dealer="N", **kwargs):
    full, cards = deal(hands, bottom)
    return check_declarations(
        hands=full, bottom=cards, declarations=calls, level=level, dealer=dealer, **kwargs
    )


def call(seat, text, **extra):
    return {"seat": seat, "cards": text.split(), **extra}


def test_s3_showing_a_level_card_makes_its_suit_trump():
    result = check([call("E", "H2")], hands={"E": "H2"})
    assert (result.valid, result.trump_suit, result.source, result.standing_call) == (
        True,
        Suit.HEARTS,
        TrumpSource.DECLARED,
        0,
    )


def test_s3_two_identical_level_cards_overcall_one():
    result = check([call("E", "H2"), call("S", "C2 C2")], hands={"E": "H2", "S": "C2 C2"})
    assert (result.trump_suit, result.standing_call) == (Suit.CLUBS, 1)


def test_s3_a_player_strengthens_its_own_call_with_the_second_card():
    result = check([call("E", "H2"), call("E", "H2 H2")], hands={"E": "H2 H2"})
    assert result.valid and result.trump_suit is Suit.HEARTS


def test_s3_two_small_jokers_overcall_two_level_cards_and_leave_no_trump_suit():
    result = check([call("E", "H2 H2"), call("W", "BJ BJ")], hands={"E": "H2 H2", "W": "BJ BJ"})
    assert (result.valid, result.trump_suit, result.source) == (True, None, TrumpSource.JOKERS)


def test_s3_two_big_jokers_overcall_two_small_jokers():
    result = check([call("E", "BJ BJ"), call("W", "RJ RJ")], hands={"E": "BJ BJ", "W": "RJ RJ"})
    assert (result.valid, result.standing_call, result.trump_suit) == (True, 1, None)


@pytest.mark.parametrize(
    ("calls", "hands"),
    [
        ([call("E", "H2"), call("S", "C2")], {"E": "H2", "S": "C2"}),  # one card never overcalls
        ([call("E", "H2 H2"), call("S", "C2 C2")], {"E": "H2 H2", "S": "C2 C2"}),  # a pair never a pair
        ([call("E", "BJ BJ"), call("S", "C2 C2")], {"E": "BJ BJ", "S": "C2 C2"}),
        ([call("E", "RJ RJ"), call("S", "BJ BJ")], {"E": "RJ RJ", "S": "BJ BJ"}),
    ],
)
def test_s3_an_overcall_must_be_stronger_than_the_call_standing(calls, hands):
    result = check(calls, hands=hands)
    assert (result.valid, result.violation.code, result.violation.index) == (False, "overcall_too_weak", 1)
    assert result.violation.path == "declarations.1"


@pytest.mark.parametrize("shown", ["H3", "BJ", "H2 C2", "BJ RJ", "H3 H3"])
def test_s3_a_call_is_a_level_card_two_of_them_or_two_equal_jokers(shown):
    result = check([call("E", shown)], hands={"E": shown})
    assert result.violation.code == "invalid_declaration"


def test_s3_a_call_shows_cards_the_caller_was_dealt():
    result = check([call("E", "H2 H2")], hands={"E": "H2", "W": "H2"})
    assert (result.violation.code, result.violation.card, result.violation.path) == (
        "card_not_in_hand",
        1,
        "declarations.0.cards.1",
    )


def test_s3_calls_end_when_the_dealer_takes_the_bottom():
    result = check([call("E", "H2", after_bottom=True)], hands={"E": "H2"})
    assert result.violation.code == "declaration_after_bottom"


def test_s9_the_no_trump_deal_has_no_calls():
    result = check([call("E", "BJ BJ")], hands={"E": "BJ BJ"}, level="NT")
    assert result.violation.code == "declaration_not_allowed"


def test_s9_the_no_trump_deal_settles_no_trump_without_turning_the_bottom():
    result = check(level="NT", bottom="H5")
    assert (result.trump_suit, result.source, result.turned) == (None, TrumpSource.NO_TRUMP_DEAL, None)


def test_s3_nobody_called_the_first_level_card_turned_from_the_bottom_names_trump():
    result = check(bottom="HA S3 D2 C2")
    assert (result.trump_suit, result.source, result.turned) == (
        Suit.DIAMONDS,
        TrumpSource.BOTTOM_LEVEL_CARD,
        2,
    )


def test_s3_no_level_card_in_the_bottom_the_suit_of_the_highest_card_is_trump():
    result = check(bottom="H5 SK BJ RJ C9 DK HQ C3", level="4")
    assert (result.trump_suit, result.source, result.turned) == (Suit.SPADES, TrumpSource.BOTTOM_HIGHEST, 1)


def test_s3_turning_the_bottom_passes_over_the_jokers():
    result = check(bottom="RJ BJ RJ BJ H5 C6 D3 S3", level="9")
    assert (result.trump_suit, result.turned) == (Suit.CLUBS, 5)


def test_s3_the_first_deal_is_dealt_by_the_first_caller_not_the_overcaller():
    result = check([call("E", "H2"), call("S", "C2 C2")], hands={"E": "H2", "S": "C2 C2"}, dealer=None)
    assert (result.dealer, result.first_caller) == (E, E)


def test_s3_a_first_deal_dealt_by_another_seat_is_wrong_dealer():
    result = check([call("E", "H2")], hands={"E": "H2"}, dealer="N", first_deal=True)
    assert (result.valid, result.violation.code, result.violation.index) == (False, "wrong_dealer", 0)


def test_s3_a_later_deal_keeps_the_dealer_it_was_given():
    result = check([call("E", "H2")], hands={"E": "H2"}, dealer="W")
    assert result.dealer is W


def test_s3_a_first_deal_nobody_called_in_needs_the_dealer_named():
    with pytest.raises(BadInput) as caught:
        check(dealer=None)
    assert (caught.value.code, caught.value.field) == ("missing_dealer", "dealer")


@pytest.mark.parametrize(
    ("calls", "field"),
    [
        ([{"seat": "X", "cards": ["H2"]}], "declarations.0.seat"),
        ([{"seat": "E", "cards": ["H2", "ZZ"]}], "declarations.0.cards.1"),
        ([{"seat": "E", "cards": ["H2", "H2", "H2"]}], "declarations.0.cards"),
        ([{"seat": "E", "cards": []}], "declarations.0.cards"),
        (["H2"], "declarations.0"),
        ([{"seat": "E", "cards": ["H2"], "after_bottom": "yes"}], "declarations.0.after_bottom"),
    ],
)
def test_s3_a_malformed_call_is_bad_input_at_its_field(calls, field):
    with pytest.raises(BadInput) as caught:
        check(calls, hands={"E": "H2"})
    assert caught.value.field == field


def test_s3_the_verdict_as_json():
    result = check([call("E", "H2")], hands={"E": "H2"}, dealer=None)
    assert result.to_dict() == {
        "valid": True,
        "violation": None,
        "trump_suit": "H",
        "source": "declared",
        "first_caller": "E",
        "standing_call": 0,
        "turned": None,
        "dealer": "E",
    }
