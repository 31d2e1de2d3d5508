"""Match results: submission, double entry, confirmation, correction (API ``…/result``; G8).

A result is derived from the posted deals, or given as the final levels of the level sheet (记级),
or records a forfeit. Every submission is a version; none is ever edited. A result becomes
official (``confirmed``) when a second, independent party agrees, or a referee confirms it; two
parties that disagree open a dispute. A correction names the version it replaces. After the
round's correction period only the chief referee corrects. See docs/scoring.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from django.db import transaction
from django.utils import timezone

from core.bulk_audit import batched
from scoring.actors import Actor
from scoring.models import MatchResult, ResultSource, ResultStatus
from scoring.problems import NotAllowed, RuleRefused, ScoreConflict
from scoring.rulings import rulings
from scoring.selectors.matches import LIVE, match_results
from scoring.services import changes
from scoring.services.common import (
    IfMatch,
    lock_match,
    require_correction_right,
    require_keeper,
    require_playing,
)
from scoring.services.knockout_winners import follow_knockout_winner
from scoring.services.parties import independent
from scoring.services.result_facts import ResultFacts, ResultSubmission
from scoring.services.result_steps import Arrival, Arriving, may_correct, require_scorable
from scoring.services.result_writes import save_match, save_result, set_match_status, set_result_status
from tournaments.models import Match, MatchStatus, RoundStatus, StageKind
from tournaments.pins import vouched_by_pin


@dataclass(frozen=True)
class ResultPosted:
    result: MatchResult
    # Every version of the match as written, by version: the rows read under the lock
    # (``match_results``), with what this write changed in them and the version it stored. The
    # answer is made from them (``results_document``): they are what the table holds now.
    versions: list[MatchResult]
    created: bool  # a new version was stored
    changed: bool = True  # False: the same submission again, nothing happened


# No savepoint of its own, as deal_submit: a refusal leaves the caller's transaction too. The audit
# entries of its writes (the version, the match, versions superseded) go in one INSERT (batched).
@transaction.atomic(savepoint=False)
@batched()
def result_submit(
    *,
    match: Match,
    submission: ResultSubmission,
    actor: Actor,
    if_match: IfMatch | None = None,
    locked: bool = False,
) -> ResultPosted:
    """Submit (or correct) the result: what ``submission`` says happened (``levels``, ``games``,
    ``forfeit``, ``time_up``, ``winner``: see result_facts.py), its ``finished_at``, ``side``,
    ``corrects``, ``note``, and ``confirm`` (referees).

    ``if_match`` (the check of the caller's ``If-Match``, raising 412 when stale) also makes the
    submission a correction of the version the caller read: its own open version, or for a referee
    the official one. ``locked``: ``match`` was loaded locked in the caller's transaction
    (``lock_match``).
    """
    match = lock_match(match, locked=locked, state=True)
    require_keeper(match, actor)
    require_playing(match)
    arriving = Arriving(match, submission, actor, submission.side or "", match_results(match))
    if if_match is not None:
        if_match(match)
        if submission.corrects is None:  # a correction of the version the caller read
            read = arriving.mine or (arriving.confirmed if actor.is_referee else None)
            arriving.submission = replace(submission, corrects=read.version) if read else submission
    transition = arriving.arrival()
    if transition.scorable:
        require_scorable(match, actor)
    return _ACTIONS[transition.arrival](arriving)


def _unchanged(version: MatchResult | None, a: Arriving) -> ResultPosted:
    assert version is not None  # the transition's condition found it
    return ResultPosted(version, a.versions, created=False, changed=False)


def _correction(a: Arriving) -> ResultPosted:
    may_correct(a.match, a.target, a.actor, a.side, corrects=a.submission.corrects)  # type: ignore[arg-type]
    assert a.target is not None  # may_correct refused a version that does not exist
    corrected = _correct(a.match, a.target, a.outcome, a.digest, a.submission, a.actor, a.side, a.versions)
    return ResultPosted(corrected, a.versions, created=True)


def _refuse_confirmed(a: Arriving) -> ResultPosted:
    assert a.confirmed is not None
    raise ScoreConflict(
        f"The match has a confirmed result (version {a.confirmed.version}); "
        "a correction names it in `corrects`.",
        "result_confirmed",
        extra={"stored": {"version": a.confirmed.version}},
    )


def _refuse_same_party(a: Arriving) -> ResultPosted:
    # One credential entering both sides (or one side twice) is no double entry: as for
    # /result/confirm, the other side's scorekeeper, the table token or a referee confirms.
    assert a.agreeing is not None
    raise ScoreConflict(
        f"Version {a.agreeing.version} was submitted by the same party (side "
        f"{a.agreeing.side or 'not declared'}): the other side or a referee must confirm it.",
        "same_side",
        field="side",
    )


def _second_entry(a: Arriving) -> ResultPosted:
    assert a.agreeing is not None
    _confirm(a.match, a.agreeing, a.actor, a.side, others=a.live, versions=a.versions)
    return ResultPosted(a.agreeing, a.versions, created=False)


def _refuse_own_changed(a: Arriving) -> ResultPosted:
    assert a.mine is not None
    raise ScoreConflict(
        f"You submitted version {a.mine.version} with another result; correct it with `corrects`: "
        f"{a.mine.version}.",
        "version_conflict",
        field="corrects",
        extra={"stored": {"version": a.mine.version}},
    )


def _new(a: Arriving) -> ResultPosted:
    match, live, versions = a.match, a.live, a.versions
    status = ResultStatus.DISPUTED if live else ResultStatus.SUBMITTED
    result = _store(
        match, a.outcome, a.digest, a.submission, a.actor, a.side, versions=versions, status=status
    )
    for version in live:  # saved one by one (a handful at most), so the audit log sees each
        set_result_status(version, ResultStatus.DISPUTED)
    if a.submission.confirm or a.outcome.source == ResultSource.FORFEIT:  # a forfeit is a referee's ruling
        _referee_confirm(match, result, a.actor, a.side, others=live, versions=versions)
    else:
        set_match_status(match, MatchStatus.DISPUTED if live else MatchStatus.FINISHED)
    return ResultPosted(result, versions, created=True)


#: What each state of a submission does (the states and their order: result_steps.TRANSITIONS).
_ACTIONS: dict[Arrival, Callable[[Arriving], ResultPosted]] = {
    Arrival.CORRECTION_AGAIN: lambda a: _unchanged(a.again, a),
    Arrival.CORRECTION: _correction,
    Arrival.CONFIRMED_AGAIN: lambda a: _unchanged(a.confirmed, a),
    Arrival.CONFIRMED_OTHER: _refuse_confirmed,
    Arrival.REPEATED: lambda a: _unchanged(a.agreeing, a),
    Arrival.SAME_PARTY: _refuse_same_party,
    Arrival.SECOND_ENTRY: _second_entry,
    Arrival.OWN_CHANGED: _refuse_own_changed,
    Arrival.NEW: _new,
}


# No savepoint of its own, as result_submit: a refusal leaves the caller's transaction too. Its audit
# entries go in one INSERT, as result_submit's.
@transaction.atomic(savepoint=False)
@batched()
def result_confirm(
    *,
    match: Match,
    version: int | None,
    actor: Actor,
    side: str = "",
    if_match: IfMatch | None = None,
    pin: str | None = None,
    locked: bool = False,
) -> ResultPosted:
    """Confirm a submitted version: a referee, or a scorekeeper of the other party (double entry);
    on the phone that submitted it, the other pair with its ``pin`` (tournaments.pins).
    ``locked``: ``match`` was loaded locked in the caller's transaction (``lock_match``)."""
    match = lock_match(match, locked=locked, state=True)
    require_keeper(match, actor)
    require_playing(match)
    if if_match is not None:
        if_match(match)
    versions = match_results(match)
    live = [v for v in versions if v.status in LIVE]
    if version is None:
        confirmed = [v for v in versions if v.status == ResultStatus.CONFIRMED]
        candidates = live or confirmed
        if len(candidates) != 1:
            raise ScoreConflict(
                "Name the version to confirm." if candidates else "No result was submitted for this match.",
                "version_required" if candidates else "no_result",
                field="version",
            )
        target = candidates[0]
    else:
        named = next((v for v in versions if v.version == version), None)
        if named is None:
            raise ScoreConflict(
                f"The match has no result version {version}.", "unknown_version", field="version"
            )
        target = named
    if target.status == ResultStatus.CONFIRMED:
        return ResultPosted(target, versions, created=False, changed=False)
    if target.status == ResultStatus.SUPERSEDED:
        raise ScoreConflict(
            f"Version {target.version} was replaced by a later version.", "version_conflict", field="version"
        )
    if actor.is_referee:
        _referee_confirm(match, target, actor, side, others=live, versions=versions)
        return ResultPosted(target, versions, created=False)
    require_scorable(match, actor)
    if not independent(target, actor, side) and not vouched_by_pin(
        match, submitted_side=target.side, side=side, pin=pin
    ):
        raise ScoreConflict(
            "A result is confirmed by the other side's scorekeeper, the table token, the other "
            "pair with its PIN, or a referee; not by the side that submitted it.",
            "same_side",
            field="side",
        )
    _confirm(match, target, actor, side, others=live, versions=versions)
    return ResultPosted(target, versions, created=False)


def _correct(
    match: Match,
    target: MatchResult,
    outcome: ResultFacts,
    digest: str,
    submission: ResultSubmission,
    actor: Actor,
    side: str,
    versions: list[MatchResult],
) -> MatchResult:
    live = [v for v in versions if v.status in LIVE]
    result = _store(
        match,
        outcome,
        digest,
        submission,
        actor,
        side,
        versions=versions,
        status=ResultStatus.SUBMITTED,
        corrects=target,
    )
    was_confirmed = target.status == ResultStatus.CONFIRMED
    set_result_status(target, ResultStatus.SUPERSEDED)
    others = [v for v in live if v.pk != target.pk]
    if was_confirmed or submission.confirm:
        # A referee's correction of an official result is official at once.
        _referee_confirm(match, result, actor, side, others=others, versions=versions)
        return result
    agreeing = next((v for v in others if _agrees(v, digest, submission, actor, side)), None)
    if agreeing is not None:  # the correction now agrees with the other side's version
        set_result_status(result, ResultStatus.SUPERSEDED)
        _confirm(match, agreeing, actor, side, others=[*others, result], versions=versions)
        return agreeing
    if others:
        set_result_status(result, ResultStatus.DISPUTED)
        set_match_status(match, MatchStatus.DISPUTED)
    else:
        set_match_status(match, MatchStatus.FINISHED)
    return result


def _agrees(other: MatchResult, digest: str, submission: ResultSubmission, actor: Actor, side: str) -> bool:
    """Whether a correction agrees with ``other``, another party's version: the same result, and — for
    a version a ruling read again (its ``cause``) — ``other`` read again by the same ruling. The other
    side's claim as it was before the ruling is stale (it is read again in turn): equalling it confirms
    nothing (issue 35, docs/referees.md §2)."""
    if other.content_hash != digest or not independent(other, actor, side):
        return False
    return submission.cause is None or other.cause == submission.cause


def _store(
    match: Match,
    outcome: ResultFacts,
    digest: str,
    submission: ResultSubmission,
    actor: Actor,
    side: str,
    *,
    versions: list[MatchResult],
    status: str,
    corrects: MatchResult | None = None,
) -> MatchResult:
    """A new version stored, after the match's ``versions`` (``match_results``), which it joins."""
    result = MatchResult(
        match=match,
        version=_next_version(versions),
        corrects=corrects,
        status=status,
        source=outcome.source,
        ns_level=outcome.ns_level,
        ew_level=outcome.ew_level,
        winner=outcome.winner or "",
        deals_played=outcome.deals_played,
        end_reason=outcome.end_reason or "",
        games=outcome.games,
        **outcome.tally_columns(),
        **outcome.sheet_columns(),
        forfeit_side=outcome.forfeit_side or "",
        forfeit_kind=outcome.forfeit_kind or "",
        deals_set_aside=outcome.deals_set_aside,
        # A correction keeps the time the match ended unless it says otherwise (G9 win_plus_speed).
        finished_at=submission.finished_at or (corrects.finished_at if corrects else None) or timezone.now(),
        note=submission.note or "",
        cause=submission.cause,
        content_hash=digest,
        side=side,
        party=actor.party(side),
        submitted_by=actor.account,
        table_token=actor.token,
    )
    save_result(result)
    versions.append(result)
    return result


def _next_version(versions: Iterable[MatchResult]) -> int:
    return max((v.version for v in versions), default=0) + 1


def _referee_confirm(
    match: Match,
    result: MatchResult,
    actor: Actor,
    side: str,
    *,
    others: list[MatchResult],
    versions: list[MatchResult],
) -> None:
    if not actor.is_referee:
        raise NotAllowed("Only a referee confirms a result on its own.", "referee_required", field="confirm")
    _confirm(match, result, actor, side, others=others, versions=versions)


def _confirm(
    match: Match,
    result: MatchResult,
    actor: Actor,
    side: str,
    *,
    others: list[MatchResult],
    versions: list[MatchResult],
) -> None:
    """Make ``result`` the official one: the others are superseded, the match and standings follow.
    ``versions``: the match's versions read with its lock (``match_results``), kept as written since;
    the official one among them is replaced."""
    if match.round.status == RoundStatus.CLOSED:
        require_correction_right(match, actor)
    winner = match.ns_pair if result.winner == "NS" else match.ew_pair if result.winner == "EW" else None
    decided, ruled = rulings().winner(match)
    if decided:  # a match awarded or forfeited by a ruling keeps the winner the ruling gave (G12)
        winner = match.ns_pair if ruled == match.ns_pair_id else match.ew_pair if ruled else None
    if winner is None and match.round.stage.kind == StageKind.KNOCKOUT:  # result_facts refuses it first
        raise RuleRefused("A knockout match must produce a winner (G8).", "knockout_needs_winner")
    follow_knockout_winner(match, winner)
    replaced = [v for v in versions if v.status == ResultStatus.CONFIRMED and v.pk != result.pk]
    for version in [*replaced, *(v for v in others if v.pk != result.pk)]:
        set_result_status(version, ResultStatus.SUPERSEDED)
    confirmation = {
        "status": ResultStatus.CONFIRMED,
        "confirmed_at": timezone.now(),
        "confirmed_by": actor.account,
        "confirmed_party": actor.party(side),
    }
    save_result(result, confirmation)
    save_match(match, {"status": MatchStatus.CONFIRMED, "winner": winner})
    news = [("result.confirmed", result_event_payload(match, result))]
    changes.record(match, forget=False, standings=True, news=news)  # save_match forgot it


def result_event_payload(match: Match, result: MatchResult) -> dict[str, Any]:
    return {
        "match": match.pk,
        "round": match.round.number,
        "table": match.table,
        "version": result.version,
        # no query without a corrected version: Django answers None for a null foreign key
        "corrects": result.corrects.version if result.corrects is not None else None,
        "winner": result.winner or None,
        "ns_pair": match.ns_pair_id,
        "ew_pair": match.ew_pair_id,
        # A version the service wrote because a ruling changed what the result was read from (G12).
        "cause": result.cause,
    }
