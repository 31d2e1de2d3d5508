"""The referee's writes (docs/referees.md, docs/rules/guandan.md G12): report, rule, appeal, decide, cancel.

Each is one transaction: the match (or the incident) is locked, so that two rulings in one match
count each other; every row is audited (django-auditlog, referee.incidents.audit); a ruling, a
decision and a cancellation raise a ``ruling.made`` webhook and a standings recomputation, written in
the same transaction (scoring.services.common). Nothing is deleted or edited back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from core.errors import Conflict, DomainError
from engine.penalties import (
    DECIDING_KINDS,
    Effect,
    Infraction,
    PenaltySettingError,
    Scope,
    effects_from,
)
from referee.incidents.effects import apply_effects, overturn_ruling, withdraw_penalty
from referee.incidents.reach import level_point, require_ruling_right
from referee.incidents.seats import accused, appellant, refuse_at_seats
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
from scoring.actors import Actor
from scoring.problems import NotAllowed
from scoring.services import changes
from scoring.services.common import (
    lock_match,
    require_keeper,
)
from scoring.services.result_rulings import result_follow_rulings
from scoring.tasks import queue_event
from tournaments.models import Event, Match, RoundStatus


@dataclass(frozen=True, kw_only=True)
class RulingInput:
    """What a referee rules (``RulingInputSerializer``, ``RulingInput(**validated)``): the table's
    proposal as it is (no ``effects``), other ``effects`` with an ``override_reason``, or a dismissal;
    the facts the penalty table reads (``minutes_late``, ``with_leave``) and the record's own fields."""

    effects: list[Mapping[str, Any]] | None = None  # None: not given, the table's proposal applies
    override_reason: str = ""
    dismissed: bool = False
    rule: str = ""
    note: str = ""
    play_index: int | None = None
    violation_code: str = ""
    minutes_late: int | None = None
    with_leave: bool = False


@transaction.atomic
def incident_report(
    *,
    event: Event,
    match: int,
    infraction: str,
    seat: str = "",
    side: str = "",
    deal: int | None = None,
    description: str = "",
    occurred_at: datetime | None = None,
    actor: Actor,
) -> Incident:
    """A player's call at table ``match`` (its id), recorded by the table (its token or scorekeeper)
    or a referee; it accuses a side, or at a table of four a seat (referee.incidents.seats)."""
    played = played_match(event, match, actor)
    who = accused(played, seat=seat, side=side, per_seat=counted_per_seat(event, infraction))
    return Incident.objects.create(
        event=event,
        match=played,
        deal=deal,
        side=who.side,
        seat=who.seat,
        pair_id=who.pair_id,
        infraction=infraction,
        description=description,
        occurred_at=occurred_at or timezone.now(),
        reported_by=actor.account,
        reported_token=actor.token,
        reported_via=actor.via,
    )


def counted_per_seat(event: Event, infraction: str) -> bool:
    """Whether the event's penalty table counts ``infraction`` per player (its row's scope ``seat``):
    its incidents name the seat, so that each player's offences are their own (G12)."""
    return event.penalty_rules().row(Infraction(infraction)).scope == Scope.SEAT


@transaction.atomic
def ruling_make(*, incident: Incident, ruling: RulingInput, actor: Actor) -> Ruling:
    """A referee's ruling: the table's proposal confirmed, other effects with a written reason
    (flagged for the chief referee), or a dismissal (no infraction). A ruling that decides a match,
    made by a referee other than the chief referee, is flagged for the chief referee too."""
    match = lock_match(incident.match)
    incident = Incident.objects.select_for_update().select_related("event").get(pk=incident.pk)
    if incident.status != IncidentStatus.REPORTED:
        raise Conflict(f"Incident {incident.pk} was already ruled: appeal the ruling.", "already_ruled")
    _require_played(match)
    table = incident.event.penalty_rules()
    proposal = proposal_for(
        incident, minutes_late=ruling.minutes_late, with_leave=bool(ruling.with_leave), table=table
    )
    dismissed = bool(ruling.dismissed)
    given = ruling.effects
    effects = () if dismissed else proposal.effects if given is None else _effects(given)
    overrides = not dismissed and effects != proposal.effects
    refuse_at_seats(match, effects)
    reason = (ruling.override_reason or "").strip()
    if overrides and not reason:
        raise DomainError(
            "A penalty other than the table's needs a written reason (override_reason).",
            "reason_required",
            field="override_reason",
        )
    require_ruling_right(match, effects, actor)
    after = level_point(match, effects)
    # G12: a ruling that decides a match goes to the chief referee. Another referee's takes effect
    # at once, provisionally: flagged for the chief referee's review (docs/referees.md §3).
    referred = not actor.is_chief and any(effect.kind in DECIDING_KINDS for effect in effects)
    made = Ruling.objects.create(
        incident=incident,
        dismissed=dismissed,
        rule=ruling.rule or f"G12 {table.key}: {incident.infraction}",
        note=ruling.note,
        count=0 if dismissed else proposal.count,
        proposed=proposal.to_dict(),
        effects=[effect.to_dict() for effect in effects],
        overrides_table=overrides,
        override_reason=reason if overrides else "",
        flagged=overrides or referred,
        play_index=ruling.play_index,
        violation_code=ruling.violation_code,
        minutes_late=ruling.minutes_late,
        with_leave=bool(ruling.with_leave),
        made_by=actor.account,
    )
    apply_effects(made, effects, incident=incident, match=match, after_deal=after)
    _set_status(incident, IncidentStatus.RULED)
    _announce(incident, made, "ruled", actor)
    return made


@transaction.atomic
def appeal_lodge(
    *, incident: Incident, side: str = "", seat: str = "", reason: str = "", actor: Actor
) -> Appeal:
    """A side of the table (at a table of four, a seat) appeals the ruling to the chief referee (裁判长)."""
    match = lock_match(incident.match)
    incident = Incident.objects.select_for_update().get(pk=incident.pk)
    if actor.is_referee or not actor.keeps(match):
        raise NotAllowed("Only the table of the incident may appeal its ruling.", "not_party")
    _require_open(incident)
    if incident.status == IncidentStatus.REPORTED:
        raise Conflict(f"Incident {incident.pk} has no ruling to appeal yet.", "not_ruled")
    ruling = standing_ruling(incident)
    assert ruling is not None  # an incident past REPORTED has been ruled
    side, seat = appellant(match, side=side, seat=seat)
    appeal = Appeal.objects.create(
        incident=incident,
        ruling=ruling,
        side=side,
        seat=seat,
        reason=reason,
        lodged_by=actor.account,
        lodged_token=actor.token,
    )
    _set_status(incident, IncidentStatus.APPEALED)
    # The match's result is provisional now (its standings row says so); its deals are as they were.
    changes.record(match, forget=False, standings=True)
    return appeal


@transaction.atomic
def appeal_decide(
    *,
    incident: Incident,
    decision: str,
    reason: str = "",
    effects: list[Mapping[str, Any]] | None = None,
    actor: Actor,
) -> Appeal:
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
    reason = (reason or "").strip()
    if not reason:
        raise DomainError(
            "The chief referee's decision gives its reasons.", "reason_required", field="reason"
        )
    overturn = decision == "overturn"
    new_effects = _effects(effects) if overturn and effects is not None else None
    refuse_at_seats(match, new_effects or ())
    after = level_point(match, new_effects or ())
    assert ruling is not None  # a pending appeal was lodged against a ruling; else the ruling is flagged
    if appeal is None:  # the review of a flagged ruling: recorded like an appeal, with no side
        appeal = Appeal(incident=incident, ruling=ruling, lodged_by=actor.account, lodged_token=actor.token)
    appeal.status = AppealStatus.OVERTURNED if overturn else AppealStatus.UPHELD
    appeal.decision, appeal.decided_by, appeal.decided_at = reason, actor.account, timezone.now()
    appeal.save()
    if overturn:
        overturn_ruling(ruling)
        ruling = (
            _replacement(incident, ruling, new_effects, reason, actor, match, after)
            if new_effects is not None
            else ruling
        )
    else:
        ruling.flagged = False
        ruling.save(update_fields=["flagged"])
    _set_status(incident, IncidentStatus.DECIDED)
    _announce(incident, ruling, "decided", actor)
    return appeal


@transaction.atomic
def penalty_cancel(*, penalty: Penalty, reason: str, actor: Actor) -> Penalty:
    """Cancel a penalty with a written reason: it stops counting, and stays in the history."""
    reason = (reason or "").strip()
    if not reason:
        raise DomainError("A penalty is cancelled with a written reason.", "reason_required", field="reason")
    lock_match(penalty.match)
    penalty = Penalty.objects.select_for_update().select_related("ruling__incident__event").get(pk=penalty.pk)
    if penalty.status != PenaltyStatus.ACTIVE or penalty.ruling.status != RulingStatus.STANDING:
        raise Conflict(f"Penalty {penalty.pk} no longer applies.", "penalty_not_active")
    withdraw_penalty(penalty, PenaltyStatus.CANCELLED)
    penalty.cancelled_at, penalty.cancelled_by, penalty.cancel_reason = timezone.now(), actor.account, reason
    penalty.save(update_fields=["status", "cancelled_at", "cancelled_by", "cancel_reason"])
    _settle_referral(penalty.ruling)
    _announce(penalty.ruling.incident, penalty.ruling, "cancelled", actor)
    return penalty


# ---- helpers ------------------------------------------------------------------------------------


def played_match(event: Event, match: int, actor: Actor) -> Match:
    """The event's match ``match`` (its id), kept by ``actor`` and played: where an incident is
    reported, or what the next one would cost is asked (``404``-like ``unknown_match``, ``403
    wrong_table``, ``409 match_not_played`` / ``bye_match``)."""
    played = (
        Match.objects.filter(round__event=event, pk=match)
        .select_related("round__event", "ns_pair", "ew_pair")
        .first()
    )
    if played is None:
        raise DomainError(f"Event {event.slug} has no match {match}.", "unknown_match", field="match")
    require_keeper(played, actor)
    _require_played(played)
    return played


def _require_played(match: Match) -> None:
    if match.round.status == RoundStatus.DRAFT:
        raise Conflict(
            f"Round {match.round.number} is not published: its matches have not been played.",
            "match_not_played",
        )
    if match.is_bye:
        raise Conflict("A bye has no opponent and no table to rule at.", "bye_match")


def _require_open(incident: Incident) -> None:
    if incident.status == IncidentStatus.APPEALED:
        raise Conflict("An appeal of this ruling waits for the chief referee.", "appeal_pending")
    if incident.status == IncidentStatus.DECIDED:
        raise Conflict("The chief referee has decided this incident.", "already_decided")


def _effects(given: list[Mapping[str, Any]]) -> tuple[Effect, ...]:
    """The effects given, parsed as the penalty tables write them; a malformed one is the request's
    error."""
    try:
        return effects_from(given)
    except PenaltySettingError as error:
        raise DomainError(error.detail, "invalid_effect", field=error.field) from None


def _replacement(
    incident: Incident,
    overturned: Ruling,
    effects: tuple[Effect, ...],
    reason: str,
    actor: Actor,
    match: Match,
    after: int,
) -> Ruling:
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
        made_by=actor.account,
    )
    apply_effects(ruling, effects, incident=incident, match=match, after_deal=after)
    return ruling


def _settle_referral(ruling: Ruling) -> None:
    """The chief referee cancelled what made another referee's ruling decide the match: nothing of
    it waits for them any more. A ruling flagged as other than the table's still waits for review."""
    if ruling.flagged and not ruling.overrides_table:
        deciding = ruling.penalties.filter(status=PenaltyStatus.ACTIVE, kind__in=DECIDING_KINDS)
        if not deciding.exists():
            ruling.flagged = False
            ruling.save(update_fields=["flagged"])


def _set_status(incident: Incident, status: str) -> None:
    incident.status = status
    incident.save(update_fields=["status"])


def _announce(incident: Incident, ruling: Ruling, change: str, actor: Actor) -> None:
    """``ruling.made`` to the club websites (nothing of who reported), the match's official result
    read again from its deals when the ruling changed them (scoring.services.result_rulings), and
    the standings recomputed."""
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
            "seat": incident.seat,
            "effects": [
                {"kind": p.kind, "side": p.side, "amount": p.amount, "status": p.status}
                for p in ruling.penalties.order_by("id")
            ],
            "incident_url": f"/api/v1/events/{event.slug}/incidents/{incident.pk}/",
        },
    )
    cause = {"ruling": ruling.pk, "incident": incident.pk, "change": change}
    result_follow_rulings(match=match, actor=actor, cause=cause)
    changes.record(match, event=event, standings=True)  # its penalties' level changes changed (G12)
