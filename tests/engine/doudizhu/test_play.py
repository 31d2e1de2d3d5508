"""The ``plays/validate`` question of Dou Dizhu (docs/rules/doudizhu.md D4, D5):
engine/doudizhu/play.py."""

from __future__ import annotations

import pytest

from engine.doudizhu.play import validate_play
from engine.doudizhu.profiles import STANDARD
from engine.doudizhu.readings import ComboType
from engine.errors import BadInput


def test_d4_a_lead_is_legal_with_its_one_reading():
    verdict = validate_play(["S3", "H4", "C5", "D6", "S7"])
    assert verdict.legal and verdict.reason is None and verdict.beats_previous is None
    assert verdict.readings == (verdict.reading,) and verdict.reading.type is ComboType.STRAIGHT


def test_d5_a_follow_that_beats():
    verdict = validate_play(["S9", "H9"], previous=["S8", "H8"])
    assert (verdict.beats_previous, verdict.reason) == (True, None)
    assert verdict.previous_reading.type is ComboType.PAIR


def test_d5_a_follow_that_does_not_beat():
    verdict = validate_play(["S9", "H9"], previous=["SK", "HK"])
    assert (verdict.legal, verdict.beats_previous, verdict.reason) == (True, False, "does_not_beat")


def test_d5_the_rank_order_setting_decides_the_two():
    assert validate_play(["S2"], previous=["SA"]).beats_previous
    natural = STANDARD.with_overrides({"rank_order": "natural"})
    assert not validate_play(["S2"], previous=["SA"], profile=natural).beats_previous


def test_d4_no_combination_comes_first():
    verdict = validate_play(["S3", "S4"], previous=["SK", "HK"])
    assert (verdict.legal, verdict.reading, verdict.reason) == (False, None, "illegal_combination")


def test_d4_an_illegal_play_on_the_table():
    verdict = validate_play(["S9", "H9"], previous=["S3", "S4"])
    assert (verdict.legal, verdict.beats_previous, verdict.reason) == (True, None, "previous_illegal")
    both = validate_play(["S9", "H8"], previous=["S3", "S4"])
    assert both.reason == "illegal_combination"


@pytest.mark.parametrize(
    ("kwargs", "code", "field"),
    [
        ({"cards": ["S3", "S3", "S3"]}, "too_many_copies", "cards[2]"),
        ({"cards": ["S3", "S3"], "previous": ["H4", "S3"]}, "too_many_copies", "previous[1]"),
        ({"cards": ["S3", "Z3"]}, "unknown_card", "cards[1]"),
        ({"cards": []}, "empty_play", "cards"),
        ({"cards": ["S3"], "previous": "S4"}, "invalid", "previous"),
        ({"cards": ["S3"] * 34}, "too_many_cards", "cards"),
    ],
)
def test_d1_a_malformed_question_is_bad_input_at_the_exact_field(kwargs, code, field):
    with pytest.raises(BadInput) as caught:
        validate_play(**kwargs)
    assert (caught.value.code, caught.value.field) == (code, field)
