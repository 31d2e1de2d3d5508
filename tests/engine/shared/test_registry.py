"""The game registry (engine/registry.py): every registered game in service; a game registered
with ``in_service=False`` is found only when asked."""

from __future__ import annotations

import dataclasses

import pytest

from engine import all_profiles, daguai, doudizhu, game_codes, get_game, guandan
from engine.daguai.profiles import BUILTIN as DAGUAI
from engine.errors import BadInput
from engine.guandan.profiles import BUILTIN as GUANDAN
from engine.registry import GAMES


def test_the_three_climbing_games_are_registered():
    assert {"guandan", "doudizhu4", "daguai"} <= set(game_codes(pending=True))


def test_the_service_lists_only_games_in_service():
    assert {"guandan", "daguai", "shuangkou", "doudizhu4"} <= set(game_codes())
    assert set(GUANDAN) | set(DAGUAI) <= set(all_profiles())
    assert all(game.in_service for game, _ in all_profiles().values())


def test_d10_doudizhu4_is_in_service_with_players_alone_and_a_scoresheet():
    game = get_game("doudizhu4")
    assert (game.team_size, game.individual, game.match_sheet is not None) == (1, True, True)


def test_k1_daguai_is_in_service_with_teams_of_three_and_a_scoresheet():
    game = get_game("daguai")
    assert (game.team_size, game.match_sheet is not None) == (3, True)
    assert get_game("guandan").team_size == 2 and get_game("guandan").match_sheet is not None


@pytest.fixture
def pending(monkeypatch):
    """A game registered before it is in service (as Dou Dizhu was before its events)."""
    game = dataclasses.replace(GAMES["doudizhu4"], code="pending-game", in_service=False)
    monkeypatch.setitem(GAMES, game.code, game)
    return game.code


def test_pending_games_are_found_only_when_asked(pending):
    code = pending
    assert code not in game_codes() and code in game_codes(pending=True)
    with pytest.raises(BadInput) as caught:
        get_game(code)
    assert (caught.value.code, caught.value.field) == ("unknown_game", "game")
    game = get_game(code, pending=True)
    assert not game.in_service and game.code == code
    assert game.profile().key == game.default_profile
    assert game.reading_to_dict is not None and game.match_sheet is not None


def test_profile_keys_are_unique_across_games():
    profiles = all_profiles(pending=True)
    assert {"guandan", "doudizhu4", "daguai"} <= {game.code for game, _ in profiles.values()}
    assert len(profiles) == sum(
        len(get_game(code, pending=True).profiles) for code in game_codes(pending=True)
    )


def test_each_game_says_its_table():
    """A game's table (seats, decks, hands) is its engine's own: the service asks the registry only
    what it uses (docs/rules/index.md)."""
    assert (guandan.cards.HAND_SIZE, guandan.GAME.in_service) == (27, True)
    assert (doudizhu.play.DECKS, doudizhu.play.HAND_SIZE, doudizhu.GAME.check_bidding is not None) == (
        2,
        25,
        True,
    )
    assert (daguai.play.DECKS, daguai.play.HAND_SIZE, tuple(seat.value for seat in daguai.seats.SEATS)) == (
        3,
        27,
        ("1", "2", "3", "4", "5", "6"),
    )
    assert guandan.GAME.validate_tributes is not None and daguai.GAME.validate_tributes is None


def test_an_unknown_ruleset_of_a_game_is_bad_input():
    with pytest.raises(BadInput) as caught:
        get_game("daguai", pending=True).profile("guandan-standard")
    assert caught.value.code == "unknown_ruleset"
