"""What the service needs from a game's rules engine: one ``Game`` value per game package.

Each package under ``engine/<game>/`` builds its ``GAME``; ``engine.registry``
collects them. A game imports this module, never the registry, so neither imports the other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.errors import BadInput
from engine.forms import COMPASS_SEATS, SeatSpec
from engine.penalties import Infraction, Row
from engine.sheets import MatchSheet


@dataclass(frozen=True, kw_only=True)
class EventScoring:
    """How a new event of a game scores and ranks unless its organizer says otherwise, and what it
    may not change (docs/scoring.md "Defaults by game").

    The names are keys of the scoring layer's registries (``engine.scoring.methods.METHODS``,
    ``engine.scoring.ranking.METRICS``), held here as plain strings: the engine never imports scoring, and
    tests/core/test_registries.py checks every name against those registries.
    """

    match_points: str  # the method of the match points (G9 场分)
    level_points: str  # the method of the level points (G9 级分/小分; K7, D10 net points)
    tiebreaks: tuple[str, ...]  # the tiebreak chain (G10)
    # What an event may not change: ``fixed_methods``, its methods are the two above and no other;
    # ``tiebreak_choices``, the only tiebreaks its chain may hold (None: any). Only a game played at
    # tables of four (``Game.individual``) has them, and the API's refusals say so: its standings'
    # entries are each player's own points, and its tiebreaks compare players, not sides.
    fixed_methods: bool = False
    tiebreak_choices: tuple[str, ...] | None = None


#: The scoring of a game of two sides climbing levels (docs/rules/guandan.md G9, G10), which the
#: event columns default to: 2/1/0 match points, the net level difference, then head-to-head and
#: the opponents' points.
LEVEL_SCORING = EventScoring(
    match_points="win_draw_loss",
    level_points="level_difference",
    tiebreaks=("level_points", "head_to_head", "opponents_points"),
)


@dataclass(frozen=True, kw_only=True)
class Game:
    """What the service needs from a game's rules engine.

    ``validate_play`` and ``replay_deal`` answer the two questions every game has; their
    keyword arguments are each game's own (a level in Guandan, a bidding in Dou Dizhu) and
    are documented on the functions. The optional questions exist where the game has them.
    Everything the service asks of a game is here (docs/rules/index.md "Adding a game"): nothing
    outside the engine names a game by its code.
    """

    code: str
    name: str
    profiles: Mapping[str, Any]  # key -> immutable rule profile
    default_profile: str
    validate_play: Callable[..., Any]
    replay_deal: Callable[..., Any]
    validate_tributes: Callable[..., Any] | None = None  # Guandan G7
    check_bidding: Callable[..., Any] | None = None  # Dou Dizhu D2-D3
    reading_to_dict: Callable[[Any], dict[str, Any]] | None = None  # a reading's wire form
    # How events keep a match of this game deal by deal (engine.sheets); every game in service
    # has one (None: a game not yet in service).
    match_sheet: MatchSheet[Any] | None = None
    # Players in each of the two sides of a match (a Daguai team: 3); 1: each player scores for
    # themselves at a table of four (four-player Dou Dizhu: docs/events.md "Tables of four").
    team_size: int = 2
    # How its events score and rank by default, and what they may choose (docs/scoring.md).
    scoring: EventScoring
    # The consequences its own rule sheets give an infraction, in place of the penalty table's row
    # (docs/referees.md "Tables of four"); read with the table at tables of four.
    penalty_rows: Mapping[Infraction, Row] = field(default_factory=dict)
    # The seats of its table in the order they sit, each with its side (None: a player alone): what
    # its incidents, appeals and penalty questions name (referee.incidents.seats; Daguai's six).
    seats: tuple[SeatSpec, ...] = COMPASS_SEATS
    in_service: bool = True
    # The stable codes its referee answers and refusals carry (its violation, tribute … enums), each
    # with a translated message in the API (referee/api/messages.py's catalogue).
    codes: tuple[type[StrEnum], ...] = ()
    #: The pack's card codes that are wild at ``level`` (None: the game has no level): what a
    #: referee's card picker marks (issue 34). A game without wild cards has none.
    wild_cards: Callable[[int | None], frozenset[str]] = field(default=lambda level: frozenset())

    @property
    def individual(self) -> bool:
        """Each player scores for themselves: a table seats four entrants of one player."""
        return self.team_size == 1

    def seat_penalty_rows(self) -> Mapping[Infraction, Row] | None:
        """Whom an incident accuses (G12): ``None`` for a side of the match; at a table of four a seat,
        a player alone, and then the game's own rows to read the penalty table with
        (``engine.penalties.build_table``'s ``seat_rows``)."""
        return self.penalty_rows if self.individual else None

    def profile(self, key: str | None = None, overrides: Mapping[str, Any] | None = None) -> Any:
        """A built-in profile by key (the game's default when omitted), with overrides applied."""
        base = self.profiles.get(key or self.default_profile)
        if base is None:
            raise BadInput("unknown_ruleset", f"Unknown ruleset {key!r} for {self.name}.", field="ruleset")
        return base.with_overrides(dict(overrides) if overrides else None)
