"""Hands of a referee question, for every game (engine/hands.py)."""

from __future__ import annotations

import pytest

from engine.cards import parse_card, parse_cards
from engine.errors import BadInput
from engine.hands import parse_hands, with_field
from engine.seats import Seat, parse_seat


def parse(hands, *, exact=True, size=2):
    return parse_hands(
        hands,
        seats=tuple(Seat),
        parse_seat=parse_seat,
        parse_cards=parse_cards,
        parse_card=parse_card,
        hand_size=size,
        rule="X1",
        exact=exact,
    )


GOOD = {"N": ["S3", "S4"], "E": ["H3", "H4"], "S": ["C3", "C4"], "W": ["D3", "D4"]}


def test_hands_parse_by_seat():
    assert parse(GOOD)[Seat.W] == parse_cards(["D3", "D4"])


@pytest.mark.parametrize(
    ("hands", "code", "field"),
    [
        ([], "invalid", "hands"),
        ({**GOOD, "X": []}, "unknown_seat", "hands"),
        ({**GOOD, "W": "D3 D4"}, "invalid", "hands.W"),
        ({**GOOD, "W": ["D3"]}, "wrong_hand_size", "hands.W"),
        ({"N": GOOD["N"]}, "missing_hand", "hands.E"),
        ({**GOOD, "W": ["D3", "Z9"]}, "unknown_card", "hands.W[1]"),
    ],
)
def test_malformed_hands_name_the_field(hands, code, field):
    with pytest.raises(BadInput) as caught:
        parse(hands)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_guandan_style_names_the_hand_of_an_unknown_card():
    with pytest.raises(BadInput) as caught:
        parse({**GOOD, "W": ["D3", "Z9"]}, exact=False)
    assert caught.value.field == "hands.W"


def test_a_seat_given_twice_is_refused():
    with pytest.raises(BadInput) as caught:
        parse({**GOOD, "w": ["D5", "D6"]})
    assert (caught.value.code, caught.value.field) == ("duplicate_seat", "hands.W")


def test_with_field_names_the_field_of_a_bad_value():
    with pytest.raises(BadInput) as caught:
        with_field("bottom[2]", parse_card, "??")
    assert caught.value.field == "bottom[2]"
