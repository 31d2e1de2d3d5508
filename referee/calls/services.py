"""The calls' writes (docs/referees.md "Calling a referee"): call, cancel, answer.

Each is one transaction, audited (django-auditlog, referee.calls.audit): a call locks its match, so
that two calls of one table at once leave one open (and the database's ``one_open_call`` says the
same); ``referee.called`` is written for the webhooks in the same transaction (scoring.tasks).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from core.errors import Conflict, DomainError
from referee.models import CallStatus, RefereeCall
from scoring.actors import Actor
from scoring.problems import NotAllowed
from scoring.services.common import lock_match, require_keeper, require_playing
from scoring.tasks import queue_event
from tournaments.models import Match, RoundStatus


@transaction.atomic
def call_referee(*, match: Match, about: str = "", infraction: str = "", actor: Actor) -> RefereeCall:
    """The table of ``match`` calls a referee: about ``about`` (its own words) or a known
    ``infraction`` (or both). Its keepers call (the table's token, its scorekeepers, a referee on its
    behalf), in a published round's real match that is not closed; one call at a time per table."""
    if not about.strip() and not infraction:
        raise DomainError(
            "Say what the call is about: a few words, or the infraction.", "required", field="about"
        )
    match = lock_match(match)
    require_keeper(match, actor)
    require_playing(match)
    if match.round.status == RoundStatus.CLOSED:
        raise NotAllowed(f"Round {match.round.number} is closed: ask the referees' desk.", "round_closed")
    waiting = RefereeCall.objects.filter(match=match, status=CallStatus.OPEN).first()
    if waiting is not None:
        raise Conflict(
            "This table has called a referee already: cancel that call to make another.",
            "call_open",
            extra={"call": waiting.pk},
        )
    call = RefereeCall.objects.create(
        event=match.round.event,
        match=match,
        about=about.strip(),
        infraction=infraction,
        called_by=actor.account,
        called_token=actor.token,
        called_via=actor.via,
    )
    call.match = match
    queue_event(call.event, "referee.called", called_data(call))
    return call


def called_data(call: RefereeCall) -> dict:
    """What ``referee.called`` tells the webhooks: the call, where, and what about."""
    match = call.match
    return {
        "call": call.pk,
        "match": match.pk,
        "round": match.round.number,
        "table": match.table,
        "about": call.about,
        "infraction": call.infraction or None,
        "status": call.status,
        "created_at": call.created_at.isoformat(),
        "call_url": f"/api/v1/calls/{call.pk}/",
    }


@transaction.atomic
def call_cancel(*, call: RefereeCall, actor: Actor) -> RefereeCall:
    """The table no longer needs the referee (its keepers; a referee may close it so too)."""
    call = _locked(call)
    require_keeper(call.match, actor)
    return _close(call, CallStatus.CANCELLED, actor)


@transaction.atomic
def call_answer(*, call: RefereeCall, actor: Actor) -> RefereeCall:
    """The referee who came to the table marks the call answered (referees only: the view says so)."""
    return _close(_locked(call), CallStatus.ANSWERED, actor)


def _locked(call: RefereeCall) -> RefereeCall:
    return (
        RefereeCall.objects.select_for_update(of=("self",))
        .select_related("event", "match__round")
        .get(pk=call.pk)
    )


def _close(call: RefereeCall, status: str, actor: Actor) -> RefereeCall:
    if call.status != CallStatus.OPEN:
        raise Conflict(
            f"Call {call.pk} is {call.status} already.", "call_closed", extra={"call_status": call.status}
        )
    call.status = status
    call.closed_at = timezone.now()
    call.closed_by = actor.account
    call.closed_token = actor.token
    call.save(update_fields=["status", "closed_at", "closed_by", "closed_token"])
    return call
