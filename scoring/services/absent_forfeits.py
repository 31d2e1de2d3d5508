"""An absent pair's match is a forfeit once its round is published, when the event says so
(``absent_pairs = forfeit``; docs/events.md "Check-in", G11 a pair that does not come, G12).

The check-in (检录, tournaments.services.checkin) marks a pair absent before the draw; an event that
draws absent pairs as usual (rather than leaving them out) wants their matches forfeited, and a
result is only written in a published round. So publishing the round records, in the publishing
transaction, a forfeit for every table with an absent pair — through the very service a referee's
``POST /matches/{id}/result`` with ``forfeit`` goes through (``result_submit``), as the organiser who
publishes (a forfeit is a referee's ruling; organisers are the event's referees). Both pairs absent
forfeit both sides, but in a knockout, which must send a pair through: there a referee decides.
A table of four has no sides to forfeit, and a pair marked absent after the round was published is
the referee's to rule on (its table may have started).
"""

from __future__ import annotations

from django.db import transaction

from scoring.actors import Actor
from scoring.services.result_facts import ResultSubmission
from scoring.services.results import result_submit
from tournaments.models import AbsentPairs, Match, Round, StageKind
from tournaments.selectors.checkin import absent_ids
from tournaments.services.rounds import round_publish

NOTE = "Absent at the check-in (检录): forfeited when the round was published."


def forfeit_side(match: Match, absent: set[int]) -> str | None:
    """The side an absent pair forfeits at ``match`` ("NS", "EW", "both"), or None."""
    if match.ns_pair_id is None or match.ew_pair_id is None:
        return None  # a table of four, or a bye
    ns, ew = match.ns_pair_id in absent, match.ew_pair_id in absent
    if ns and ew:
        return "both"
    return "NS" if ns else "EW" if ew else None


@transaction.atomic
def forfeit_absent_pairs(round_: Round, *, actor: Actor) -> list[int]:
    """Record the forfeits of the published ``round_``'s absent pairs; the tables, in order."""
    if round_.event.absent_pairs != AbsentPairs.FORFEIT:
        return []
    absent = absent_ids(round_)
    if not absent:
        return []
    knockout = round_.stage.kind == StageKind.KNOCKOUT
    done = []
    for match in round_.matches.select_related("round").order_by("table"):
        side = forfeit_side(match, absent)
        if side is None or (side == "both" and knockout):
            continue
        submission = ResultSubmission(forfeit={"side": side, "kind": "forfeit"}, note=NOTE)
        result_submit(match=match, submission=submission, actor=actor)
        done.append(match.table)
    return done


@transaction.atomic
def publish_with_forfeits(*, round_: Round, actor: Actor, unsettled_reason: str | None = None) -> Round:
    """Publish the round (``round_publish``) and forfeit its absent pairs' matches, in one transaction:
    the round is never published without them."""
    round_ = round_publish(round_=round_, unsettled_reason=unsettled_reason)
    forfeit_absent_pairs(round_, actor=actor)
    return round_
