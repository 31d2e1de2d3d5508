"""Rule profiles (docs/rules/guandan.md G1-G12 variants): defaults, built-ins, JSON round trip, validation."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import all_profiles, get_game
from engine.errors import BadInput
from engine.guandan.profiles import BUILTIN, CHOICES, STANDARD, RuleProfile, get_profile


def test_standard_profile_holds_every_default_of_rules_md():
    assert (STANDARD.turn_direction, STANDARD.wild_default, STANDARD.jiefeng) == (
        "counterclockwise",
        "lowest",
        "partner",
    )
    assert STANDARD.mandatory_levels == (14,)
    assert (STANDARD.a_win, STANDARD.a_fail_limit, STANDARD.a_fail_reset, STANDARD.a_fail_count) == (
        "first_and_partner_not_last",
        3,
        2,
        "total",
    )
    assert STANDARD.streaks is False
    assert (STANDARD.return_rule, STANDARD.double_tribute_lead) == ("max_ten", "higher_payer")
    assert (STANDARD.match_format, STANDARD.equal_levels, STANDARD.time_limit_minutes) == (
        "through_a",
        "draw",
        60,
    )
    assert STANDARD.penalty_table == "default"


def test_issue_24_variants_default_to_what_the_engine_did_before():
    assert (STANDARD.a_goal, STANDARD.streak_debt) == ("pass_a", False)
    assert (STANDARD.equal_tribute_to_first, STANDARD.equal_tribute_lead) == ("next_seat", "payer_to_first")


def test_builtin_profiles_are_the_four_of_the_issue_and_the_nanjing_union_sheet():
    assert set(BUILTIN) == {
        "guandan-standard",
        "guandan-national-2017",
        "guandan-seed-000",
        "guandan-seed-001",
        "guandan-nanjing-union",  # issue 24: 扑克牌（掼蛋）比赛规则 as a profile of its own
    }


def test_g7_national_2017_profile():
    profile = BUILTIN["guandan-national-2017"]
    assert (profile.return_rule, profile.double_tribute_lead, profile.penalty_table) == (
        "partner_max_ten",
        "first_seat_next",
        "national_2017",
    )


def test_g6_seed_000_profile_j_and_a_must_be_played_back_to_j():
    profile = BUILTIN["guandan-seed-000"]
    assert profile.mandatory_levels == (11, 14)
    assert (profile.a_fail_reset, profile.a_fail_count, profile.a_win) == (11, "consecutive", "double_win")
    assert (profile.match_format, profile.equal_levels) == ("time_limit", "extra_deal")


def test_g5_seed_001_profile_jie_feng_next_seat_and_streaks():
    profile = BUILTIN["guandan-seed-001"]
    assert (profile.jiefeng, profile.streaks, profile.return_rule) == (
        "next_seat",
        True,
        "below_level_to_partner",
    )
    assert profile.a_fail_reset is None


@pytest.mark.parametrize("key", sorted(BUILTIN))
def test_every_builtin_profile_round_trips_through_json(key):
    profile = BUILTIN[key]
    assert RuleProfile.from_dict(profile.to_dict()) == profile


def test_g5_g7_nanjing_union_profile_reports_at_6_and_the_upstreams_shangjia_leads():
    profile = BUILTIN["guandan-nanjing-union"]
    assert (profile.report_threshold, profile.equal_tribute_lead) == (6, "first_seat_previous")
    # Everything else is the defaults' (第三条, 第四条: A必打, 打过A为胜, 总计三次…退到2).
    assert dataclasses.replace(profile, report_threshold=10, equal_tribute_lead="payer_to_first") == (
        dataclasses.replace(STANDARD, key=profile.key, name=profile.name)
    )


def test_builtin_profiles_keep_their_published_values_the_later_readings_are_overrides():
    """Events read their profile by key: the sheets' readings added later (streak debt, equal
    tributes) are opt-in settings, so events already scored on a built-in profile keep their results."""
    for profile in BUILTIN.values():
        assert (profile.streak_debt, profile.equal_tribute_to_first) == (False, "next_seat")
    assert BUILTIN["guandan-seed-000"].equal_tribute_lead == "payer_to_first"


def test_levels_are_written_as_codes_in_json():
    data = BUILTIN["guandan-seed-000"].to_dict()
    assert (data["mandatory_levels"], data["a_fail_reset"]) == (["J", "A"], "J")
    assert BUILTIN["guandan-seed-001"].to_dict()["a_fail_reset"] == "none"


@pytest.mark.parametrize(
    "overrides, field, code",
    [
        ({"wild_default": "middle"}, "wild_default", "invalid_choice"),
        ({"jiefeng": 3}, "jiefeng", "invalid"),
        ({"a_fail_limit": 0}, "a_fail_limit", "out_of_range"),
        ({"a_fail_limit": True}, "a_fail_limit", "invalid"),
        ({"streaks": "yes"}, "streaks", "invalid"),
        ({"mandatory_levels": ["J"]}, "mandatory_levels", "invalid"),
        ({"mandatory_levels": ["Z", "A"]}, "mandatory_levels", "unknown_level"),
        ({"a_fail_reset": "A+"}, "a_fail_reset", "unknown_level"),
        ({"best_of": 2}, "best_of", "invalid_choice"),
        ({"a_goal": "halfway"}, "a_goal", "invalid_choice"),
        ({"streak_debt": "yes"}, "streak_debt", "invalid"),
        ({"equal_tribute_to_first": 1}, "equal_tribute_to_first", "invalid"),
        ({"equal_tribute_lead": "dealer"}, "equal_tribute_lead", "invalid_choice"),
        ({"no_such_rule": 1}, "no_such_rule", "unknown_field"),
    ],
)
def test_validation_errors_name_the_bad_field(overrides, field, code):
    with pytest.raises(BadInput) as caught:
        STANDARD.with_overrides(overrides)
    assert (caught.value.field, caught.value.code) == (field, code)


def test_overrides_keep_the_rest_of_the_base_profile():
    profile = get_profile("guandan-seed-001", {"wild_default": "highest"})
    assert (profile.wild_default, profile.jiefeng, profile.key) == (
        "highest",
        "next_seat",
        "guandan-seed-001",
    )


def test_unknown_ruleset_key():
    with pytest.raises(BadInput) as caught:
        get_profile("nope")
    assert (caught.value.code, caught.value.field) == ("unknown_ruleset", "ruleset")


def test_profiles_are_immutable():
    with pytest.raises(dataclasses.FrozenInstanceError):
        STANDARD.jiefeng = "next_seat"  # type: ignore[misc]


def test_game_registry_knows_guandan_and_its_profiles():
    game = get_game("guandan")
    assert game.profile() == STANDARD
    guandan_keys = {key for key, (game, _) in all_profiles().items() if game.code == "guandan"}
    assert guandan_keys == set(BUILTIN)
    with pytest.raises(BadInput) as caught:
        get_game("mahjong")
    assert caught.value.code == "unknown_game"


@given(st.fixed_dictionaries({name: st.sampled_from(values) for name, values in CHOICES.items()}))
def test_any_combination_of_choices_is_a_valid_profile_and_round_trips(choices):
    profile = STANDARD.with_overrides(choices)
    assert RuleProfile.from_dict(profile.to_dict()) == profile
