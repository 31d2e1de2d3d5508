"""Settings profiles (engine/profiles.py) through the two games that use them."""

from __future__ import annotations

import pytest

from engine.daguai.profiles import RuleProfile as DaguaiProfile
from engine.doudizhu.profiles import BUILTIN, STANDARD
from engine.doudizhu.profiles import RuleProfile as DoudizhuProfile
from engine.errors import BadInput


@pytest.mark.parametrize("profile", [*BUILTIN.values(), DaguaiProfile()])
def test_profiles_round_trip_through_json(profile):
    assert type(profile).from_dict(profile.to_dict()) == profile


def test_overrides_start_from_the_profile():
    changed = STANDARD.with_overrides({"bomb_doubling": True, "report_threshold": 6})
    assert (changed.key, changed.bomb_doubling, changed.report_threshold) == (STANDARD.key, True, 6)
    assert STANDARD.with_overrides(None) is STANDARD


def test_lists_of_numbers_come_back_as_tuples():
    profile = DaguaiProfile().with_overrides({"catch": [2, 4.5, 7]})
    assert profile.catch == (2, 4.5, 7) and profile.to_dict()["catch"] == [2, 4.5, 7]


@pytest.mark.parametrize(
    ("overrides", "code", "field"),
    [
        ({"nope": 1}, "unknown_field", "nope"),
        ({"rank_order": "aces_high"}, "invalid_choice", "rank_order"),
        ({"report_threshold": 40}, "out_of_range", "report_threshold"),
        ({"report_threshold": True}, "invalid", "report_threshold"),
        ({"bomb_doubling": 1}, "invalid", "bomb_doubling"),
        ({"name": 3}, "invalid", "name"),
    ],
)
def test_bad_overrides_name_the_setting(overrides, code, field):
    with pytest.raises(BadInput) as caught:
        STANDARD.with_overrides(overrides)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_a_profile_is_a_json_object():
    with pytest.raises(BadInput) as caught:
        DoudizhuProfile.from_dict([1])  # type: ignore[arg-type]
    assert caught.value.field == "ruleset"


@pytest.mark.parametrize(
    ("overrides", "field"), [({"catch": [3, 5]}, "catch"), ({"trapped": ["x"]}, "trapped")]
)
def test_k5_point_lists_are_checked(overrides, field):
    with pytest.raises(BadInput) as caught:
        DaguaiProfile().with_overrides(overrides)
    assert caught.value.field == field
