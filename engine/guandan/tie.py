"""One table of a round: one match or a best of three (docs/rules/guandan.md G8 "A round is one match or
a best
of three").

The service calls the whole table "a match"; here each of its games (局) is a G8 match as
``match.py`` models it (levels start at 2, G6 and G8 apply), and ``TieState`` holds them in order.
Deals are numbered through the whole table: the deal after the one that ends game 1 starts
game 2 with fresh levels.

The tie is over when a side has won ``best_of // 2 + 1`` games, or when ``best_of`` games are
over; the side with more games won wins it, equal is a draw (possible only when games are drawn).

Closing on time (``close_tie_on_time``) closes the game in progress. When no game is in
progress:

- the table has played no deal at all: game 1 is closed at 2-2 and decided by
  ``equal_levels``, exactly as ``match.close_on_time`` closes a match with no deal, so a best of
  one behaves like a single match;
- the last game is over and the next has not begun: ``BadInput`` ``no_game_in_progress``. Each
  game has its own clock (G8 gives the clock to a match 局), and the next game's has not started.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.errors import BadInput
from engine.guandan.cards import format_level
from engine.guandan.finishing import FinishingOrder, normalise_finishing_order
from engine.guandan.match import (
    LevelChange,
    MatchState,
    apply_deal,
    apply_late_level_change,
    apply_level_change,
    close_on_time,
)
from engine.guandan.profiles import STANDARD, RuleProfile
from engine.seats import Side

BEST_OF = (1, 3)


@dataclass(frozen=True, slots=True)
class TieState:
    """The games of one table, in order: every game begun, the last one possibly in progress."""

    best_of: int = 1
    games: tuple[MatchState, ...] = ()
    # The last deal's finishing order: the next deal's tribute follows from it (G7).
    last_deal: FinishingOrder | None = None

    def __post_init__(self) -> None:
        if isinstance(self.best_of, bool) or self.best_of not in BEST_OF:
            raise BadInput("invalid_choice", "best_of must be 1 or 3 (G8).", field="best_of")
        if len(self.games) > self.best_of or any(not game.finished for game in self.games[:-1]):
            raise BadInput(
                "invalid", "A tie holds at most best_of games, all but the last finished.", field="games"
            )

    @property
    def wins_needed(self) -> int:
        return self.best_of // 2 + 1

    @property
    def games_won(self) -> dict[Side, int]:
        won = dict.fromkeys(Side, 0)
        for game in self.games:
            if game.finished and game.winner is not None:
                won[game.winner] += 1
        return won

    @property
    def finished(self) -> bool:
        if max(self.games_won.values()) >= self.wins_needed:
            return True
        return sum(game.finished for game in self.games) == self.best_of

    @property
    def winner(self) -> Side | None:
        if not self.finished:
            return None
        won = self.games_won
        if won[Side.NS] == won[Side.EW]:
            return None
        return Side.NS if won[Side.NS] > won[Side.EW] else Side.EW

    @property
    def draw(self) -> bool:
        return self.finished and self.winner is None

    @property
    def _in_last_game(self) -> bool:
        """The next deal (or the result, once the tie is over) belongs to the last game begun."""
        return bool(self.games) and (not self.games[-1].finished or self.finished)

    @property
    def current(self) -> MatchState:
        """The game the next deal belongs to; the last game once the tie is over."""
        return self.games[-1] if self._in_last_game else MatchState()

    @property
    def game_number(self) -> int:
        """1-based number of ``current``."""
        return len(self.games) if self._in_last_game else len(self.games) + 1

    @property
    def deals_played(self) -> int:
        return sum(game.deals_played for game in self.games)

    @property
    def deals(self) -> int:
        """``deals_played``, as every game's match state names it (``engine.sheets.SheetState``)."""
        return self.deals_played

    @property
    def tribute_after(self) -> FinishingOrder | None:
        """The finishing order the next deal's tribute follows from; None for a game's first deal (G7)."""
        return self.last_deal if self.current.deals_played else None

    @property
    def needs_extra_deal(self) -> bool:
        return self.current.needs_extra_deal

    def level_line(self) -> list[dict[str, Any]]:
        """G8 记级 of the whole table: both levels after every deal, numbered through the table.

        A game read off the level sheet keeps only its final levels; they are numbered as its last deal.
        A referee's level change (G12) is an entry of its own: ``deal`` is the last deal before it (0
        before the first) and ``change`` the label it was applied with.
        """
        line: list[dict[str, Any]] = []
        before = 0
        for number, game in enumerate(self.games, start=1):
            changes = dict(game.changes)
            deal = before + game.deals_played - (len(game.level_line) - len(changes))
            for index, (ns, ew) in enumerate(game.level_line):
                entry = {"deal": deal, "game": number, "NS": format_level(ns), "EW": format_level(ew)}
                if index in changes:
                    entry["change"] = changes[index]
                else:
                    deal += 1
                    entry["deal"] = deal
                line.append(entry)
            before += game.deals_played
        return line

    def to_dict(self) -> dict[str, Any]:
        current = self.current.to_dict()
        won = self.games_won
        return {
            "best_of": self.best_of,
            "game": self.game_number,
            "games_won": {"NS": won[Side.NS], "EW": won[Side.EW]},
            "finished": self.finished,
            "winner": None if self.winner is None else str(self.winner),
            "draw": self.draw,
            "deals_played": self.deals_played,
            "next_deal": None if self.finished else self.deals_played + 1,
            "games": [{**game.to_dict(), "game": n} for n, game in enumerate(self.games, start=1)],
            # The current game, flattened for a phone at the table.
            "levels": current["levels"],
            "on_stage": current["on_stage"],
            "deal_level": current["deal_level"],
            "a_failures": current["a_failures"],
            "needs_extra_deal": current["needs_extra_deal"],
            "level_line": self.level_line(),
        }


def apply_tie_deal(
    tie: TieState, finishing_order: Iterable[object] | FinishingOrder, *, profile: RuleProfile = STANDARD
) -> TieState:
    """The tie after one more deal: applied to the game in progress, or starting the next game.

    Raises ``BadInput`` ``match_over`` (field ``finishing_order``) when the tie is over, and the
    codes of ``match.apply_deal``.
    """
    if tie.finished:
        raise BadInput("match_over", "The tie is over; no more deals.", field="finishing_order")
    finish = (
        finishing_order
        if isinstance(finishing_order, FinishingOrder)
        else normalise_finishing_order(finishing_order)
    )
    game = apply_deal(tie.current, finish, profile=profile)
    return replace(_with_current(tie, game), last_deal=finish)


def apply_tie_change(tie: TieState, change: LevelChange, *, profile: RuleProfile = STANDARD) -> TieState:
    """The tie after a referee's level change (G12) in the game in progress (or the next one).

    Raises ``BadInput`` ``match_over`` when the tie is over.
    """
    if tie.finished:
        raise BadInput("match_over", "The tie is over; its levels no longer change.", field="levels")
    return _with_current(tie, apply_level_change(tie.current, change, profile=profile))


def apply_late_tie_change(tie: TieState, change: LevelChange, *, profile: RuleProfile = STANDARD) -> TieState:
    """A referee's level change ruled after the tie was over: its last game's final levels move
    (``apply_late_level_change``), and with them, where levels decided it, that game's result."""
    if not tie.finished:
        return apply_tie_change(tie, change, profile=profile)
    return replace(
        tie, games=(*tie.games[:-1], apply_late_level_change(tie.games[-1], change, profile=profile))
    )


def play_tie(
    finishing_orders: Iterable[Iterable[object]],
    *,
    best_of: int = 1,
    profile: RuleProfile = STANDARD,
    time_up: bool = False,
    changes: Mapping[int, Sequence[LevelChange]] | None = None,
) -> TieState:
    """Replay a table deal by deal; ``time_up`` closes the current game on time after the last deal.

    ``changes`` are the referee's level changes (G12) by the number of deals played before them (0:
    before the first deal); one after the tie is over moves its last game's final levels
    (``apply_late_tie_change``).
    """
    changes = changes or {}
    tie = _changed(TieState(best_of=best_of), changes.get(0, ()), profile=profile)
    for index, order in enumerate(finishing_orders):
        try:
            tie = apply_tie_deal(tie, order, profile=profile)
        except BadInput as error:
            raise BadInput(error.code, error.detail, field=f"finishing_orders[{index}]") from None
        tie = _changed(tie, changes.get(index + 1, ()), profile=profile)
    if time_up:
        tie = close_tie_on_time(tie, profile=profile)
    return tie


def close_tie_on_time(tie: TieState, *, profile: RuleProfile = STANDARD) -> TieState:
    """G8 ``time_limit`` / ``time_or_deals``: the clock of the game in progress ran out.

    A tie already over is returned unchanged. With no deal at all, game 1 is closed at 2-2.
    Raises ``BadInput`` ``no_time_limit`` (no clock in this format) and ``no_game_in_progress``
    (field ``time_up``: the last game is over and the next has not begun).
    """
    if tie.finished:
        close_on_time(tie.current, profile=profile)  # still refuses a format without a clock
        return tie
    if tie.games and tie.games[-1].finished:
        raise BadInput(
            "no_game_in_progress",
            f"Game {tie.game_number} has not begun, so its clock cannot run out (G8).",
            field="time_up",
        )
    return _with_current(tie, close_on_time(tie.current, profile=profile))


def _changed(tie: TieState, changes: Sequence[LevelChange], *, profile: RuleProfile) -> TieState:
    for change in changes:
        tie = apply_late_tie_change(tie, change, profile=profile)
    return tie


def _with_current(tie: TieState, game: MatchState) -> TieState:
    """``tie`` with ``game`` as its current game: replacing the one in progress, or appended."""
    if tie.games and not tie.games[-1].finished:
        return replace(tie, games=(*tie.games[:-1], game))
    return replace(tie, games=(*tie.games, game))
