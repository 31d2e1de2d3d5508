"""An absent pair's match is a forfeit once its round is published, when the event says so
(``absent_pairs = forfeit``; docs/events.md "Check-in", G11 a pair that does not come, G12).

The check-in (检录, tournaments.services.checkin) marks a pair absent before the draw; an event that
draws absent pairs as usual (rather than leaving them out) wants their matches forfeited, and a
result is only written in a published round. So publishing the round records, in the publishing
transaction, a forfeit for every table with an absent pair — through the very service a referee's
``POST /matches/{id}/result`` with ``forfeit`` goes through (``result_submit``), as the organiser who
publishes (a forfeit is a referee's ruling; organisers are the event's referees). Both pairs absent
forfeit both sides, but in a knockout, which must send a pair through: there a referee decides.
A table of four has no sides to forfeit.

A mark given after the round was published follows the same rule, table by table, in the check-in's
transaction (``check_in_with_forfeits``), while the table has not begun (no deal posted, no result
but the check-in's own forfeit): a pair marked absent forfeits; marked present or late again, its
forfeit is withdrawn (the match is to play) or, when the other pair is absent, turned into theirs.
A table that has begun, and every table of an event that leaves absent pairs out of the draw, is the
referee's to rule on: the mark is recorded and the answer says so (``referee``).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.db.models import Q

from scoring.actors import Actor
from scoring.models import Deal, MatchResult, ResultSource, ResultStatus
from scoring.selectors.matches import match_results
from scoring.services import changes
from scoring.services.result_facts import ResultSubmission
from scoring.services.result_rulings import reopen
from scoring.services.results import result_submit
from tournaments.models import AbsentPairs, Match, MatchStatus, Round, RoundStatus, StageKind
from tournaments.selectors.checkin import absent_ids
from tournaments.services.checkin import CheckedIn, Mark, TableOutcome, check_in
from tournaments.services.rounds import round_publish

NOTE = "Absent at the check-in (检录): forfeited when the round was published."
NOTE_LATER = "Absent at the check-in (检录), marked after the round was published: forfeited."
# The notes only this module writes: a version with one of them is the check-in's own forfeit.
NOTES = (NOTE, NOTE_LATER)

FORFEITED, WITHDRAWN, CHANGED, REFEREE = "forfeited", "forfeit_withdrawn", "forfeit_changed", "referee"


def forfeit_side(match: Match, absent: set[int]) -> str | None:
    """The side an absent pair forfeits at ``match`` ("NS", "EW", "both"), or None."""
    if match.ns_pair_id is None or match.ew_pair_id is None:
        return None  # a table of four, or a bye
    ns, ew = match.ns_pair_id in absent, match.ew_pair_id in absent
    if ns and ew:
        return "both"
    return "NS" if ns else "EW" if ew else None


def _standing_forfeit(match: Match) -> tuple[MatchResult | None, bool]:
    """The check-in's forfeit that is the match's result (None: there is none), and whether the
    table has begun otherwise: a deal posted, or a result that is not the check-in's forfeit."""
    if Deal.objects.filter(match=match).exists():
        return None, True
    current = [v for v in match_results(match) if v.status != ResultStatus.SUPERSEDED]
    own = [v for v in current if v.source == ResultSource.FORFEIT and v.note in NOTES]
    if len(own) == 1 and len(current) == 1 and own[0].status == ResultStatus.CONFIRMED:
        return own[0], False
    return None, bool(current)


def follow_absences(match: Match, absent: set[int], *, actor: Actor, note: str = NOTE) -> str | None:
    """Bring the published ``match`` in line with the absent pairs (``absent``): a forfeit
    recorded, withdrawn or changed (the outcome), ``referee`` when the rule cannot settle it (a
    knockout table with both pairs absent, a table that has begun), None when nothing is to do."""
    wanted = forfeit_side(match, absent)
    if wanted is None and match.status != MatchStatus.CONFIRMED:
        return None  # no absent pair, and no forfeit to give back (the check-in's is confirmed at once)
    if wanted == "both" and match.round.stage.kind == StageKind.KNOCKOUT:
        return REFEREE
    standing, begun = _standing_forfeit(match)
    if begun:
        return REFEREE if wanted else None
    if standing is None:
        if wanted is None:
            return None
        forfeit = ResultSubmission(forfeit={"side": wanted, "kind": "forfeit"}, note=note)
        result_submit(match=match, submission=forfeit, actor=actor)
        return FORFEITED
    if wanted is None:
        reopen(match, match_results(match))
        changes.record(match, forget=False, standings=True)  # the forfeit scored no more
        return WITHDRAWN
    if wanted == standing.forfeit_side:
        return None
    submission = ResultSubmission(
        forfeit={"side": wanted, "kind": "forfeit"}, note=note, corrects=standing.version
    )
    result_submit(match=match, submission=submission, actor=actor)
    return CHANGED


@transaction.atomic
def forfeit_absent_pairs(round_: Round, *, actor: Actor) -> list[int]:
    """Record the forfeits of the published ``round_``'s absent pairs; the tables, in order."""
    if round_.event.absent_pairs != AbsentPairs.FORFEIT:
        return []
    absent = absent_ids(round_)
    if not absent:
        return []
    done = []
    for match in round_.matches.select_related("round__stage").order_by("table"):
        if forfeit_side(match, absent) is None:
            continue  # no absent pair here: nothing to read (a round just published has no result)
        if follow_absences(match, absent, actor=actor) == FORFEITED:
            done.append(match.table)
    return done


@transaction.atomic
def publish_with_forfeits(*, round_: Round, actor: Actor, unsettled_reason: str | None = None) -> Round:
    """Publish the round (``round_publish``) and forfeit its absent pairs' matches, in one transaction:
    the round is never published without them."""
    round_ = round_publish(round_=round_, unsettled_reason=unsettled_reason)
    forfeit_absent_pairs(round_, actor=actor)
    return round_


@transaction.atomic
def check_in_with_forfeits(*, round_: Round, marks: Sequence[Mark], actor: Actor, user=None) -> CheckedIn:
    """The check-in (``check_in``) and, in a published round, what it does to the marked pairs'
    tables (``follow_absences``), in one transaction; the tables' outcomes, in table order."""
    round_ = check_in(round_=round_, marks=marks, user=user)
    if round_.status != RoundStatus.PUBLISHED:
        return CheckedIn(round_, [])
    marked = {mark.pair for mark in marks}
    absent = absent_ids(round_)
    forfeits = round_.event.absent_pairs == AbsentPairs.FORFEIT
    tables = (
        round_.matches.filter(Q(ns_pair__in=marked) | Q(ew_pair__in=marked))
        .select_related("round__stage", "round__event")
        .order_by("table")
    )
    outcomes = []
    for match in tables:
        if forfeits:
            outcome = follow_absences(match, absent, actor=actor, note=NOTE_LATER)
        else:  # the draw was made with the pair: only a referee takes its match from it
            outcome = REFEREE if forfeit_side(match, absent & marked) else None
        if outcome is not None:
            outcomes.append(TableOutcome(match=match.pk, table=match.table, outcome=outcome))
    return CheckedIn(round_, outcomes)
