"""A replay reads a play it has read before as it did the first time (engine/guandan/deal.py keeps
plain plays, their readings per level and their entries): asked again, in another deal, at another
level or by another seat, the answer is each question's own."""

from __future__ import annotations

import pytest

from engine.errors import BadInput
from engine.guandan.readings import ComboType
from tests.engine.guandan.test_deal import cards, p, replay

ACE = cards("W", "A", 1)[0]


@pytest.mark.parametrize("levels", [(2, 3), (3, 2)])
def test_the_same_cards_are_read_at_each_deals_level(levels):
    # H2 with an ace: a pair of aces at level 2 (the heart level card is wild), nothing at level 3.
    for _ in range(2):
        for level in levels:
            answer = replay([p("W", ["H2", ACE])], level=level, leader="W")
            if level == 2:
                assert answer.valid
                assert answer.entries[0].reading.type is ComboType.PAIR
            else:
                assert answer.violation.code == "illegal_combination"


def test_a_declared_play_is_read_with_its_declaration_after_the_plain_one():
    triple = cards("N", "6")
    assert replay([p("N", triple)]).valid
    answer = replay([p("N", triple, type="pair")])
    assert answer.violation.code == "declared_reading_invalid"
    assert replay([p("N", triple)]).valid


def test_a_malformed_play_is_refused_every_time_it_is_asked():
    for _ in range(2):
        with pytest.raises(BadInput) as refused:
            replay([p("N", ["S3", "ZZ"])])
        assert (refused.value.code, refused.value.field) == ("unknown_card", "plays[0].cards[1]")


def test_a_play_read_for_one_seat_is_another_seats_own():
    triple = cards("N", "6")
    assert replay([p("N", triple)]).valid
    answer = replay([p("W", triple)])
    assert answer.violation.code == "not_your_turn"
    assert str(answer.entries[0].seat) == "W"


def test_codes_written_in_lower_case_are_the_same_cards():
    triple = cards("N", "6")
    upper = replay([p("N", triple)])
    lower = replay([p("N", [code.lower() for code in triple])])
    assert lower.entries == upper.entries
