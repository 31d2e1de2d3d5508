"""Shuangkou in the game registry (engine/registry.py): in service, kept on its scoresheet."""

from __future__ import annotations

from engine import game_codes, get_game
from engine.shuangkou import GAME
from engine.shuangkou.cards import DECKS, HAND_SIZE, SEATS
from engine.shuangkou.sheet import SHEET


def test_shuangkou_is_in_service_for_events():
    assert "shuangkou" in game_codes(pending=True) and "shuangkou" in game_codes()
    assert get_game("shuangkou") is GAME
    assert GAME.match_sheet is SHEET and GAME.team_size == 2


def test_shuangkou_says_its_table_and_its_questions():
    game = get_game("shuangkou")
    assert (len(SEATS), DECKS, HAND_SIZE, game.in_service) == (4, 2, 25, True)
    assert game.profile().key == "shuangkou-standard"
    assert game.reading_to_dict is not None
    assert game.validate_tributes is None and game.check_bidding is None
