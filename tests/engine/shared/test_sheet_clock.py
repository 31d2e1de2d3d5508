"""The minutes a match's clock gives, by game (the round clock, docs/events.md "The round clock")."""

from __future__ import annotations

import pytest

from engine import get_game


@pytest.mark.parametrize(
    ("match_format", "minutes"),
    [("through_a", None), ("deal_count", None), ("time_limit", 40), ("time_or_deals", 40)],
)
def test_g8_only_the_timed_formats_have_a_clock(match_format, minutes):
    game = get_game("guandan")
    profile = game.profile(None, {"match_format": match_format, "time_limit_minutes": 40})
    assert game.match_sheet.time_limit_minutes(profile) == minutes


def test_s10_a_shuangkou_match_is_always_played_on_time():
    game = get_game("shuangkou")
    assert game.match_sheet.time_limit_minutes(game.profile(None, {"time_limit_minutes": 45})) == 45


@pytest.mark.parametrize("code", ["doudizhu4", "daguai"])
def test_a_game_of_fixed_deals_has_no_clock(code):
    game = get_game(code)
    assert game.match_sheet.time_limit_minutes(game.profile()) is None
