"""What a result submission says happened, worked out by the game's scoresheet (docs/scoring.md §2,
"Every game keeps its matches on a scoresheet").

Three ways to give a result:
- from the posted deals (nothing but ``time_up`` when a timed match was stopped by the clock): the
  sheet's fold of the deals must show the match over; the winner and the totals are the sheet's
  (``MatchSheet.totals``): a best of three's games (Guandan G8), a point game's points and
  first-outs, a table of four's totals per seat (docs/rules/doudizhu.md D10);
- from the level sheet (记级), for a game whose result may be read off its final levels
  (``MatchSheet.results_from_levels``, read by ``MatchSheet.level_sheet``: Guandan's): ``levels`` (one
  game) or ``games`` (a best of three), each with its ``deals_played`` and, where the rules need it,
  ``time_up`` and ``winner``; when deals were posted the sheet must agree with them, unless a
  referee sets them aside (``set_aside_deals``: a table whose phone died part-way, or whose deals
  were posted wrong, is scored from its paper sheet). Any other game's result is its deals;
- a forfeit (referees only): ``forfeit`` names the side that forfeited and whether it came late
  (``forfeit``) or withdrew (``withdrawal``), G11/G12.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from engine.errors import EngineError
from engine.scoring.methods import METHODS
from engine.sheets import MatchSheet, SheetState, SheetTotals
from scoring.actors import Actor
from scoring.models import Deal, ResultSource
from scoring.problems import NotAllowed, RuleRefused, engine_refusal
from scoring.selectors.matches import match_deals, match_profile, match_sheet, sheet_state, state_answer
from scoring.services import sheet_store
from tournaments.models import Match, StageKind


@dataclass(frozen=True, kw_only=True)
class ResultSubmission:
    """A result submission as ``ResultInputSerializer`` parsed it (``ResultSubmission(**validated)``):
    what happened (nothing: the posted deals, with ``time_up`` when the clock stopped them; the level
    sheet: ``levels`` with ``deals_played`` and ``winner``, or ``games``, and ``set_aside_deals``; or a
    ``forfeit``) and who says so (``side``, ``corrects``, ``note``, ``finished_at``, ``confirm``)."""

    time_up: bool = False
    levels: Mapping[str, Any] | None = None
    deals_played: int | None = None
    winner: str | None = None
    games: list[Mapping[str, Any]] | None = None  # None: not given (an empty list was given)
    forfeit: Mapping[str, Any] | None = None
    set_aside_deals: bool = False
    finished_at: datetime | None = None
    side: str | None = None
    corrects: int | None = None
    note: str = ""
    confirm: bool = False
    # Not from the API: the ruling that made the service write this version (result_rulings.py).
    cause: Mapping[str, Any] | None = None
    # Not from the API: what the service read again itself (result_rulings.py: a level sheet with the
    # referees' later level changes), taken as it is.
    reread: ResultFacts | None = None


@dataclass(frozen=True)
class ResultFacts:
    """What a result submission says happened: the facts a ``MatchResult`` version stores."""

    source: str
    winner: str | None  # "NS", "EW", or None (a draw, or both sides forfeited)
    games: list[dict[str, Any]]
    ns_level: int | None
    ew_level: int | None
    deals_played: int
    end_reason: str | None
    tally: dict[str, list[int]] | None = None
    forfeit_side: str | None = None
    forfeit_kind: str | None = None
    deals_set_aside: bool = False  # a referee scored the level sheet and set the posted deals aside
    # A point game's totals (engine.sheets.SheetTotals): each side's points and first-outs.
    points: dict[str, float | None] | None = None
    first_outs: dict[str, int | None] | None = None
    # A table of four (SheetTotals.seats): seat → that player's points, deals won, landlord hands.
    seats: dict[str, dict[str, float]] | None = None

    def tally_columns(self) -> dict[str, int | None]:
        """The deals each side won by finish, as the result's columns (all None without deals)."""
        return {
            f"{side.lower()}_{name}": None if self.tally is None else self.tally[side][index]
            for side in ("NS", "EW")
            for index, name in enumerate(("double_wins", "one_threes", "one_fours"))
        }

    def sheet_columns(self) -> dict[str, float | int | dict[str, dict[str, float]] | None]:
        """A point game's points and first-outs per side, as the result's columns (None: not kept)."""
        points, firsts = self.points or {}, self.first_outs or {}
        return {
            **{f"{side.lower()}_points": points.get(side) for side in ("NS", "EW")},
            **{f"{side.lower()}_first_outs": firsts.get(side) for side in ("NS", "EW")},
            "seats": self.seats,
        }

    def identity(self) -> dict[str, Any]:
        """What two submissions must share to agree (how they were entered does not matter)."""
        return {
            "winner": self.winner,
            "games": [
                {k: g[k] for k in ("ns_level", "ew_level", "winner", "deals_played", "end_reason")}
                for g in self.games
            ],
            "forfeit": [self.forfeit_side, self.forfeit_kind],
            **({"seats": self.seats} if self.seats is not None else {}),
        }


def result_facts(match: Match, submission: ResultSubmission, *, actor: Actor) -> ResultFacts:
    facts = submission.reread or _facts(match, submission, actor=actor)
    if facts.winner is None and match.round.stage.kind == StageKind.KNOCKOUT:
        # The engine never ends a knockout Guandan game level (G8: a draw becomes an extra deal);
        # only a forfeit of both sides could, and a knockout match must still send a pair through. A
        # game whose rules name no way to decide a level match (Daguai Luzi's equal points) is refused
        # too: a referee decides the tie and names the side that forfeits it.
        detail = (
            "A knockout match must produce a winner (G8): name the side that forfeited; the other "
            "goes through."
        )
        if not match_sheet(match).results_from_levels and not facts.forfeit_side:
            game = match.round.event.game
            detail = (
                f"The posted deals end this knockout match level, and the rules (docs/rules/{game}.md) "
                "name no way to decide a level match: a referee decides the tie and names the side "
                "that forfeits it (`forfeit`); the other goes through."
            )
        raise RuleRefused(
            detail, "knockout_needs_winner", field="forfeit.side" if facts.forfeit_side else None
        )
    return facts


def _facts(match: Match, submission: ResultSubmission, *, actor: Actor) -> ResultFacts:
    if submission.forfeit:
        # An individual event's table has two sides of two players (docs/duplicate.md): a side forfeits.
        if match.is_table_of_four and not match.round.event.rotating_partners:
            raise RuleRefused(
                "A table of four has no sides to forfeit: a referee withdraws the absent player and the "
                "table's result is its posted deals (docs/events.md, Tables of four).",
                "not_supported",
                field="forfeit",
            )
        return _forfeit(submission.forfeit, actor)
    sheet = match_sheet(match)
    if not sheet.results_from_levels:
        for name in ("levels", "games", "set_aside_deals"):
            if getattr(submission, name):
                raise RuleRefused(
                    "This game's result is its posted deals: post them (and say `time_up` when the "
                    "clock ran out), then submit the result with nothing else.",
                    "deals_required",
                    field=name,
                )
    profile = match_profile(match)
    posted = _posted(match, sheet, profile)
    levels = _level_games(submission)
    set_aside = False
    if submission.set_aside_deals:
        if not actor.is_referee:
            raise NotAllowed(
                "Only a referee sets the posted deals aside.", "referee_required", field="set_aside_deals"
            )
        set_aside, posted = posted.count > 0, _Posted(count=0, deals=[])
    from_deals = None
    if posted.count or levels is None:
        state, tally = posted.state_and_tally(match, sheet, profile)
        if submission.time_up and not state.finished:
            try:
                state = sheet.close_on_time(state, profile=profile)
            except EngineError as error:
                raise engine_refusal(error, prefix="time_up", checked=True) from None
        if not state.finished:
            raise RuleRefused(
                sheet.unfinished_hint, "match_not_finished", extra={"state": state_answer(match, state)}
            )
        from_deals = from_totals(sheet.totals(state), ResultSource.DEALS, tally=tally)
    if levels is None:
        assert from_deals is not None  # without levels, the result is read from the deals (above)
        return from_deals
    from_levels = _from_levels(match, submission, levels, sheet=sheet, profile=profile)
    if from_deals is not None:
        if from_deals.identity() != from_levels.identity():
            raise RuleRefused(
                "The levels contradict the posted deals: correct the deals, or (a referee) set them "
                "aside with `set_aside_deals`.",
                "contradicts_deals",
                field="games" if submission.games is not None else "levels",
                extra={"from_deals": from_deals.games},
            )
        return from_deals
    return replace(from_levels, deals_set_aside=set_aside)


@dataclass(frozen=True)
class _Posted:
    """The match's posted deals as a result reads them: the stored state (``kept``) when the match
    row holds a valid one, else the current deals, read (``deals``)."""

    count: int
    kept: sheet_store.Stored | None = None
    deals: list[Deal] | None = None

    def state_and_tally(
        self, match: Match, sheet: MatchSheet, profile: Any
    ) -> tuple[SheetState, dict[str, list[int]] | None]:
        """The match after its deals (with the referees' level changes) and their tally."""
        if self.kept is not None:
            return self.kept.state, self.kept.tally
        deals = self.deals or []
        return sheet_state(match, deals, profile), sheet.tally([deal.record for deal in deals])


def _posted(match: Match, sheet: MatchSheet, profile: Any) -> _Posted:
    """What the deals say, from the state stored with the match when it is there and valid
    (``sheet_store.stored``: the match was loaded locked, so it is current; no deal and no level
    change is read), else from the deals (docs/scoring.md "The stored state")."""
    kept = sheet_store.stored(match, sheet, profile)
    if kept is not None:
        return _Posted(count=kept.state.deals, kept=kept)
    deals = match_deals(match)
    return _Posted(count=len(deals), deals=deals)


def _level_games(submission: ResultSubmission) -> list[Mapping[str, Any]] | None:
    """The games of the level sheet (记级) given: ``games``, or one game's ``levels``; None: none."""
    if submission.games:
        return list(submission.games)
    if submission.levels:
        game = {
            "levels": submission.levels,
            "deals_played": submission.deals_played,
            "winner": submission.winner,
            "time_up": submission.time_up,
        }
        return [{name: value for name, value in game.items() if value is not None}]
    return None


def _from_levels(
    match: Match,
    submission: ResultSubmission,
    levels: list[Mapping[str, Any]],
    *,
    sheet: MatchSheet,
    profile: Any,
) -> ResultFacts:
    """The result read off the level sheet, game by game (G8: the sheet's ``level_sheet``)."""
    if _needs_deals(match):
        raise RuleRefused(
            "This event scores every deal (G9): post the deals, not only the final levels.", "deals_required"
        )
    games = [
        {
            "ns_level": game["levels"]["NS"],
            "ew_level": game["levels"]["EW"],
            "deals_played": game["deals_played"],
            "time_up": bool(game.get("time_up", submission.time_up)),
            "winner": game.get("winner"),
        }
        for game in levels
    ]
    fields = [f"games.{index}" if submission.games is not None else "" for index in range(len(games))]
    try:
        tie = sheet.level_sheet(games, profile=profile, best_of=match.best_of, fields=fields)
    except EngineError as error:
        raise engine_refusal(error, checked=True) from None
    return from_totals(sheet.totals(tie), ResultSource.LEVELS)


def from_totals(
    totals: SheetTotals, source: str, *, tally: dict[str, list[int]] | None = None
) -> ResultFacts:
    winner = None if totals.winner is None else totals.winner.value
    kept = totals.ns_points is not None or totals.ew_points is not None or totals.ns_first_outs is not None
    return ResultFacts(
        source=source,
        winner=winner,
        games=totals.game_rows(),
        ns_level=totals.ns_level,
        ew_level=totals.ew_level,
        deals_played=totals.deals,
        end_reason=totals.end_reason,
        tally=tally,
        points={"NS": totals.ns_points, "EW": totals.ew_points} if kept else None,
        first_outs={"NS": totals.ns_first_outs, "EW": totals.ew_first_outs} if kept else None,
        seats=None if totals.seats is None else {seat: dict(row) for seat, row in totals.seats.items()},
    )


def _forfeit(forfeit: Mapping[str, Any], actor: Actor) -> ResultFacts:
    if not actor.is_referee:
        raise NotAllowed("A forfeit is a referee's decision (G11, G12).", "referee_required", field="forfeit")
    side = forfeit["side"]
    winner = None if side == "both" else ("EW" if side == "NS" else "NS")
    return ResultFacts(
        source=ResultSource.FORFEIT,
        winner=winner,
        games=[],
        ns_level=None,
        ew_level=None,
        deals_played=0,
        end_reason=None,
        forfeit_side=side,
        forfeit_kind=forfeit.get("kind") or "forfeit",
    )


def _needs_deals(match: Match) -> bool:
    event = match.round.event
    return any(METHODS[s["method"]].needs_deals for s in (event.match_points, event.level_points))
