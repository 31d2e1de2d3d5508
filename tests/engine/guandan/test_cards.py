"""Cards, seats and levels (docs/rules/guandan.md G1, G2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import BadInput
from engine.guandan.cards import ALL_CODES, check_copies, format_level, parse_card, parse_cards, parse_level
from engine.seats import Seat, Side, next_seat, parse_seat


def test_g1_108_cards_are_54_codes_twice():
    assert len(ALL_CODES) == 54
    assert {"BJ", "RJ", "ST", "HA", "D2"} <= set(ALL_CODES)


@pytest.mark.parametrize(
    "text, code",
    [
        ("S10", "ST"),
        ("s10", "ST"),
        ("♠10", "ST"),
        ("10♠", "ST"),
        ("h2", "H2"),
        ("♥A", "HA"),
        ("dt", "DT"),
        ("bj", "BJ"),
        ("RJ", "RJ"),
        ("小王", "BJ"),
        ("大王", "RJ"),
        ("♦q", "DQ"),
        ("♣k", "CK"),
    ],
)
def test_g1_input_forms_parse_to_the_canonical_code(text, code):
    assert parse_card(text).code == code


@pytest.mark.parametrize("text", ["", "X9", "S1", "S11", "SJJ", "J", "10", 10, None, "SB"])
def test_g1_unknown_codes_are_refused(text):
    with pytest.raises(BadInput) as caught:
        parse_card(text)
    assert caught.value.code == "unknown_card"


def test_g1_sj_is_the_jack_of_spades_not_a_joker():
    assert parse_card("SJ").rank == 11 and not parse_card("SJ").is_joker


@given(st.sampled_from(ALL_CODES))
def test_g1_canonical_codes_round_trip(code):
    assert parse_card(code).code == code
    assert parse_card(code.lower()).code == code


def test_g1_parsed_cards_are_interned():
    assert parse_card("s10") is parse_card("ST")


def test_g1_two_copies_are_allowed_three_are_not():
    check_copies(parse_cards(["S3", "S3"]))
    with pytest.raises(BadInput) as caught:
        check_copies(parse_cards(["S3", "S3"]), parse_cards(["S3"]))
    assert caught.value.code == "too_many_copies"


def test_g1_counterclockwise_play_order_n_w_s_e():
    assert [next_seat(s) for s in (Seat.N, Seat.W, Seat.S, Seat.E)] == [Seat.W, Seat.S, Seat.E, Seat.N]


def test_g1_clockwise_variant():
    assert next_seat(Seat.N, "clockwise") == Seat.E


def test_g1_partners_sit_opposite():
    assert (Seat.N.partner, Seat.E.partner) == (Seat.S, Seat.W)
    assert (Seat.W.side, Side.NS.seats) == (Side.EW, (Seat.N, Seat.S))


def test_seats_parse_and_refuse():
    assert parse_seat("w") == Seat.W
    with pytest.raises(BadInput):
        parse_seat("X")


def test_g2_only_the_heart_level_cards_are_wild():
    assert parse_card("H7").is_wild(7)
    assert not parse_card("S7").is_wild(7)
    assert not parse_card("H7").is_wild(8)


def test_g2_level_card_order_above_a_below_jokers():
    level = 7
    order = [parse_card(c).order(level) for c in ("SA", "S7", "BJ", "RJ")]
    assert order == sorted(order) and len(set(order)) == 4


@pytest.mark.parametrize("text, level", [("2", 2), ("10", 10), ("T", 10), ("j", 11), ("A", 14)])
def test_g2_levels_parse(text, level):
    assert parse_level(text) == level


def test_g8_passed_a_is_a_plus_only_where_allowed():
    assert parse_level("A+", allow_passed=True) == 15
    assert format_level(15) == "A+" and format_level(10) == "10"
    with pytest.raises(BadInput):
        parse_level("A+")
