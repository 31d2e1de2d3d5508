"""The game registry: one entry per game code, all behind the same small interface.

Guandan (docs/guandan.md), four-player Dou Dizhu (docs/doudizhu.md) and Daguai Luzi
(docs/daguai.md) each register a ``Game`` from their package under ``referee/games/<game>/``.

A game's engine can be registered before the API and the event models serve it: such a game
has ``in_service=False``. It is found by ``get_game(code, pending=True)`` and listed with
``pending=True``, but the service's own lists (``game_codes()``, ``all_profiles()``: the
rulesets endpoint, the referee questions, the events' ``game`` choices and their database
constraint) leave it out until it is switched on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from referee.games.errors import BadInput


@dataclass(frozen=True, kw_only=True)
class Game:
    """What the service needs from a game's rules engine.

    ``validate_play`` and ``replay_deal`` answer the two questions every game has; their
    keyword arguments are each game's own (a level in Guandan, a bidding in Dou Dizhu) and
    are documented on the functions. The optional questions exist where the game has them.
    """

    code: str
    name: str
    profiles: Mapping[str, Any]  # key -> immutable rule profile
    default_profile: str
    validate_play: Callable[..., Any]
    replay_deal: Callable[..., Any]
    validate_tributes: Callable[..., Any] | None = None  # Guandan G7
    check_bidding: Callable[..., Any] | None = None  # Dou Dizhu D2-D3
    check_declarations: Callable[..., Any] | None = None  # Shuangkou S3 (calls and trump)
    score_deal: Callable[..., Any] | None = None  # points of one deal (D8, K5)
    reading_to_dict: Callable[[Any], dict[str, Any]] | None = None  # a reading's wire form
    seats: tuple[str, ...] = ("N", "E", "S", "W")
    players: int = 4
    decks: int = 2
    hand_size: int = 27
    in_service: bool = True

    def profile(self, key: str | None = None, overrides: Mapping[str, Any] | None = None):
        """A built-in profile by key (the game's default when omitted), with overrides applied."""
        base = self.profiles.get(key or self.default_profile)
        if base is None:
            raise BadInput("unknown_ruleset", f"Unknown ruleset {key!r} for {self.name}.", field="ruleset")
        return base.with_overrides(dict(overrides) if overrides else None)


_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    _GAMES[game.code] = game
    return game


def _load() -> dict[str, Game]:
    # Every game package registers itself on import; importing them all here (whichever was
    # imported first) makes the registry the same in every process.
    from referee.games import daguai, doudizhu, guandan, shuangkou  # noqa: F401

    return _GAMES


def _listed(pending: bool) -> list[Game]:
    return [game for game in _load().values() if pending or game.in_service]


def get_game(code: str, *, pending: bool = False) -> Game:
    """The game of ``code``; games not yet in service only with ``pending=True``."""
    game = _load().get(code)
    if game is None or not (pending or game.in_service):
        raise BadInput("unknown_game", f"Unknown game {code!r}.", field="game")
    return game


def game_codes(*, pending: bool = False) -> tuple[str, ...]:
    return tuple(game.code for game in _listed(pending))


def all_profiles(*, pending: bool = False) -> dict[str, tuple[Game, Any]]:
    """Every built-in rule profile of every game, by key (keys are unique across games)."""
    return {key: (game, profile) for game in _listed(pending) for key, profile in game.profiles.items()}
