"""Shuangkou in the game registry (referee/games/registry.py), pending until the API serves it."""

from __future__ import annotations

import pytest

from referee.games import game_codes, get_game
from referee.games.errors import BadInput
from referee.games.shuangkou import GAME
from referee.games.shuangkou.questions import check_declarations


def test_shuangkou_is_registered_but_not_yet_in_service():
    assert "shuangkou" in game_codes(pending=True) and "shuangkou" not in game_codes()
    with pytest.raises(BadInput):
        get_game("shuangkou")
    assert get_game("shuangkou", pending=True) is GAME


def test_shuangkou_says_its_table_and_its_questions():
    game = get_game("shuangkou", pending=True)
    assert (game.players, game.decks, game.hand_size, game.in_service) == (4, 2, 25, False)
    assert game.profile().key == "shuangkou-standard"
    assert game.check_declarations is check_declarations
    assert game.score_deal is not None and game.reading_to_dict is not None
    assert game.validate_tributes is None and game.check_bidding is None
