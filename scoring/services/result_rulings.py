"""A result follows the rulings that change it (G12, docs/referees.md §2 "A result follows the
rulings that change it").

The referees' level changes are entries of the match's level line. When a ruling, an appeal decision
or a cancellation changes them, the match's current result — the official one, or else the version
waiting for confirmation — is read again the way it was entered:

- read from the posted deals: the deals' fold with the level changes now standing;
- read off the level sheet (记级, ``source: levels``): the sheet's final levels as they were entered
  by hand, with what changed since applied by the game's own ``MatchSheet.change_after_end``
  (engine.guandan.match.apply_late_level_change): the level changes ruled after that entry, and the
  opposite of those ruled during play (the table wrote them on its sheet) and withdrawn after it;
- a forfeit has no levels: a level change does not reach it (referee.incidents.reach refuses one).

A reading that differs is a new version naming the ruling as its ``cause`` (in the result, its audit
entry and ``result.confirmed``). It corrects the official result and is confirmed at once; a version
waiting for confirmation is replaced by one that waits in its place, so the table's double entry
confirms what the rulings now say, never a stale total. Either is the correction of the referee who
ruled, under a correction's rights (scoring.services.results).

A change that leaves a knockout match level with no extra deal played to settle it (G8: a knockout
match needs a winner) reopens the match for its deciding deal: the result is withdrawn (superseded
with no version in its place), the match is in play again without a winner, and the table posts the
extra deal and the result again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from django.db import transaction

from engine.guandan.level_result import game_from_levels
from engine.guandan.tie import TieState
from engine.seats import Side
from scoring.actors import Actor
from scoring.models import MatchResult, ResultSource, ResultStatus
from scoring.rulings import rulings
from scoring.selectors.matches import LIVE, match_profile, match_results, match_sheet, sheet_state
from scoring.services.common import content_hash, lock_match
from scoring.services.knockout_winners import follow_knockout_winner
from scoring.services.result_facts import ResultFacts, ResultSubmission, from_totals, result_facts
from scoring.services.result_writes import save_match, set_result_status
from scoring.services.results import result_submit
from tournaments.models import Match, MatchStatus

#: The end reason every game's sheet gives a match the clock ended (engine.sheets ``end_reason``).
CLOCK = "time_limit"


@transaction.atomic(savepoint=False)
def result_follow_rulings(*, match: Match, actor: Actor, cause: Mapping[str, Any]) -> MatchResult | None:
    """The match's current result read again as the rulings now leave it; a new version when it
    differs (None: nothing changed, the match was reopened, or there is no result a level reaches).
    ``cause``: the ruling that changed them (``ruling``, ``incident``, ``change``)."""
    # Loaded again: the ruling's writes forgot the state stored with the match (sheet_store).
    match = lock_match(match)
    versions = match_results(match)
    official = next((v for v in versions if v.status == ResultStatus.CONFIRMED), None)
    pending = [v for v in versions if v.status in LIVE]
    # The official result, else the versions waiting for confirmation, newest first (one, but for a
    # dispute): each is read again and replaced where it differs.
    current = [official] if official is not None else sorted(pending, key=lambda v: -v.version)
    written = None
    for stale in current:
        version = next(v for v in versions if v.pk == stale.pk)
        if version.source == ResultSource.FORFEIT or version.status == ResultStatus.SUPERSEDED:
            continue  # a forfeit has no levels; a version the last correction settled is done
        time_up = version.end_reason == CLOCK
        facts = None
        if version.source == ResultSource.LEVELS:
            entered, changes = _entered_sheet(match, versions, version)
            if not changes and entered.pk == version.pk:
                continue  # the sheet as entered, and no change it lacks
            state = _level_sheet(match, entered, changes) if changes else None
            finished = state is None or state.finished
            if state is None:  # no change the sheet lacks: the sheet as entered
                facts = _as_entered(entered)
            elif finished:
                read = from_totals(match_sheet(match).totals(state), ResultSource.LEVELS)
                facts = replace(read, deals_set_aside=entered.deals_set_aside)
        else:
            finished = sheet_state(match, time_up=time_up).finished
        if not finished:
            _reopen(match, versions)
            return None
        submission = ResultSubmission(
            # A match the clock ended is closed on time again, on the levels as they now stand (G8).
            time_up=time_up,
            finished_at=version.finished_at,
            corrects=version.version,
            set_aside_deals=version.deals_set_aside,
            note=f"Read again: ruling {cause['ruling']} ({cause['change']}).",
            cause=dict(cause),
            reread=facts,
        )
        if content_hash(result_facts(match, submission, actor=actor).identity()) == version.content_hash:
            continue
        written = result_submit(match=match, submission=submission, actor=actor, locked=True).result
        versions = match_results(match)
    return written


def _entered_sheet(
    match: Match, versions: list[MatchResult], version: MatchResult
) -> tuple[MatchResult, list[Any]]:
    """The level sheet as entered by hand (``version``, or the version it was read from: the
    service's own versions name a ``cause``) and the standing level changes ruled since, in order."""
    by_id = {v.pk: v for v in versions}
    entered = version
    while entered.cause is not None and entered.corrects_id in by_id:
        entered = by_id[entered.corrects_id]
    return entered, rulings().level_changes_since(match, entered.created_at)


def _level_sheet(match: Match, entered: MatchResult, changes: list[Any]) -> Any:
    """The match the level sheet records with the rulings: its games rebuilt by the engine
    (engine.guandan.level_result), then ``changes`` applied to its last game by the sheet's
    ``change_after_end`` (G12: found at the count)."""
    sheet, profile = match_sheet(match), match_profile(match)
    games = tuple(
        game_from_levels(
            ns_level=game["ns_level"],
            ew_level=game["ew_level"],
            deals_played=game["deals_played"],
            profile=profile,
            time_up=game.get("end_reason") == CLOCK,
            # Equal levels name the side that settled them (an extra deal), as the sheet did.
            winner=Side(game["winner"]) if game["winner"] and game["ns_level"] == game["ew_level"] else None,
        )
        for game in entered.games
    )
    state: Any = TieState(best_of=match.best_of, games=games)
    for change in changes:
        state = sheet.change_after_end(state, change, profile=profile)
    return state


def _as_entered(entered: MatchResult) -> ResultFacts:
    """The level sheet's result as it was entered (every change since withdrawn)."""
    return ResultFacts(
        source=ResultSource.LEVELS,
        winner=entered.winner or None,
        games=list(entered.games),
        ns_level=entered.ns_level,
        ew_level=entered.ew_level,
        deals_played=entered.deals_played,
        end_reason=entered.end_reason or None,
        deals_set_aside=entered.deals_set_aside,
    )


def _reopen(match: Match, versions: list[MatchResult]) -> None:
    """The rulings leave the match unfinished (a knockout level again, its extra deal not played): its
    result is withdrawn and it is in play again, without a winner, for the deal that decides it."""
    follow_knockout_winner(match, None)
    for version in versions:
        if version.status != ResultStatus.SUPERSEDED:
            set_result_status(version, ResultStatus.SUPERSEDED)
    save_match(match, {"status": MatchStatus.PLAYING, "winner": None})
