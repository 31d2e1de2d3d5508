"""Rule profiles of Daguai Luzi (docs/rules/daguai.md "Rule profiles"): engine/daguai/profiles.py."""

from __future__ import annotations

import pytest

from engine.daguai.profiles import BUILTIN, STANDARD, RuleProfile, get_profile
from engine.errors import BadInput


def test_k_the_standard_profile_is_the_rule_sheet():
    assert list(BUILTIN) == ["daguai-standard"] and STANDARD.key == "daguai-standard"
    assert (STANDARD.catch, STANDARD.trapped, STANDARD.report_threshold, STANDARD.deal_minutes) == (
        (3, 5, 8),
        (1, 0),
        10,
        15,
    )
    assert (STANDARD.ace_low, STANDARD.lead_after_out, STANDARD.deals_per_round) == (True, "next_seat", 6)


def test_k_profiles_by_key_with_overrides():
    assert get_profile() is STANDARD
    assert get_profile(None, {"lead_after_out": "teammate"}).lead_after_out == "teammate"
    with pytest.raises(BadInput):
        get_profile("daguai-fast")


@pytest.mark.parametrize(
    ("settings", "field"),
    [
        ({"lead_after_out": "partner"}, "lead_after_out"),
        ({"deal_minutes": 0}, "deal_minutes"),
        ({"catch": (3, 5)}, "catch"),
    ],
)
def test_k_settings_are_checked(settings, field):
    with pytest.raises(BadInput) as caught:
        RuleProfile(**settings)
    assert caught.value.field == field
