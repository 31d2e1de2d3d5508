"""The result of a game kept on a scoresheet, from its posted deals (docs/scoring.md "Games with a
scoresheet").

The result is the sheet's fold of the posted deals (``time_up``: closed by the clock after the
last of them); the winner and the totals are the sheet's (``MatchSheet.totals``). It is stored
like a Guandan result of one game — ``games`` holds one entry with both levels, the winner, the
deals played and the end — so the level-based scoring methods and the standings read it
unchanged; a point game's points and first-outs fill their own columns, a table of four's totals per
seat its ``seats`` (four-player Dou Dizhu, docs/rules/doudizhu.md D10). A level sheet (``levels``,
``games``) is Guandan's: a sheet game's result is its deals.
"""

from __future__ import annotations

from typing import Any

from engine.errors import EngineError
from scoring.models import ResultSource
from scoring.problems import RuleRefused, refused
from scoring.selectors.matches import match_deals, match_profile, match_sheet
from scoring.services.outcome import Outcome
from tournaments.models import Match


def sheet_outcome(match: Match, data: dict[str, Any]) -> Outcome:
    """What the posted deals of a sheet game's match say happened (a refusal when they do not end it)."""
    for name in ("levels", "games", "set_aside_deals"):
        if data.get(name):
            raise RuleRefused(
                "This game's result is its posted deals: post them (and say `time_up` when the clock "
                "ran out), then submit the result with nothing else.",
                "deals_required",
                field=name,
            )
    sheet = match_sheet(match)
    assert sheet is not None
    profile = match_profile(match)
    deals = match_deals(match)
    state = sheet.fold([deal.record for deal in deals], profile=profile)
    if data.get("time_up") and not state.finished:
        try:
            state = sheet.close_on_time(state, profile=profile)
        except EngineError as error:
            raise refused(error, prefix="time_up") from None
    if not state.finished:
        raise RuleRefused(
            "The posted deals do not end the match: post the remaining deals, or say `time_up` when "
            "the clock ran out.",
            "match_not_finished",
            extra={"state": state.to_dict()},
        )
    totals = sheet.totals(state)
    winner = None if totals.winner is None else totals.winner.value
    game = {
        "ns_level": totals.ns_level,
        "ew_level": totals.ew_level,
        "winner": winner,
        "draw": winner is None,
        "deals_played": totals.deals,
        "end_reason": totals.end_reason,
        "tiebreak": None,
        "passed_a": None,
        "on_time": totals.end_reason == "time_limit",
    }
    return Outcome(
        source=ResultSource.DEALS,
        winner=winner,
        games=[game],
        ns_level=totals.ns_level,
        ew_level=totals.ew_level,
        deals_played=totals.deals,
        end_reason=totals.end_reason,
        points={"NS": totals.ns_points, "EW": totals.ew_points},
        first_outs={"NS": totals.ns_first_outs, "EW": totals.ew_first_outs},
        seats=None if totals.seats is None else {seat: dict(row) for seat, row in totals.seats.items()},
    )
