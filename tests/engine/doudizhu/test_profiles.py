"""Rule profiles of Dou Dizhu (docs/rules/doudizhu.md "Rule profiles"): engine/doudizhu/profiles.py."""

from __future__ import annotations

import pytest

from engine.doudizhu.profiles import BUILTIN, STANDARD, RuleProfile, get_profile
from engine.errors import BadInput


def test_d_the_standard_profile_is_the_competition_rule_sheet():
    assert STANDARD.key == "doudizhu4-standard"
    assert (STANDARD.turn_direction, STANDARD.rank_order, STANDARD.bomb_limits) == (
        "counterclockwise",
        "two_high",
        True,
    )
    assert (STANDARD.ban_after_losses, STANDARD.report_threshold, STANDARD.opening_three_bonus) == (3, 10, 1)
    assert not STANDARD.bomb_doubling and not STANDARD.spring_doubling


def test_d8_the_doubling_profile_differs_only_in_the_multipliers():
    doubling = BUILTIN["doudizhu4-doubling"].to_dict()
    differs = {name for name, value in doubling.items() if STANDARD.to_dict()[name] != value}
    assert differs == {"key", "name", "bomb_doubling", "spring_doubling"}


def test_d_profiles_by_key_with_overrides():
    assert get_profile() is STANDARD
    assert get_profile("doudizhu4-doubling", {"bomb_doubling": False}).spring_doubling
    with pytest.raises(BadInput) as caught:
        get_profile("guandan-standard")
    assert (caught.value.code, caught.value.field) == ("unknown_ruleset", "ruleset")


@pytest.mark.parametrize("setting", ["turn_direction", "rank_order"])
def test_d_choices_are_checked(setting):
    with pytest.raises(BadInput) as caught:
        RuleProfile(**{setting: "sideways"})
    assert (caught.value.code, caught.value.field) == ("invalid_choice", setting)
