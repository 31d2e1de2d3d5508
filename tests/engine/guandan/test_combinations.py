"""Is this play legal here? (docs/rules/guandan.md G3, G4): engine/guandan/combinations.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.errors import BadInput
from engine.guandan.cards import parse_cards
from engine.guandan.combinations import (
    Declared,
    format_declared,
    parse_declared,
    reading_to_dict,
    validate_play,
)
from engine.guandan.profiles import STANDARD
from engine.guandan.readings import ComboType, Reading
from engine.guandan.violations import ViolationCode


def codes(text: str) -> list[str]:
    return text.split()


def test_api_example_straight_flush_on_the_table_is_not_beaten_by_a_declared_straight():
    # docs/referee.md's example: D3-D7 is five suited cards, so on the table it is a straight flush (G4).
    verdict = validate_play(
        codes("H2 S3 S4 S5 S6"),
        level="2",
        previous=codes("D3 D4 D5 D6 D7"),
        declared={"type": "straight", "rank": "7"},
    )
    assert verdict.legal is True
    assert verdict.previous_reading == Reading(ComboType.STRAIGHT_FLUSH, 7, 5, ())
    assert verdict.reading == Reading(ComboType.STRAIGHT, 7, 5, (7,))
    assert verdict.beats_previous is False
    assert verdict.reason is ViolationCode.DOES_NOT_BEAT
    assert [reading_to_dict(r) for r in verdict.readings] == [
        {"type": "straight", "rank": "6", "size": 5, "wilds": ["2"]},
        {"type": "straight_flush", "rank": "6", "size": 5, "wilds": ["2"]},
        {"type": "straight", "rank": "7", "size": 5, "wilds": ["7"]},
        {"type": "straight_flush", "rank": "7", "size": 5, "wilds": ["7"]},
    ]


def test_g4_declared_straight_on_the_table_is_beaten_by_a_higher_declared_straight():
    verdict = validate_play(
        codes("H2 S3 D4 S5 S6"),
        level="2",
        previous=codes("D2 D3 D4 D5 D6"),
        previous_declared={"type": "straight"},
    )
    assert verdict.beats_previous is True and verdict.reason is None
    assert verdict.reading == Reading(ComboType.STRAIGHT, 7, 5, (7,))


def test_g2_wild_makes_a_straight_flush_that_beats_a_straight():
    verdict = validate_play(codes("H2 S3 S4 S5 S6"), level=2, previous=codes("D3 C4 D5 D6 D7"))
    assert verdict.beats_previous is True
    assert verdict.reading == Reading(ComboType.STRAIGHT_FLUSH, 6, 5, (2,))


def test_g4_lead_has_no_beats_previous():
    verdict = validate_play(codes("S9 D9"), level=2)
    assert (verdict.legal, verdict.beats_previous, verdict.reason) == (True, None, None)
    assert validate_play(codes("S9 D9"), level=2, previous=[]).beats_previous is None


def test_g3_illegal_combination_verdict():
    verdict = validate_play(codes("S9 D8"), level=2, previous=codes("S3 D3"))
    assert verdict.legal is False and verdict.readings == () and verdict.reading is None
    assert verdict.reason is ViolationCode.ILLEGAL_COMBINATION and verdict.detail
    assert verdict.beats_previous is False


def test_g4_does_not_beat_still_says_what_the_play_is():
    verdict = validate_play(codes("S3 D3"), level=2, previous=codes("S9 D9"))
    assert verdict.legal is True and verdict.beats_previous is False
    assert verdict.reason is ViolationCode.DOES_NOT_BEAT
    assert verdict.reading == Reading(ComboType.PAIR, 3, 2, ())


def test_g4_declared_reading_that_is_no_reading_of_the_cards():
    verdict = validate_play(codes("S3 S4 S5 S6 S7"), level=9, declared={"type": "straight", "rank": "8"})
    assert verdict.legal is False
    assert verdict.reason is ViolationCode.DECLARED_READING_INVALID


def test_g4_declared_reading_chooses_among_readings():
    verdict = validate_play(codes("S3 S4 S5 S6 S7"), level=9, declared={"type": "straight"})
    assert verdict.legal and verdict.reading == Reading(ComboType.STRAIGHT, 7, 5, ())


def test_g4_does_not_beat_comes_before_an_invalid_declaration():
    verdict = validate_play(codes("S3 D3"), level=2, previous=codes("S9 D9"), declared={"type": "single"})
    assert verdict.reason is ViolationCode.DOES_NOT_BEAT and verdict.legal is False


def test_g4_declared_reading_that_does_not_beat():
    # 999 + two wilds beats the full house of 8s only as a bomb; declared a full house it fails.
    verdict = validate_play(
        codes("S9 D9 C9 H2 H2"), level=2, previous=codes("S8 D8 C8 S4 D4"), declared={"type": "full_house"}
    )
    assert verdict.reason is None and verdict.reading.type is ComboType.FULL_HOUSE
    verdict = validate_play(
        codes("S9 D9 C9 H2 H2"), level=2, previous=codes("ST DT CT S4 D4"), declared={"type": "full_house"}
    )
    assert verdict.legal is True and verdict.reason is ViolationCode.DOES_NOT_BEAT
    assert verdict.reading == Reading(ComboType.FULL_HOUSE, 9, 5, (2, 2))


def test_g3_previous_that_is_no_combination():
    verdict = validate_play(codes("S9 D9"), level=2, previous=codes("S3 D4"))
    assert verdict.legal is True and verdict.beats_previous is None
    assert verdict.reason is ViolationCode.PREVIOUS_ILLEGAL
    assert verdict.reading == Reading(ComboType.PAIR, 9, 2, ())


def test_g3_illegal_play_comes_before_an_illegal_previous():
    verdict = validate_play(codes("S9 D8"), level=2, previous=codes("S3 D4"))
    assert verdict.reason is ViolationCode.ILLEGAL_COMBINATION


def test_g4_wild_default_highest_from_the_profile():
    highest = replace(STANDARD, wild_default="highest")
    assert validate_play(codes("S3 D3 S5 D5 H2"), level=2).reading.rank == 3
    assert validate_play(codes("S3 D3 S5 D5 H2"), level=2, profile=highest).reading.rank == 5


def test_cards_may_be_card_objects_and_lenient_codes():
    verdict = validate_play((*parse_cards(["S9"]), "d9"), level="2", previous=["♠3", "3♦"])
    assert verdict.reading == Reading(ComboType.PAIR, 9, 2, ()) and verdict.beats_previous is True


@pytest.mark.parametrize(
    ("kwargs", "code", "field"),
    [
        ({"cards": ["S9", "X1"]}, "unknown_card", "cards[1]"),
        ({"cards": ["S9"], "previous": ["ZZ"]}, "unknown_card", "previous[0]"),
        ({"cards": []}, "empty_play", "cards"),
        ({"cards": ["S3"] * 28}, "too_many_cards", "cards"),
        ({"cards": ["S3", "S3", "S3"]}, "too_many_copies", "cards"),
        ({"cards": ["S3", "S3"], "previous": ["S3"]}, "too_many_copies", "cards"),
        ({"cards": "S3"}, "invalid", "cards"),
        ({"cards": ["S3"], "level": "1"}, "unknown_level", "level"),
        ({"cards": ["S3"], "level": 15}, "unknown_level", "level"),
        ({"cards": ["S3"], "declared": {"type": "rocket"}}, "unknown_combination_type", "declared.type"),
        ({"cards": ["S3"], "declared": {"type": "single", "rank": "Z"}}, "unknown_rank", "declared.rank"),
        ({"cards": ["S3"], "declared": "single"}, "invalid", "declared"),
    ],
)
def test_malformed_questions_are_bad_input(kwargs, code, field):
    kwargs = {"level": 2, **kwargs}
    with pytest.raises(BadInput) as caught:
        validate_play(kwargs.pop("cards"), **kwargs)
    assert (caught.value.code, caught.value.field) == (code, field)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ({"type": "pair", "rank": "BJ"}, Declared(ComboType.PAIR, 16)),
        ({"type": "Straight", "rank": "10"}, Declared(ComboType.STRAIGHT, 10)),
        ({"type": "straight", "rank": "T"}, Declared(ComboType.STRAIGHT, 10)),
        ({"type": "bomb", "rank": 7}, Declared(ComboType.BOMB, 7)),
        ({"type": "bomb", "rank": "a"}, Declared(ComboType.BOMB, 14)),
        ({"type": "plate"}, Declared(ComboType.PLATE, None)),
    ],
)
def test_declaration_wire_form(value, expected):
    assert parse_declared(value) == expected
    assert parse_declared(format_declared(expected)) == expected
