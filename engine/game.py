"""What the service needs from a game's rules engine: one ``Game`` value per game package.

Each package under ``engine/<game>/`` builds its ``GAME``; ``engine.registry``
collects them. A game imports this module, never the registry, so neither imports the other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import BadInput
from engine.sheets import MatchSheet


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
    # How events keep a match of this game deal by deal (engine.sheets); every game in service
    # has one (None: a game not yet in service).
    match_sheet: MatchSheet | None = None
    # Players in each of the two sides of a match (a Daguai team: 3); 1: each player scores for
    # themselves at a table of ``players`` (four-player Dou Dizhu: docs/events.md "Tables of four").
    team_size: int = 2
    seats: tuple[str, ...] = ("N", "E", "S", "W")
    players: int = 4
    decks: int = 2
    hand_size: int = 27
    in_service: bool = True

    @property
    def individual(self) -> bool:
        """Each player scores for themselves: a table seats ``players`` entrants of one player."""
        return self.team_size == 1

    def profile(self, key: str | None = None, overrides: Mapping[str, Any] | None = None):
        """A built-in profile by key (the game's default when omitted), with overrides applied."""
        base = self.profiles.get(key or self.default_profile)
        if base is None:
            raise BadInput("unknown_ruleset", f"Unknown ruleset {key!r} for {self.name}.", field="ruleset")
        return base.with_overrides(dict(overrides) if overrides else None)
