"""What a ruling's penalties do beyond counting (docs/referees.md, G12), and how that is undone.

A disqualification takes the pair out of the next draws; an awarded or forfeited match is decided
(its winner set, the match confirmed). Each keeps what it changed in the penalty's ``before``, so
that a cancellation or an overturned ruling (``withdraw_penalty``, ``overturn_ruling``) gives the
pair and the match back what they were. The services of ``referee.incidents.services`` call these
inside their transaction, with the match locked.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils import timezone

from engine.penalties import Effect, PenaltyKind, Target
from engine.seats import Side
from referee.models import Incident, Penalty, PenaltyStatus, Ruling, RulingStatus
from scoring.models import MatchResult, ResultStatus
from scoring.services import changes
from scoring.services.knockout_winners import follow_knockout_winner
from tournaments.changes import changed
from tournaments.models import Match, MatchStatus, Pair, PairStatus


def _side_of(effect: Effect, incident: Incident) -> str:
    if not incident.side:  # a table of four: whom it hits is read from ``to`` and the incident's seat
        return ""
    if effect.to == Target.BOTH:
        return "both"
    return incident.side if effect.to == Target.OFFENDER else str(Side(incident.side).other)


def apply_effects(
    ruling: Ruling, effects: Iterable[Effect], *, incident: Incident, match: Match, after_deal: int
) -> list[Penalty]:
    """The ruling's penalties, one per effect, stored; a disqualification or a decided match done."""
    penalties = []
    for effect in effects:
        penalty = Penalty(
            ruling=ruling,
            event_id=incident.event_id,
            match=match,
            kind=effect.kind,
            to=effect.to,
            side=_side_of(effect, incident),
            amount=effect.amount,
            on_stage=effect.on_stage,
            deal=incident.deal,
            after_deal=after_deal if effect.kind == PenaltyKind.LEVELS else None,
        )
        if effect.kind == PenaltyKind.DISQUALIFICATION:
            penalty.before = _disqualify(_pair_hit(match, penalty.side, incident), ruling)
        elif effect.kind in DECIDES_MATCH and not match.is_table_of_four:
            # A table of four has no winner: a player's forfeit is read by the standings alone.
            penalty.before = _decide_match(match, penalty)
        penalty.save()
        penalties.append(penalty)
    return penalties


def _pair_hit(match: Match, side: str, incident: Incident) -> int:
    """The entrant a disqualification hits: the side's pair, or at a table of four the offender."""
    pair_id = incident.pair_id if not side else match.ns_pair_id if side == "NS" else match.ew_pair_id
    assert pair_id is not None  # a ruled match is no bye: both sides have their pair
    return pair_id


def _disqualify(pair_id: int, ruling: Ruling) -> dict:
    """The pair leaves the next draws (G12); what it was is kept, to be restored on a cancellation."""
    pair = Pair.objects.select_for_update().get(pk=pair_id)
    before = {"pair": pair.pk, "status": pair.status, "status_reason": pair.status_reason}
    pair.status, pair.status_reason = PairStatus.DISQUALIFIED, f"Ruling {ruling.pk} (G12)"
    pair.save(update_fields=["status", "status_reason"])
    changed(pair.event_id, shows=before["status"] != pair.status)
    return before


# A match awarded or forfeited by a ruling is decided: it has its winner (a knockout sends it through,
# G8) and is confirmed, whatever result was or was not entered.
DECIDES_MATCH = (PenaltyKind.MATCH_AWARDED, PenaltyKind.FORFEIT)


def _decide_match(match: Match, penalty: Penalty) -> dict:
    """Set the match's winner by the penalty; what it was is kept, to be restored on a cancellation."""
    before = {"match_status": match.status, "winner": match.winner_id}
    if penalty.side == "both":
        winner = None  # both sides forfeit: nobody wins
    else:
        side = Side(penalty.side) if penalty.kind == PenaltyKind.MATCH_AWARDED else Side(penalty.side).other
        winner = match.ns_pair if side == Side.NS else match.ew_pair
    follow_knockout_winner(match, winner)
    match.status, match.winner = MatchStatus.CONFIRMED, winner
    match.save(update_fields=["status", "winner"])
    changes.record(match, forget=False, tables=True)
    return before


def _undecide_match(penalty: Penalty, before: dict) -> None:
    """Give the match back its own result: the official result's winner when one was confirmed (before
    or after the ruling), else what the match was. A knockout winner that went through to a later
    published round is replaced there while that match has not started, else it stands (409
    ``winner_advanced``), as for a result correction (scoring.services.knockout_winners)."""
    match = (
        Match.objects.select_for_update(of=("self",))  # not the pairs: EW is nullable (a bye)
        .select_related("round__stage", "ns_pair", "ew_pair")
        .get(pk=penalty.match_id)
    )
    official = MatchResult.objects.filter(match=match, status=ResultStatus.CONFIRMED).first()
    if official is not None:
        status, side = MatchStatus.CONFIRMED, official.winner
        winner = match.ns_pair if side == "NS" else match.ew_pair if side == "EW" else None
    else:
        status = before["match_status"]
        winner_id = before.get("winner")
        winner = Pair.objects.filter(pk=winner_id).first() if winner_id else None
    follow_knockout_winner(match, winner)
    match.status, match.winner = status, winner
    match.save(update_fields=["status", "winner"])
    changes.record(match, forget=False, tables=True)


def withdraw_penalty(penalty: Penalty, status: str) -> None:
    """A penalty stops counting; a disqualification it made is lifted (unless the pair changed since),
    a match it decided gets its own result back."""
    penalty.status = status
    before = penalty.before or {}
    if penalty.kind in DECIDES_MATCH and "match_status" in before:
        _undecide_match(penalty, before)
    if penalty.kind == PenaltyKind.DISQUALIFICATION and before.get("pair"):
        pair = Pair.objects.select_for_update().get(pk=before["pair"])
        if pair.status == PairStatus.DISQUALIFIED:
            pair.status, pair.status_reason = before["status"], before["status_reason"]
            pair.save(update_fields=["status", "status_reason"])
            changed(pair.event_id, shows=True)  # reinstated: back in the standings' status


def overturn_ruling(ruling: Ruling) -> None:
    ruling.status, ruling.overturned_at, ruling.flagged = RulingStatus.OVERTURNED, timezone.now(), False
    ruling.save(update_fields=["status", "overturned_at", "flagged"])
    for penalty in ruling.penalties.filter(status=PenaltyStatus.ACTIVE):
        withdraw_penalty(penalty, PenaltyStatus.OVERTURNED)
        penalty.save(update_fields=["status"])
