"""An event's scoring setting is validated against the method registry (G9).

Covers engine/scoring/methods/__init__.py (``METHODS``, ``build_method``) and
engine/scoring/methods/base.py (``Param``, ``ScoringMethod``, ``SettingError``).
"""

from __future__ import annotations

import json

import pytest

from engine.scoring.methods import METHODS, ScoringMethod, SettingError, build_method

UNPLAYED = {"bye", "forfeit_win", "forfeit_loss", "withdrawal_win", "withdrawal_loss"}


def _error(setting: object) -> SettingError:
    with pytest.raises(SettingError) as caught:
        build_method(setting)
    return caught.value


def test_g9_registry_holds_the_six_methods_of_the_rules_and_k7_net_points():
    assert set(METHODS) == {
        "win_draw_loss",
        "level_table",
        "level_difference",
        "deal_points",
        "win_plus_speed",
        "daguai_deal",
        "net_points",  # docs/rules/daguai.md K7
        "game_points",  # docs/scoring.md "Tables of four" (D10), and any point game
    }
    assert all(key == cls.key for key, cls in METHODS.items())


@pytest.mark.parametrize("key", sorted(METHODS))
def test_g9_every_method_has_the_unplayed_params(key):
    assert set(METHODS[key].params) >= UNPLAYED


def test_g9_only_deal_methods_need_deals():
    assert {key for key, cls in METHODS.items() if cls.needs_deals} == {"deal_points", "daguai_deal"}


@pytest.mark.parametrize("key", sorted(METHODS))
def test_g9_every_method_builds_from_its_key_alone_and_round_trips(key):
    method = build_method({"method": key})
    setting = method.to_dict()
    assert setting["method"] == key
    assert set(setting) == {"method", *METHODS[key].params}
    assert build_method(json.loads(json.dumps(setting))) == method


@pytest.mark.parametrize("key", sorted(METHODS))
def test_g9_every_param_is_described_for_the_api(key):
    described = METHODS[key].describe()
    assert set(described) == set(METHODS[key].params)
    json.dumps(described)


def test_g9_setting_without_method_is_required():
    error = _error({"win": 2})
    assert (error.code, error.field) == ("required", "method")


def test_g9_unknown_method_is_refused():
    error = _error({"method": "elo"})
    assert (error.code, error.field) == ("unknown_method", "method")


def test_g9_setting_must_be_an_object():
    assert _error(["win_draw_loss"]).code == "invalid"


def test_g9_unknown_param_is_refused():
    error = _error({"method": "win_draw_loss", "wins": 3})
    assert (error.code, error.field) == ("unknown_field", "wins")


def test_g9_unknown_param_is_refused_by_the_constructor_too():
    with pytest.raises(SettingError) as caught:
        METHODS["deal_points"](double=4, triple=9)
    assert (caught.value.code, caught.value.field) == ("unknown_field", "triple")


@pytest.mark.parametrize("value", ["2", True, None, float("nan"), [2]])
def test_g9_points_must_be_numbers(value):
    error = _error({"method": "win_draw_loss", "win": value})
    assert (error.code, error.field) == ("invalid", "win")


def test_g9_negative_points_are_allowed_for_absence():
    method = build_method({"method": "win_draw_loss", "forfeit_loss": -1})
    assert method.settings["forfeit_loss"] == -1


def test_g9_choice_outside_the_list_is_refused():
    error = _error({"method": "level_table", "scale": 30})
    assert (error.code, error.field) == ("invalid_choice", "scale")


def test_g9_string_choice_outside_the_list_is_refused():
    error = _error({"method": "level_difference", "mode": "gross"})
    assert (error.code, error.field) == ("invalid_choice", "mode")


def test_g9_number_below_its_minimum_is_out_of_range():
    error = _error({"method": "deal_points", "double": -4})
    assert (error.code, error.field) == ("out_of_range", "double")


def test_g9_list_item_errors_name_the_index():
    error = _error({"method": "win_plus_speed", "bonuses": [7, 6, "five"]})
    assert (error.code, error.field) == ("invalid", "bonuses.2")


def test_g9_list_param_must_be_a_list():
    error = _error({"method": "win_plus_speed", "bonuses": "7,6,5"})
    assert (error.code, error.field) == ("invalid", "bonuses")


def test_g9_integral_float_is_accepted_for_an_integer():
    assert build_method({"method": "level_table", "scale": 26.0}).settings["scale"] == 26


def test_g9_defaults_that_refer_to_other_params_resolve_after_the_given_ones():
    setting = build_method({"method": "win_draw_loss", "win": 3, "loss": 1}).to_dict()
    assert setting == {
        "method": "win_draw_loss",
        "win": 3,
        "draw": 1,
        "loss": 1,
        "bye": 3,
        "forfeit_win": 3,
        "forfeit_loss": 1,
        "withdrawal_win": 3,
        "withdrawal_loss": 1,
    }


def test_g9_withdrawal_defaults_follow_a_given_forfeit_setting():
    setting = build_method({"method": "win_draw_loss", "forfeit_win": 2, "forfeit_loss": -1}).to_dict()
    assert (setting["withdrawal_win"], setting["withdrawal_loss"]) == (2, -1)


def test_g9_setting_error_carries_code_field_and_detail():
    error = _error({"method": "win_draw_loss", "wins": 3})
    assert isinstance(error, ValueError)
    assert error.detail and "wins" in str(error)


def test_g9_methods_are_scoring_methods():
    assert all(issubclass(cls, ScoringMethod) for cls in METHODS.values())
