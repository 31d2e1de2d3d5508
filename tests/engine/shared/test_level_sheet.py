"""A result read off the final levels (G8 记级) is the scoresheet's operation (``MatchSheet.level_sheet``,
issue 36): Guandan's builds the table game by game, any other game's result is its deals."""

from __future__ import annotations

import pytest

from engine.errors import BadInput, RuleViolation
from engine.registry import GAMES

GUANDAN = GAMES["guandan"].match_sheet
PROFILE = GAMES["guandan"].profile()
WON = {"ns_level": "A+", "ew_level": "9", "deals_played": 14, "time_up": False, "winner": None}
LOST = {"ns_level": "8", "ew_level": "A+", "deals_played": 12, "time_up": False, "winner": None}


def test_g8_a_level_sheet_of_one_game_is_the_finished_match():
    state = GUANDAN.level_sheet([WON], profile=PROFILE)
    assert state.finished and state.winner.value == "NS" and state.deals == 14


def test_g8_a_best_of_three_needs_the_games_that_decide_it():
    with pytest.raises(RuleViolation) as refused:
        GUANDAN.level_sheet([WON], profile=PROFILE, best_of=3)
    assert (refused.value.code, refused.value.field) == ("match_not_finished", "games")
    assert GUANDAN.level_sheet([WON, LOST, WON], profile=PROFILE, best_of=3).winner.value == "NS"


def test_g8_a_game_after_the_match_was_decided_is_refused_at_its_entry():
    with pytest.raises(RuleViolation) as refused:
        GUANDAN.level_sheet(
            [WON, WON, LOST], profile=PROFILE, best_of=3, fields=["games.0", "games.1", "games.2"]
        )
    assert (refused.value.code, refused.value.field) == ("too_many_games", "games.2")


def test_g8_a_games_own_error_points_under_its_entry():
    with pytest.raises(BadInput) as refused:
        GUANDAN.level_sheet([{**WON, "ns_level": "Z"}], profile=PROFILE, fields=["games.0"])
    assert refused.value.code == "unknown_level" and refused.value.field.startswith("games.0.")


@pytest.mark.parametrize("code", [code for code in GAMES if not GAMES[code].match_sheet.results_from_levels])
def test_another_games_result_is_its_deals(code):
    game = GAMES[code]
    with pytest.raises(BadInput) as refused:
        game.match_sheet.level_sheet([WON], profile=game.profile())
    assert refused.value.code == "deals_required"
