"""Rule profiles of Shuangkou (docs/rules/shuangkou.md "Rule profiles"): profiles.py."""

from __future__ import annotations

import pytest

from engine.errors import BadInput
from engine.shuangkou.profiles import BUILTIN, STANDARD, RuleProfile, get_profile

DEFAULTS = {
    "key": "shuangkou-standard",
    "name": "Shuangkou 双扣, the competition rule sheet (four players, two decks)",
    "turn_direction": "counterclockwise",
    "five_points": 5,
    "ten_points": 10,
    "king_points": 10,
    "single_multiplier": 2,
    "pair_multipliers": [4, 6, 8],
    "tractor_multiplier": 2,
    "threshold": 80,
    "points_per_level": 10,
    "mandatory_levels": [10, 11, 13],
    "j_rule": True,
    "j_rule_level": 11,
    "j_rule_reset": 2,
    "keep_dealer": "partner",
    "pass_dealer": "next_seat",
    "throw_check": "others",
    "throw_remedy": "smallest_refused",
    "failed_throw_penalty": 0,
    "time_limit_minutes": 60,
    "rounds": 4,
    "equal_levels": "draw",
}


def test_every_setting_and_its_default_as_the_rule_sheet_has_it():
    assert STANDARD.to_dict() == DEFAULTS


def test_the_built_in_profile_is_the_rule_sheet():
    assert list(BUILTIN) == ["shuangkou-standard"] and get_profile() is STANDARD


def test_a_profile_round_trips_through_json():
    profile = STANDARD.with_overrides(
        {"throw_remedy": "lowest_refused", "mandatory_levels": [14], "j_rule": False}
    )
    assert RuleProfile.from_dict(profile.to_dict()) == profile


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"throw_remedy": "none"}, "throw_remedy"),
        ({"throw_check": "partner"}, "throw_check"),
        ({"keep_dealer": "next_seat"}, "keep_dealer"),
        ({"pass_dealer": "partner"}, "pass_dealer"),
        ({"equal_levels": "extra_deal"}, "equal_levels"),
        ({"turn_direction": "up"}, "turn_direction"),
        ({"threshold": 0}, "threshold"),
        ({"mandatory_levels": [2]}, "mandatory_levels"),
        ({"mandatory_levels": [10.5]}, "mandatory_levels"),
        ({"pair_multipliers": []}, "pair_multipliers"),
        ({"pair_multipliers": [4.5]}, "pair_multipliers"),
        ({"j_rule": "yes"}, "j_rule"),
        ({"rounds": 0}, "rounds"),
        ({"points_per_level": "10"}, "points_per_level"),
        ({"nonsense": 1}, "nonsense"),
    ],
)
def test_a_bad_setting_is_bad_input_naming_it(overrides, field):
    with pytest.raises(BadInput) as caught:
        STANDARD.with_overrides(overrides)
    assert caught.value.field == field


def test_an_unknown_built_in_profile_is_bad_input():
    with pytest.raises(BadInput) as caught:
        get_profile("guandan-standard")
    assert (caught.value.code, caught.value.field) == ("unknown_ruleset", "ruleset")
