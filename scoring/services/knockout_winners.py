"""A knockout winner that a later round already holds (G11): what a result correction, a ruling or a
result read again after a ruling does when it changes the winner of a match whose winner went through.

The pair that went through is replaced by the new winner in the next round's match as long as that
match has not started (no deal posted, no result): nothing was played with the pair that lost, so
the bracket is what it would have been. Once the next match has started the winner stands
(``winner_advanced``, naming that match): the chief referee settles it by hand (docs/referees.md).
A later round that is still a draft does not stop the change: it must be drawn again, and publishing
it is refused until then (draw_stale).
"""

from __future__ import annotations

import copy

from django.db.models import Q

from core.bulk_audit import save_audited
from scoring.models import Deal, MatchResult, ResultStatus
from scoring.problems import ScoreConflict
from scoring.services import changes
from scoring.tasks import queue_event
from tournaments.models import Match, Pair, RoundStatus, StageKind


def follow_knockout_winner(match: Match, winner: Pair | None) -> None:
    """The knockout match ``match`` now goes to ``winner``: the pair that went through from it to a
    later published round is replaced there by ``winner`` (the next match not started), or the change
    is refused (``winner_advanced``). Call it with the match locked, before its winner is saved."""
    old = match.winner_id
    if match.round.stage.kind != StageKind.KNOCKOUT or old is None or old == (winner.pk if winner else None):
        return
    later = (
        Match.objects.select_for_update(of=("self",))
        .filter(
            round__stage=match.round.stage_id,
            round__number__gt=match.round.number,
            round__status__in=(RoundStatus.PUBLISHED, RoundStatus.CLOSED),
        )
        .filter(Q(ns_pair=old) | Q(ew_pair=old))
        .select_related("round__event")
        .order_by("round__number")
        .first()
    )
    if later is None:
        return
    started = _started(later)
    if started or winner is None or later.round.status == RoundStatus.CLOSED:
        pair = match.ns_pair if old == match.ns_pair_id else match.ew_pair
        assert pair is not None  # the old winner is one of the match's pairs
        why = (
            "which has started (" + started + ")"
            if started
            else "which is closed"
            if later.round.status == RoundStatus.CLOSED
            else "and this match would have no winner to send in its place"
        )
        raise ScoreConflict(
            f"Pair {pair.number} went through to round {later.round.number}, table {later.table} (match "
            f"{later.pk}), {why}: the winner of this match can no longer change.",
            "winner_advanced",
            extra={"round": later.round.number, "table": later.table, "match": later.pk},
        )
    _replace(later, old, winner)


def _started(match: Match) -> str:
    """What shows that a match has started ("" when nothing does): a deal posted, or a result."""
    if Deal.objects.filter(match=match).exists():
        return "deals were posted"
    if MatchResult.objects.filter(match=match).exclude(status=ResultStatus.SUPERSEDED).exists():
        return "a result was submitted"
    return ""


def _replace(later: Match, old: int, winner: Pair) -> None:
    """``winner`` takes the place of pair ``old`` in ``later`` (audited), and the club websites hear
    that the round's pairings changed (``round.published`` again, in this transaction)."""
    before = copy.copy(later)
    field = "ns_pair" if later.ns_pair_id == old else "ew_pair"
    setattr(later, field, winner)
    save_audited(later, before, [field])
    round_, event = later.round, later.round.event
    changes.record(later, event=event, forget=False, tables=True)
    queue_event(
        event,
        "round.published",
        {"round": round_.number, "pairings": f"/api/v1/events/{event.slug}/matches/?round={round_.number}"},
    )
