"""The referee's writes (docs/referees.md, docs/rules/guandan.md G12): report, rule, appeal, decide, cancel.

Each is one transaction: the match (or the incident) is locked, so that two rulings in one match
count each other; every row is audited (django-auditlog, referee.incidents.audit); a ruling, a
decision and a cancellation raise a ``ruling.made`` webhook and a standings recomputation, written in
the same transaction (scoring.services.common). Nothing is deleted or edited back.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from core.errors import Conflict, DomainError
from engine.penalties import Effect, PenaltyKind, PenaltySettingError, Target, effects_from
from engine.seats import Side
from referee.incidents.selectors import proposal_for, standing_ruling
from referee.models import (
    Appeal,
    AppealStatus,
    Incident,
    IncidentStatus,
    Penalty,
    PenaltyStatus,
    Ruling,
    RulingStatus,
)
from scoring.models import MatchResult, ResultStatus
from scoring.problems import NotAllowed
from scoring.selectors.matches import match_deals, match_sheet, tie_state
from scoring.services.common import bump_results_version, lock_match, require_keeper
from scoring.services.results import refuse_overturning_an_advanced_winner
from scoring.tasks import queue_event
from tournaments.models import Event, Match, MatchStatus, Pair, PairStatus, RoundStatus

SEAT_SIDES = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


@transaction.atomic
def incident_report(*, event: Event, data: dict[str, Any], actor) -> Incident:
    """A player's call, recorded by the table (its token or scorekeeper) or a referee."""
    match = (
        Match.objects.filter(round__event=event, pk=data["match"])
        .select_related("round", "ns_pair", "ew_pair")
        .first()
    )
    if match is None:
        raise DomainError(f"Event {event.slug} has no match {data['match']}.", "unknown_match", field="match")
    require_keeper(match, actor)
    _require_played(match)
    seat, side = data.get("seat") or "", data.get("side") or ""
    if seat and side and SEAT_SIDES[seat] != side:
        raise DomainError(f"Seat {seat} does not sit {side}.", "seat_not_in_side", field="seat")
    side = side or SEAT_SIDES.get(seat, "")
    if not side:
        raise DomainError("Name the seat or the side accused.", "required", field="side")
    pair = match.ns_pair if side == "NS" else match.ew_pair
    assert pair is not None  # a played match is no bye (_require_played): both sides have their pair
    return Incident.objects.create(
        event=event,
        match=match,
        deal=data.get("deal"),
        side=side,
        seat=seat,
        pair=pair,
        infraction=data["infraction"],
        description=data.get("description", ""),
        occurred_at=data.get("occurred_at") or timezone.now(),
        reported_by=actor.user,
        reported_token=actor.token,
        reported_via=actor.via,
    )


@transaction.atomic
def ruling_make(*, incident: Incident, data: dict[str, Any], actor) -> Ruling:
    """A referee's ruling: the table's proposal confirmed, other effects with a written reason
    (flagged for the chief referee), or a dismissal (no infraction)."""
    match = lock_match(incident.match)
    incident = Incident.objects.select_for_update().select_related("event").get(pk=incident.pk)
    if incident.status != IncidentStatus.REPORTED:
        raise Conflict(f"Incident {incident.pk} was already ruled: appeal the ruling.", "already_ruled")
    _require_played(match)
    table = incident.event.penalty_rules()
    proposal = proposal_for(
        incident, minutes_late=data.get("minutes_late"), with_leave=bool(data.get("with_leave")), table=table
    )
    dismissed = bool(data.get("dismissed"))
    effects = () if dismissed else _effects(data, default=proposal.effects)
    overrides = not dismissed and effects != proposal.effects
    reason = (data.get("override_reason") or "").strip()
    if overrides and not reason:
        raise DomainError(
            "A penalty other than the table's needs a written reason (override_reason).",
            "reason_required",
            field="override_reason",
        )
    after = _level_point(match, effects)
    ruling = Ruling.objects.create(
        incident=incident,
        dismissed=dismissed,
        rule=data.get("rule") or f"G12 {table.key}: {incident.infraction}",
        note=data.get("note", ""),
        count=0 if dismissed else proposal.count,
        proposed=proposal.to_dict(),
        effects=[effect.to_dict() for effect in effects],
        overrides_table=overrides,
        override_reason=reason if overrides else "",
        flagged=overrides,
        play_index=data.get("play_index"),
        violation_code=data.get("violation_code", ""),
        minutes_late=data.get("minutes_late"),
        with_leave=bool(data.get("with_leave")),
        made_by=actor.user,
    )
    _apply(ruling, effects, incident=incident, match=match, after_deal=after)
    _set_status(incident, IncidentStatus.RULED)
    _announce(incident, ruling, "ruled")
    return ruling


@transaction.atomic
def appeal_lodge(*, incident: Incident, data: dict[str, Any], actor) -> Appeal:
    """A side of the table appeals the ruling to the chief referee (裁判长)."""
    match = lock_match(incident.match)
    incident = Incident.objects.select_for_update().get(pk=incident.pk)
    if actor.is_referee or not actor.keeps(match):
        raise NotAllowed("Only the table of the incident may appeal its ruling.", "not_party")
    _require_open(incident)
    if incident.status == IncidentStatus.REPORTED:
        raise Conflict(f"Incident {incident.pk} has no ruling to appeal yet.", "not_ruled")
    ruling = standing_ruling(incident)
    assert ruling is not None  # an incident past REPORTED has been ruled
    appeal = Appeal.objects.create(
        incident=incident,
        ruling=ruling,
        side=data["side"],
        reason=data.get("reason", ""),
        lodged_by=actor.user,
        lodged_token=actor.token,
    )
    _set_status(incident, IncidentStatus.APPEALED)
    return appeal


@transaction.atomic
def appeal_decide(*, incident: Incident, data: dict[str, Any], actor) -> Appeal:
    """The chief referee decides an appeal, or reviews a flagged ruling: ``uphold`` it, or
    ``overturn`` it (its penalties stop counting) and, with ``effects``, rule anew."""
    match = lock_match(incident.match)
    incident = Incident.objects.select_for_update().select_related("event").get(pk=incident.pk)
    if incident.status == IncidentStatus.DECIDED:
        raise Conflict("The chief referee has decided this incident.", "already_decided")
    ruling = standing_ruling(incident)
    appeal = incident.appeals.filter(status=AppealStatus.PENDING).first()
    if appeal is None and not (ruling is not None and ruling.flagged):
        raise Conflict("Nothing waits for the chief referee's decision here.", "nothing_to_decide")
    reason = (data.get("reason") or "").strip()
    if not reason:
        raise DomainError(
            "The chief referee's decision gives its reasons.", "reason_required", field="reason"
        )
    overturn = data["decision"] == "overturn"
    effects = _effects(data, default=None) if overturn and "effects" in data else None
    after = _level_point(match, effects or ())
    assert ruling is not None  # a pending appeal was lodged against a ruling; else the ruling is flagged
    if appeal is None:  # the review of a flagged ruling: recorded like an appeal, with no side
        appeal = Appeal(incident=incident, ruling=ruling, lodged_by=actor.user, lodged_token=actor.token)
    appeal.status = AppealStatus.OVERTURNED if overturn else AppealStatus.UPHELD
    appeal.decision, appeal.decided_by, appeal.decided_at = reason, actor.user, timezone.now()
    appeal.save()
    if overturn:
        _overturn(ruling)
        ruling = (
            _replacement(incident, ruling, effects, reason, actor, match, after)
            if effects is not None
            else ruling
        )
    else:
        ruling.flagged = False
        ruling.save(update_fields=["flagged"])
    _set_status(incident, IncidentStatus.DECIDED)
    _announce(incident, ruling, "decided")
    return appeal


@transaction.atomic
def penalty_cancel(*, penalty: Penalty, reason: str, actor) -> Penalty:
    """Cancel a penalty with a written reason: it stops counting, and stays in the history."""
    reason = (reason or "").strip()
    if not reason:
        raise DomainError("A penalty is cancelled with a written reason.", "reason_required", field="reason")
    lock_match(penalty.match)
    penalty = Penalty.objects.select_for_update().select_related("ruling__incident__event").get(pk=penalty.pk)
    if penalty.status != PenaltyStatus.ACTIVE or penalty.ruling.status != RulingStatus.STANDING:
        raise Conflict(f"Penalty {penalty.pk} no longer applies.", "penalty_not_active")
    _withdraw(penalty, PenaltyStatus.CANCELLED)
    penalty.cancelled_at, penalty.cancelled_by, penalty.cancel_reason = timezone.now(), actor.user, reason
    penalty.save(update_fields=["status", "cancelled_at", "cancelled_by", "cancel_reason"])
    _announce(penalty.ruling.incident, penalty.ruling, "cancelled")
    return penalty


# ---- helpers ------------------------------------------------------------------------------------


def _require_played(match: Match) -> None:
    if match.round.status == RoundStatus.DRAFT:
        raise Conflict(
            f"Round {match.round.number} is not published: its matches have not been played.",
            "match_not_played",
        )
    if match.is_bye:
        raise Conflict("A bye has no opponent and no table to rule at.", "bye_match")
    if match.is_table_of_four:
        # An incident names the side of a match that offended (G12); a table of four has four players
        # and no sides (docs/referee.md, "Events of the other games").
        raise Conflict(
            "Incidents at a table of four are not recorded yet: they name a side.", "not_supported"
        )


def _require_open(incident: Incident) -> None:
    if incident.status == IncidentStatus.APPEALED:
        raise Conflict("An appeal of this ruling waits for the chief referee.", "appeal_pending")
    if incident.status == IncidentStatus.DECIDED:
        raise Conflict("The chief referee has decided this incident.", "already_decided")


def _effects(data: dict[str, Any], *, default):
    if "effects" not in data:
        return default
    try:
        return effects_from(data["effects"])
    except PenaltySettingError as error:
        raise DomainError(error.detail, "invalid_effect", field=error.field) from None


def _level_point(match: Match, effects) -> int:
    """Where a level change enters the level line: after the deals posted so far. A finished match
    takes none (G12 levels move a match in play; rule match points after it). A game whose sheet
    takes no referee's entries in its levels (every game but Guandan) takes no level change."""
    if not match_sheet(match).takes_level_changes:
        if any(effect.kind == PenaltyKind.LEVELS for effect in effects):
            raise Conflict(
                "This game's levels follow its deals alone: rule match points instead.",
                "not_supported",
                field="effects",
            )
        return len(match_deals(match))
    tie = tie_state(match)
    if any(effect.kind == PenaltyKind.LEVELS for effect in effects) and tie.finished:
        raise Conflict(
            "The match is over: its levels no longer change. Rule match points instead.",
            "match_over",
            field="effects",
        )
    return tie.deals_played


def _side_of(effect: Effect, incident: Incident) -> str:
    if effect.to == Target.BOTH:
        return "both"
    return incident.side if effect.to == Target.OFFENDER else str(Side(incident.side).other)


def _apply(ruling: Ruling, effects, *, incident: Incident, match: Match, after_deal: int) -> list[Penalty]:
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
            penalty.before = _disqualify(match, penalty.side, ruling)
        elif effect.kind in DECIDES_MATCH:
            penalty.before = _decide_match(match, penalty)
        penalty.save()
        penalties.append(penalty)
    return penalties


def _disqualify(match: Match, side: str, ruling: Ruling) -> dict:
    """The pair leaves the next draws (G12); what it was is kept, to be restored on a cancellation."""
    pair_id = match.ns_pair_id if side == "NS" else match.ew_pair_id
    assert pair_id is not None  # a ruled match is no bye: both sides have their pair
    pair = Pair.objects.select_for_update().get(pk=pair_id)
    before = {"pair": pair.pk, "status": pair.status, "status_reason": pair.status_reason}
    pair.status, pair.status_reason = PairStatus.DISQUALIFIED, f"Ruling {ruling.pk} (G12)"
    pair.save()
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
    refuse_overturning_an_advanced_winner(match, winner)
    match.status, match.winner = MatchStatus.CONFIRMED, winner
    match.save(update_fields=["status", "winner"])
    return before


def _undecide_match(penalty: Penalty, before: dict) -> None:
    """Give the match back its own result: the official result's winner when one was confirmed (before
    or after the ruling), else what the match was. A knockout winner that a later published round
    already holds stands (409 ``winner_advanced``, as for a result correction)."""
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
    refuse_overturning_an_advanced_winner(match, winner)
    match.status, match.winner = status, winner
    match.save(update_fields=["status", "winner"])


def _withdraw(penalty: Penalty, status: str) -> None:
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
            pair.save()


def _overturn(ruling: Ruling) -> None:
    ruling.status, ruling.overturned_at, ruling.flagged = RulingStatus.OVERTURNED, timezone.now(), False
    ruling.save(update_fields=["status", "overturned_at", "flagged"])
    for penalty in ruling.penalties.filter(status=PenaltyStatus.ACTIVE):
        _withdraw(penalty, PenaltyStatus.OVERTURNED)
        penalty.save(update_fields=["status"])


def _replacement(incident, overturned: Ruling, effects, reason: str, actor, match, after: int) -> Ruling:
    proposed = tuple(overturned.proposed.get("effects", ()))
    ruling = Ruling.objects.create(
        incident=incident,
        rule=overturned.rule,
        note=reason,
        count=overturned.count,
        proposed=overturned.proposed,
        effects=[effect.to_dict() for effect in effects],
        overrides_table=[effect.to_dict() for effect in effects] != list(proposed),
        override_reason=reason,
        replaces=overturned,
        made_by=actor.user,
    )
    _apply(ruling, effects, incident=incident, match=match, after_deal=after)
    return ruling


def _set_status(incident: Incident, status: str) -> None:
    incident.status = status
    incident.save(update_fields=["status"])


def _announce(incident: Incident, ruling: Ruling, change: str) -> None:
    """``ruling.made`` to the club websites (nothing of who reported), and the standings recomputed."""
    match = incident.match
    event = incident.event
    queue_event(
        event,
        "ruling.made",
        {
            "change": change,
            "incident": incident.pk,
            "ruling": ruling.pk,
            "status": ruling.status,
            "match": match.pk,
            "round": match.round.number,
            "table": match.table,
            "infraction": incident.infraction,
            "side": incident.side,
            "effects": [
                {"kind": p.kind, "side": p.side, "amount": p.amount, "status": p.status}
                for p in ruling.penalties.order_by("id")
            ],
            "incident_url": f"/api/v1/events/{event.slug}/incidents/{incident.pk}/",
        },
    )
    bump_results_version(event)
