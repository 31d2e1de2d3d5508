"""A result follows the rulings that change it (G12, docs/referees.md §2 "A result follows the
rulings that change it").

The referees' level changes are entries of the match's level line. When a ruling, an appeal decision
or a cancellation changes them, the match's current result — the official one, or else the version
waiting for confirmation — is read again the way it was entered:

- read from the posted deals: the deals' fold with the level changes now standing;
- read off the level sheet (记级, ``source: levels``): the sheet's final levels as they were entered
  by hand, with what changed since applied by the game's own ``MatchSheet.change_after_end``
  (the sheet's ``change_after_end``): the level changes ruled after that entry, and the
  opposite of those ruled during play (the table wrote them on its sheet) and withdrawn after it;
- a forfeit has no levels: a level change does not reach it (referee.incidents.reach refuses one).
  A forfeit entered by hand while a ruling decided the match the same way (a late arrival, a
  player changed) records that ruling: when the ruling is withdrawn (cancelled, overturned) and no
  other decides the match, the result the forfeit corrected is read again in its place, or, when it
  corrected none, the match has no result any more.

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

from scoring.actors import Actor
from scoring.models import MatchResult, ResultSource, ResultStatus
from scoring.rulings import rulings
from scoring.selectors.matches import (
    LIVE,
    match_deals,
    match_profile,
    match_results,
    match_sheet,
    sheet_state,
)
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
        if version.status == ResultStatus.SUPERSEDED:
            continue  # a version the last correction settled is done
        basis = _basis(match, versions, version)
        if basis is None:
            continue  # a forfeit: it has no levels (and records no ruling withdrawn since)
        if basis.source == ResultSource.FORFEIT and basis.pk == version.pk:
            reopen(match, versions)  # the forfeit recorded the withdrawn ruling and corrected nothing
            return None
        finished, facts = _reading(match, versions, basis, unchanged=basis.pk == version.pk)
        if not finished:
            reopen(match, versions)
            return None
        if facts is None and basis.source == ResultSource.LEVELS:
            continue  # the sheet as entered, and no change it lacks
        submission = ResultSubmission(
            # A match the clock ended is closed on time again, on the levels as they now stand (G8).
            time_up=basis.end_reason == CLOCK,
            finished_at=basis.finished_at,
            corrects=version.version,
            # Read again, a side's claim stays that side's: a dispute keeps who claimed what.
            side=version.side or None,
            set_aside_deals=basis.deals_set_aside,
            note=f"Read again: ruling {cause['ruling']} ({cause['change']}).",
            cause=dict(cause),
            reread=facts,
        )
        if content_hash(result_facts(match, submission, actor=actor).identity()) == version.content_hash:
            continue
        written = result_submit(match=match, submission=submission, actor=actor, locked=True).result
        versions = match_results(match)
    return written


def _basis(match: Match, versions: list[MatchResult], version: MatchResult) -> MatchResult | None:
    """The version whose way of reading ``version`` is read again: itself, but for a forfeit. A
    forfeit entered by hand while a ruling decided the match the same way records that ruling: once
    the ruling is withdrawn (cancelled, overturned) and none decides the match, the result it
    corrected is read again (the forfeit itself when it corrected none: the match has no result
    then); any other forfeit stands (None)."""
    if version.source != ResultSource.FORFEIT:
        return version
    if version.cause is not None or rulings().winner(match)[0]:
        return None
    winner = {"NS": match.ns_pair_id, "EW": match.ew_pair_id}.get(version.winner)
    recorded = any(
        ruled < version.created_at < withdrawn and pair == winner
        for ruled, withdrawn, pair in rulings().withdrawn_decisions(match)
    )
    if not recorded:
        return None
    return next((v for v in versions if v.pk == version.corrects_id), version)


def _reading(
    match: Match, versions: list[MatchResult], basis: MatchResult, *, unchanged: bool
) -> tuple[bool, ResultFacts | None]:
    """Whether ``basis``'s way of reading the match finds it finished, and what it reads: None for
    the deals (``result_submit`` reads them) or for a level sheet that is as entered when
    ``unchanged`` (nothing to write); the facts of a level sheet, or of a forfeit, otherwise."""
    if basis.source == ResultSource.DEALS:
        return sheet_state(match, time_up=basis.end_reason == CLOCK).finished, None
    if basis.source == ResultSource.FORFEIT:
        return True, _as_entered(basis)
    entered, changes = _entered_sheet(match, versions, basis)
    if not changes:
        return True, None if unchanged and entered.pk == basis.pk else _as_entered(entered)
    state = _level_sheet(match, entered, changes)
    if not state.finished:
        return False, None
    read = from_totals(match_sheet(match).totals(state), ResultSource.LEVELS)
    return True, replace(read, deals_set_aside=entered.deals_set_aside)


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
    (the sheet's ``level_sheet``), then ``changes`` applied to its last game by the sheet's
    ``change_after_end`` (G12: found at the count)."""
    sheet, profile = match_sheet(match), match_profile(match)
    games = [
        {
            "ns_level": game["ns_level"],
            "ew_level": game["ew_level"],
            "deals_played": game["deals_played"],
            "time_up": game.get("end_reason") == CLOCK,
            # Equal levels name the side that settled them (an extra deal), as the sheet did.
            "winner": game["winner"] if game["winner"] and game["ns_level"] == game["ew_level"] else None,
        }
        for game in entered.games
    ]
    state = sheet.level_sheet(games, profile=profile, best_of=match.best_of)
    for change in changes:
        state = sheet.change_after_end(state, change, profile=profile)
    return state


def _as_entered(entered: MatchResult) -> ResultFacts:
    """The result ``entered`` holds, as it was entered (a level sheet with every change since
    withdrawn, a forfeit)."""
    return ResultFacts(
        source=entered.source,
        winner=entered.winner or None,
        games=list(entered.games),
        ns_level=entered.ns_level,
        ew_level=entered.ew_level,
        deals_played=entered.deals_played,
        end_reason=entered.end_reason or None,
        forfeit_side=entered.forfeit_side or None,
        forfeit_kind=entered.forfeit_kind or None,
        deals_set_aside=entered.deals_set_aside,
    )


def reopen(match: Match, versions: list[MatchResult]) -> None:
    """The match has no result any more: the rulings leave it unfinished (a knockout level again,
    its extra deal not played), the forfeit that was its result recorded a ruling withdrawn since,
    or the check-in's forfeit of a pair marked present again (scoring.services.absent_forfeits).
    Every version is withdrawn (superseded, none in its place) and the match is back in play, without
    a winner — unless a standing ruling decides it, which keeps it decided."""
    decided = rulings().winner(match)[0]
    if not decided:
        follow_knockout_winner(match, None)
    for version in versions:
        if version.status != ResultStatus.SUPERSEDED:
            set_result_status(version, ResultStatus.SUPERSEDED)
    played = MatchStatus.PLAYING if match_deals(match) else MatchStatus.SCHEDULED
    save_match(match, {} if decided else {"status": played, "winner": None})
