"""The game registry: one entry per game code, all behind the same small interface.

Guandan is first; four-player Dou Dizhu, Daguai Luzi and Shuangkou (docs/guandan.md D, K,
S) go beside it as ``referee/games/<game>/`` packages that register a ``Game``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from referee.games.errors import BadInput


@dataclass(frozen=True)
class Game:
    """What the service needs from a game's rules engine."""

    code: str
    name: str
    profiles: Mapping[str, Any]  # key -> immutable rule profile
    default_profile: str
    validate_play: Callable[..., Any]
    replay_deal: Callable[..., Any]
    validate_tributes: Callable[..., Any] | None = None

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
    if not _GAMES:
        from referee.games import guandan  # noqa: F401  - registers itself

    return _GAMES


def get_game(code: str) -> Game:
    game = _load().get(code)
    if game is None:
        raise BadInput("unknown_game", f"Unknown game {code!r}.", field="game")
    return game


def game_codes() -> tuple[str, ...]:
    return tuple(_load())


def all_profiles() -> dict[str, tuple[Game, Any]]:
    """Every built-in rule profile of every game, by key (keys are unique across games)."""
    return {key: (game, profile) for game in _load().values() for key, profile in game.profiles.items()}
