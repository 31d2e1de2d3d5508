"""The ``plays/validate`` question of Daguai Luzi (docs/rules/daguai.md K2, K3):
engine/daguai/play.py."""

from __future__ import annotations

import pytest

from engine.daguai.play import validate_play
from engine.daguai.profiles import STANDARD
from engine.daguai.readings import ComboType
from engine.errors import BadInput


def test_k2_a_lead_lists_every_reading_and_applies_the_strongest():
    verdict = validate_play(["S5", "H5", "C5", "S6", "BJ"])
    assert verdict.legal and verdict.beats_previous is None and len(verdict.readings) == 2
    assert verdict.reading.type is ComboType.FOUR_SINGLE


def test_k3_a_follow_beats_by_its_strongest_reading():
    verdict = validate_play(["S3", "H4", "C5", "D6", "BJ"], previous=["S2", "H3", "C4", "D5", "S6"])
    assert (verdict.beats_previous, verdict.reading.rank, verdict.previous_reading.rank) == (True, 7, 6)


def test_k3_a_follow_that_does_not_beat():
    verdict = validate_play(["SK", "HK"], previous=["S2", "BJ"])
    assert (verdict.legal, verdict.beats_previous, verdict.reason) == (True, False, "does_not_beat")


def test_k3_a_play_of_another_size_does_not_beat():
    assert validate_play(["S2", "H2", "C2"], previous=["S3", "H3"]).reason == "does_not_beat"


def test_k2_no_combination_and_an_illegal_table():
    assert validate_play(["S3", "S4"]).reason == "illegal_combination"
    verdict = validate_play(["S9", "H9"], previous=["S3", "S4"])
    assert (verdict.reason, verdict.beats_previous) == ("previous_illegal", None)


def test_k3_the_ace_low_setting_reaches_the_question():
    assert validate_play(["SA", "H2", "C3", "D4", "S5"]).legal
    assert not validate_play(
        ["SA", "H2", "C3", "D4", "S5"], profile=STANDARD.with_overrides({"ace_low": False})
    ).legal


@pytest.mark.parametrize(
    ("kwargs", "code", "field"),
    [
        ({"cards": ["S3", "H3", "C3", "D3"]}, "invalid_play_size", "cards"),
        (
            {"cards": ["S3"], "previous": ["S4", "S5", "S6", "S7", "S8", "S9"]},
            "invalid_play_size",
            "previous",
        ),
        ({"cards": ["S3", "S3", "S3", "S3", "H3"]}, "too_many_copies", "cards[3]"),
        ({"cards": ["S3", "S3"], "previous": ["S3", "S3"]}, "too_many_copies", "previous[1]"),
        ({"cards": ["S3", "X3"]}, "unknown_card", "cards[1]"),
        ({"cards": []}, "empty_play", "cards"),
    ],
)
def test_k1_k2_a_malformed_question_is_bad_input_at_the_exact_field(kwargs, code, field):
    with pytest.raises(BadInput) as caught:
        validate_play(**kwargs)
    assert (caught.value.code, caught.value.field) == (code, field)
