"""What a result submission says happened, worked out by the engine (G6, G8).

Three ways to give a result:
- from the posted deals (nothing but ``time_up`` when a timed game was stopped by the clock): the
  engine's fold of the deals must show the match over;
- from the level sheet (记级): ``levels`` (one game) or ``games`` (a best of three), each with its
  ``deals_played`` and, where the rules need it, ``time_up`` and ``winner``; when deals were posted
  the sheet must agree with them, unless a referee sets them aside (``set_aside_deals``: a table
  whose phone died part-way, or whose deals were posted wrong, is scored from its paper sheet);
- a forfeit (referees only): ``forfeit`` names the side that forfeited and whether it came late
  (``forfeit``) or withdrew (``withdrawal``), G11/G12.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from engine.errors import BadInput
from engine.guandan.cards import Side
from engine.guandan.finishing import normalise_finishing_order
from engine.guandan.level_result import game_from_levels
from engine.guandan.match import EndReason, MatchState
from engine.guandan.tie import TieState, close_tie_on_time
from scoring.methods import METHODS
from scoring.models import ResultSource
from scoring.problems import NotAllowed, RuleRefused, refused
from scoring.selectors.matches import match_deals, match_profile, match_sheet, tie_state
from tournaments.models import Match, StageKind


@dataclass(frozen=True)
class Outcome:
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
    deals_set_aside: bool = False  # a referee scored the sheet and set the posted deals aside
    # A sheet game's totals (engine.sheets.SheetTotals): each side's points and first-outs.
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

    def sheet_columns(self) -> dict[str, float | int | None]:
        """A sheet game's points and first-outs per side, as the result's columns (None: not kept)."""
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


def outcome_of(match: Match, data: dict[str, Any], *, actor) -> Outcome:
    outcome = _outcome(match, data, actor=actor)
    if outcome.winner is None and match.round.stage.kind == StageKind.KNOCKOUT:
        # The engine never ends a knockout game level (G8: a draw becomes an extra deal); only a
        # forfeit of both sides could, and a knockout match must still send a pair through. A sheet
        # game whose rules name no way to decide a level match (Daguai Luzi's equal points) is refused
        # too: a referee decides the tie and names the side that forfeits it.
        detail = (
            "A knockout match must produce a winner (G8): name the side that forfeited; the other "
            "goes through."
        )
        if match_sheet(match) is not None and not outcome.forfeit_side:
            game = match.round.event.game
            detail = (
                f"The posted deals end this knockout match level, and the rules (docs/rules/{game}.md) "
                "name no way to decide a level match: a referee decides the tie and names the side "
                "that forfeits it (`forfeit`); the other goes through."
            )
        raise RuleRefused(
            detail, "knockout_needs_winner", field="forfeit.side" if outcome.forfeit_side else None
        )
    return outcome


def _outcome(match: Match, data: dict[str, Any], *, actor) -> Outcome:
    if data.get("forfeit"):
        if match.is_table_of_four:
            raise RuleRefused(
                "A table of four has no sides to forfeit: a referee withdraws the absent player and the "
                "table's result is its posted deals (docs/events.md, Tables of four).",
                "not_supported",
                field="forfeit",
            )
        return _forfeit(data["forfeit"], actor)
    if match_sheet(match) is not None:  # a game kept on a scoresheet: its deals are the result
        from scoring.services.sheet_results import sheet_outcome

        return sheet_outcome(match, data)
    profile = match_profile(match)
    deals = match_deals(match)
    time_up = bool(data.get("time_up"))
    sheet = _sheet_games(data)
    set_aside = False
    if data.get("set_aside_deals"):
        if not actor.is_referee:
            raise NotAllowed(
                "Only a referee sets the posted deals aside.", "referee_required", field="set_aside_deals"
            )
        set_aside, deals = bool(deals), []
    from_deals = None
    if deals or sheet is None:
        tie = _with_clock(tie_state(match, deals, profile), time_up, profile)
        if not tie.finished:
            raise RuleRefused(
                "The posted deals do not end the match (G8): post the remaining deals, or say "
                "`time_up` when the clock ran out. A table that went on on paper is scored from its "
                "level sheet by a referee, who sets the posted deals aside (`set_aside_deals`).",
                "match_not_finished",
                extra={"state": tie.to_dict()},
            )
        from_deals = _from_tie(tie, ResultSource.DEALS, tally=_tally(deals))
    if sheet is None:
        return from_deals
    if _needs_deals(match):
        raise RuleRefused(
            "This event scores every deal (G9): post the deals, not only the final levels.", "deals_required"
        )
    tie = TieState(best_of=match.best_of)
    states: list[MatchState] = []
    for index, game in enumerate(sheet):
        prefix = f"games.{index}" if "games" in data else ""
        if tie.finished:
            raise RuleRefused(
                "The match was decided before this game.", "too_many_games", field=prefix or "games"
            )
        try:
            state = game_from_levels(
                ns_level=game["levels"]["NS"],
                ew_level=game["levels"]["EW"],
                deals_played=game["deals_played"],
                profile=profile,
                time_up=bool(game.get("time_up", time_up)),
                winner=Side(game["winner"]) if game.get("winner") else None,
            )
        except BadInput as error:
            raise refused(error, prefix=prefix) from None
        states.append(state)
        tie = TieState(best_of=match.best_of, games=tuple(states))
    if not tie.finished:
        raise RuleRefused(
            f"A best of {match.best_of} needs more games than the sheet gives.",
            "match_not_finished",
            field="games",
        )
    from_sheet = _from_tie(tie, ResultSource.LEVELS)
    if from_deals is not None:
        if from_deals.identity() != from_sheet.identity():
            raise RuleRefused(
                "The levels contradict the posted deals: correct the deals, or (a referee) set them "
                "aside with `set_aside_deals`.",
                "contradicts_deals",
                field="games" if "games" in data else "levels",
                extra={"from_deals": from_deals.games},
            )
        return from_deals
    return replace(from_sheet, deals_set_aside=set_aside)


def _sheet_games(data: dict[str, Any]) -> list[dict[str, Any]] | None:
    if data.get("games"):
        return list(data["games"])
    if data.get("levels"):
        return [
            {k: data[k] for k in ("levels", "deals_played", "winner", "time_up") if data.get(k) is not None}
        ]
    return None


def _with_clock(tie: TieState, time_up: bool, profile) -> TieState:
    if not time_up or tie.finished:
        return tie
    try:
        return close_tie_on_time(tie, profile=profile)
    except BadInput as error:
        raise refused(error, prefix="time_up") from None


def _from_tie(tie: TieState, source: str, *, tally=None) -> Outcome:
    games = [_game(state) for state in tie.games]
    last = tie.games[-1]
    return Outcome(
        source=source,
        winner=None if tie.winner is None else str(tie.winner),
        games=games,
        ns_level=last.ns_level,
        ew_level=last.ew_level,
        deals_played=tie.deals_played,
        end_reason=None if last.end_reason is None else str(last.end_reason),
        tally=tally,
    )


def _game(state: MatchState) -> dict[str, Any]:
    return {
        "ns_level": state.ns_level,
        "ew_level": state.ew_level,
        "winner": None if state.winner is None else str(state.winner),
        "draw": state.draw,
        "deals_played": state.deals_played,
        "end_reason": None if state.end_reason is None else str(state.end_reason),
        "tiebreak": None if state.tiebreak is None else str(state.tiebreak),
        "passed_a": None if state.passed_a is None else str(state.passed_a),
        "on_time": state.end_reason == EndReason.TIME_LIMIT,
    }


def _tally(deals) -> dict[str, list[int]]:
    """Deals won per side by finish (G6): [1-2, 1-3, 1-4]."""
    counts: Counter[tuple[str, int]] = Counter()
    for deal in deals:
        finish = normalise_finishing_order(deal.finishing_order)
        counts[(str(finish.winner_side), finish.partner_place)] += 1
    return {side: [counts[(side, place)] for place in (2, 3, 4)] for side in ("NS", "EW")}


def _forfeit(forfeit: dict[str, Any], actor) -> Outcome:
    if not actor.is_referee:
        raise NotAllowed("A forfeit is a referee's decision (G11, G12).", "referee_required", field="forfeit")
    side = forfeit["side"]
    winner = None if side == "both" else ("EW" if side == "NS" else "NS")
    return Outcome(
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
