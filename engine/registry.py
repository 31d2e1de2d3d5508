"""The game registry: one entry per game code, all behind the same small interface.

Guandan (docs/rules/guandan.md), four-player Dou Dizhu (docs/rules/doudizhu.md), Daguai Luzi
(docs/rules/daguai.md) and Shuangkou (docs/rules/shuangkou.md) each build a ``Game``
(``engine.game``) in their package under ``engine/<game>/``. Adding a game is its package, its entry
here and its rules page (docs/rules/index.md "Adding a game"): the service asks the entry whatever
differs between games and never compares a game's code (tests/test_game_keys.py).

A game's engine can be registered before the API and the event models serve it: such a game
has ``in_service=False``. It is found by ``get_game(code, pending=True)`` and listed with
``pending=True``, but the service's own lists (``game_codes()``, ``all_profiles()``: the
events' ``game`` choices) leave it out until it is switched on. The stateless referee questions
and the rule profiles of ``GET /api/v1/rulesets/?game=`` need no event, so they serve every
registered engine (``referee_game``).
"""

from __future__ import annotations

from typing import Any

from engine import daguai, doudizhu, duplicate, guandan, shuangkou
from engine.errors import BadInput
from engine.game import Game

# Every game, by code: the registry imports the games, which import only ``engine.game``.
GAMES: dict[str, Game] = {
    game.code: game for game in (guandan.GAME, doudizhu.GAME, daguai.GAME, shuangkou.GAME, duplicate.GAME)
}
#: The game meant where none is named: an event's ``game`` column, a referee question without ``game``.
DEFAULT_GAME = guandan.GAME.code


def _listed(pending: bool) -> list[Game]:
    return [game for game in GAMES.values() if pending or game.in_service]


def get_game(code: str, *, pending: bool = False) -> Game:
    """The game of ``code``; games not yet in service only with ``pending=True``."""
    game = GAMES.get(code)
    if game is None or not (pending or game.in_service):
        raise BadInput("unknown_game", f"Unknown game {code!r}.", field="game")
    return game


def referee_game(code: str) -> Game:
    """The game a referee question names: every registered engine, in service for events or not."""
    return get_game(code, pending=True)


def game_codes(*, pending: bool = False) -> tuple[str, ...]:
    return tuple(game.code for game in _listed(pending))


def all_profiles(*, pending: bool = False) -> dict[str, tuple[Game, Any]]:
    """Every built-in rule profile of every game, by key (keys are unique across games)."""
    return {key: (game, profile) for game in _listed(pending) for key, profile in game.profiles.items()}


def setting_choices(name: str) -> tuple[str, ...]:
    """Every value that some game in service allows for the enumerated rule setting ``name`` (an
    event's ``match_format``, say), in the games' order: what the OpenAPI document lists; the event's
    own game refuses a value it does not allow."""
    values: dict[str, None] = {}
    for game in _listed(False):
        choices = type(game.profile()).CHOICES
        values.update(dict.fromkeys(choices.get(name, ())))
    return tuple(values)


def seat_codes() -> tuple[str, ...]:
    """Every seat a table of some registered game has (``Game.seats``), in the games' order: what the
    referee's inputs may name; the match's own game refuses a seat its table does not have."""
    codes: dict[str, None] = {}
    for game in GAMES.values():
        codes.update(dict.fromkeys(seat.code for seat in game.seats))
    return tuple(codes)
