"""What the scoring methods and the standings read about a match: plain, frozen values (G8-G10).

These records are the border between the database and the pure scoring code. A selector
builds them from confirmed results with a fixed number of queries; everything after that —
match points (G9), tiebreaks and ranking (G10) — is a pure function of them, tested without
a database. Nothing here imports Django.

Levels are integers as G8 counts them: 2 … 14 (A), and 15 for a side that passed A (过A).
Point games (Daguai Luzi, docs/rules/daguai.md K5) record each side's game points and first-outs
instead; a point game's result has no levels, so its ``games`` is empty.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from engine.seats import Side

PASSED_A = 15
FIRST_LEVEL = 2


class MatchKind(StrEnum):
    """How a match was decided: played, or not played at all."""

    PLAYED = "played"
    BYE = "bye"  # no opponent (G11): scored as the event says
    FORFEIT = "forfeit"  # a side came too late (迟到弃权, G11/G12): forfeit_win / forfeit_loss
    WITHDRAWAL = "withdrawal"  # a side withdrew before the match (退赛): withdrawal_win / withdrawal_loss
    AWARDED = "awarded"  # a referee awarded the match to ``winner`` (G12): the method's maximum


class Outcome(StrEnum):
    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


@dataclass(frozen=True, slots=True)
class DealTally:
    """The deals a side won, by finish (G6): 1-2 (双上), 1-3 and 1-4. A deal is won by the side
    whose seat went out first (上游), so ``firsts`` is the side's number of 1st places."""

    double: int = 0
    one_three: int = 0
    one_four: int = 0

    @property
    def firsts(self) -> int:
        return self.double + self.one_three + self.one_four


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game (局) of a match: a best of three has up to three (G8)."""

    ns_level: int
    ew_level: int
    winner: Side | None  # None: the game was drawn
    on_time: bool = False  # ended because the clock ran out (G8 time_limit)

    def level(self, side: Side) -> int:
        return self.ns_level if side is Side.NS else self.ew_level


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A confirmed match as the scoring methods see it.

    - ``PLAYED``: ``winner`` is the side that won the match (None: a draw); ``games`` holds
      every game; ``tally`` the deals each side won when the deals were recorded (None when
      only the final levels were entered: methods that need deals then score 0 for them).
    - ``BYE``: ``ew`` is None; ``ns`` had the bye.
    - ``FORFEIT`` / ``WITHDRAWAL``: ``winner`` is the side that did *not* forfeit (None when
      both did); no games.
    ``finished_at`` (seconds, any fixed origin) is when the match ended, for ``win_plus_speed``.
    ``points`` and ``first_outs``: a point game's totals per side over its deals (K5: the points
    of ``daguai_deal``, the deals a side's player went out first in); None when not recorded.
    """

    match_id: int
    round: int
    ns: int
    ew: int | None
    kind: MatchKind = MatchKind.PLAYED
    winner: Side | None = None
    games: tuple[GameRecord, ...] = ()
    tally: Mapping[Side, DealTally] | None = None
    finished_at: float | None = None
    extra: Mapping[str, object] = field(default_factory=dict)
    points: Mapping[Side, float] | None = None
    first_outs: Mapping[Side, int] | None = None

    def pair(self, side: Side) -> int | None:
        return self.ns if side is Side.NS else self.ew

    def outcome(self, side: Side) -> Outcome:
        """The result of the match for ``side``; a bye counts as a win here (methods say how it scores)."""
        if self.kind is MatchKind.BYE:
            return Outcome.WIN
        if self.winner is None:
            return Outcome.DRAW if self.kind is MatchKind.PLAYED else Outcome.LOSS
        return Outcome.WIN if self.winner is side else Outcome.LOSS

    def net_levels(self, side: Side) -> int:
        """G8 level difference from ``side``'s view, summed over the games (0 when not played)."""
        # Each side's columns read directly rather than through ``GameRecord.level``: the standings
        # ask this of every match of the event (the same terms, summed in the same order).
        if side is Side.NS:
            return sum(game.ns_level - game.ew_level for game in self.games)
        return sum(game.ew_level - game.ns_level for game in self.games)

    def net_points(self, side: Side) -> float:
        """净胜分 (K7): ``side``'s game points − the opponent's; 0 when no points were recorded."""
        if self.points is None:
            return 0
        return self.points[side] - self.points[side.other]

    def cumulative_levels(self, side: Side) -> int:
        """Levels gained over the games: own level − 2, passing A counting 15 (so A+ gives 13)."""
        if side is Side.NS:
            return sum(game.ns_level - FIRST_LEVEL for game in self.games)
        return sum(game.ew_level - FIRST_LEVEL for game in self.games)


@dataclass(frozen=True, slots=True)
class Points:
    """What a method gives the two sides of one match (``ew`` is None for a bye)."""

    ns: float
    ew: float | None

    def of(self, side: Side) -> float | None:
        return self.ns if side is Side.NS else self.ew
