"""Reads of the referee's records (docs/referees.md): who sees which incident, how many earlier
offences count, what the table proposes, and what the standing penalties do to a match's level line
and winner (G12); what they do to the standings is referee.incidents.standings."""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime

from django.db.models import Count, OuterRef, Prefetch, Q, QuerySet, Subquery

from core.fast.prepared import Prepared
from engine.levels import LevelChange
from engine.penalties import Infraction, PenaltyKind, PenaltyTable, Proposal, Scope, propose
from engine.seats import Side
from referee.models import Appeal, Incident, IncidentStatus, Penalty, PenaltyStatus, Ruling, RulingStatus
from scoring.actors import actor_of
from tournaments.models import Event, Match, Role
from tournaments.permissions import has_role, is_staff
from tournaments.selectors import visible_events

REFEREE_ROLES = (Role.ORGANIZER, Role.CHIEF_REFEREE, Role.REFEREE)


def sees_reporters(request, event: Event) -> bool:
    """Who reported an incident: the referees and organizers, never the public nor the tables."""
    return has_role(request, event, *REFEREE_ROLES)


def sees_proposal(request, event: Event) -> bool:
    """What the penalty table proposes for a reported incident: the event's staff, the table's phone
    and its scorekeepers included, so the table knows what the referee is about to rule (issue 22);
    the public never sees an incident that waits for a ruling."""
    return is_staff(request, event)


def rulings_visible(request, event: Event) -> bool:
    """The event's staff always; the public once the event is public and publishes its rulings."""
    return is_staff(request, event) or (event.is_public and event.publish_rulings)


def visible_incidents(request, event: Event) -> QuerySet[Incident]:
    """Referees see every incident; a table (its token, its scorekeepers) the incidents of the tables
    it keeps and the rulings the event publishes; the public only the rulings, when published."""
    incidents = Incident.objects.filter(event=event).select_related(
        "match__round", "pair", "reported_by", "reported_token"
    )
    if sees_reporters(request, event):
        return incidents
    published = (
        ~Q(status=IncidentStatus.REPORTED) if event.publish_rulings and event.is_public else Q(pk=None)
    )
    if is_staff(request, event):
        actor = actor_of(request, event)
        if actor.tables is not None:
            return incidents.filter(published | Q(match__table__in=actor.tables))
        return incidents
    return incidents.filter(published)


def incident_records(request, event: Event) -> QuerySet[Incident]:
    """``visible_incidents`` newest first, each with its rulings (and their penalties) and appeals,
    oldest first: what the incidents list and an incident's page show."""
    rulings = Ruling.objects.select_related("made_by").prefetch_related(
        Prefetch("penalties", queryset=Penalty.objects.select_related("cancelled_by").order_by("id"))
    )
    return (
        visible_incidents(request, event)
        .prefetch_related(
            Prefetch("rulings", queryset=rulings.order_by("id")),
            Prefetch("appeals", queryset=Appeal.objects.select_related("decided_by").order_by("id")),
        )
        .order_by("-id")
    )


def visible_penalty(request, pk) -> Penalty | None:
    """The penalty ``pk`` with its event, match and ruling when its event is visible to the caller."""
    return (
        Penalty.objects.select_related("event", "match", "ruling")
        .filter(event__in=visible_events(request), pk=pk)
        .first()
    )


def penalty_record(penalty: Penalty) -> Penalty:
    """The penalty as its page shows it (who cancelled it, read again after a write)."""
    return Penalty.objects.select_related("cancelled_by", "ruling__incident").get(pk=penalty.pk)


def holds_match(event: Event, pk) -> bool:
    """Whether match ``pk`` is one of the event's (else its penalty proposal is a 404)."""
    return Match.objects.filter(round__event=event, pk=pk).exists()


def standing_ruling(incident: Incident) -> Ruling | None:
    return incident.rulings.filter(status=RulingStatus.STANDING).first()


def earlier_offences(
    match_id: int, infraction: str, scope: Scope, *, side: str, seat: str, incident: int | None = None
) -> int:
    """Standing rulings (not dismissed) for ``infraction`` in the match, by the same seat, side or
    table as the row's ``scope`` says (G12: penalties grow with this count, per match), other than
    ``incident``'s own. At a table of four (no ``side``) a side's count is the player's: its seat's."""
    rulings = Ruling.objects.filter(
        incident__match_id=match_id,
        incident__infraction=infraction,
        status=RulingStatus.STANDING,
        dismissed=False,
    )
    if incident is not None:
        rulings = rulings.exclude(incident_id=incident)
    if (scope is Scope.SEAT and seat) or (scope is Scope.SIDE and not side):
        rulings = rulings.filter(incident__seat=seat, incident__side=side)
    elif scope in (Scope.SEAT, Scope.SIDE):
        rulings = rulings.filter(incident__side=side)
    return rulings.count()


def proposal_at(
    match_id: int,
    infraction: Infraction,
    table: PenaltyTable,
    *,
    side: str,
    seat: str,
    incident: int | None = None,
    minutes_late: int | None = None,
    with_leave: bool = False,
) -> Proposal:
    """What ``table`` proposes for the next offence of ``infraction`` by ``side`` or ``seat`` in the
    match: the count so far (without ``incident``'s own ruling), the step it reaches, its effects."""
    scope = table.row(infraction).scope
    earlier = earlier_offences(match_id, infraction, scope, side=side, seat=seat, incident=incident)
    return propose(table, infraction, earlier=earlier, minutes_late=minutes_late, with_leave=with_leave)


def proposal_for(
    incident: Incident, *, minutes_late: int | None = None, with_leave: bool = False, table=None
) -> Proposal:
    """What the event's penalty table proposes for this incident now (the referee confirms it)."""
    return proposal_at(
        incident.match_id,
        Infraction(incident.infraction),
        table or incident.event.penalty_rules(),
        side=incident.side,
        seat=incident.seat,
        incident=incident.pk,
        minutes_late=minutes_late,
        with_leave=with_leave,
    )


def active_penalties() -> QuerySet[Penalty]:
    """Penalties that count: not cancelled, and of a ruling that stands."""
    return Penalty.objects.filter(status=PenaltyStatus.ACTIVE, ruling__status=RulingStatus.STANDING)


def _decisions_of(shape: None, *, match: int) -> QuerySet:
    """The (kind, side) of the standing rulings that decide the match ``match``, the latest first."""
    return (
        active_penalties()
        .filter(match=match, kind__in=(PenaltyKind.MATCH_AWARDED, PenaltyKind.FORFEIT))
        .exclude(side="")  # a table of four has no winner: a player's forfeit scores in the standings
        .order_by("-id")
        .values_list("kind", "side")
    )


# Every confirmation asks (scoring's _confirm): the query is compiled once (core.fast.prepared).
_decisions = Prepared(Penalty, _decisions_of)


def ruled_winner(match: Match) -> tuple[bool, int | None]:
    """(whether a standing ruling decides the match, the winning pair's id): the latest match
    awarded or forfeited by a ruling (G12). A result confirmed later does not change the winner."""
    latest = _decisions.rows(None, match=match.pk, limit=1)
    if not latest:
        return False, None
    kind, side = latest[0]
    if side == "both":
        return True, None
    winner = Side(side) if kind == PenaltyKind.MATCH_AWARDED else Side(side).other
    return True, match.ns_pair_id if winner == Side.NS else match.ew_pair_id


def withdrawn_decisions(match: Match) -> list[tuple[datetime, datetime, int | None]]:
    """The rulings that decided a match (an award, a forfeit) and no longer count: each as (when it
    was ruled, when it was withdrawn — cancelled or overturned —, the pair it gave the match to)."""
    rows = (
        Penalty.objects.filter(
            match=match,
            kind__in=(PenaltyKind.MATCH_AWARDED, PenaltyKind.FORFEIT),
            status__in=(PenaltyStatus.CANCELLED, PenaltyStatus.OVERTURNED),
        )
        .exclude(side="")  # a table of four has no winner
        .values_list("kind", "side", "status", "created_at", "cancelled_at", "ruling__overturned_at")
    )
    decisions = []
    for kind, side, status, ruled_at, cancelled_at, overturned_at in rows:
        withdrawn = cancelled_at if status == PenaltyStatus.CANCELLED else overturned_at
        if withdrawn is None:
            continue
        winner = (
            None if side == "both" else Side(side) if kind == PenaltyKind.MATCH_AWARDED else Side(side).other
        )
        pair = None if winner is None else match.ns_pair_id if winner == Side.NS else match.ew_pair_id
        decisions.append((ruled_at, withdrawn, pair))
    return decisions


def _level_changes_of(shape: None, *, match: int) -> QuerySet:
    return (
        active_penalties()
        .filter(match=match, kind=PenaltyKind.LEVELS)
        .order_by("id")
        .values_list("id", "side", "amount", "on_stage", "after_deal")
    )


# A table's result read from its deals asks (scoring.services.result_rulings): compiled once.
_level_changes = Prepared(Penalty, _level_changes_of)


def level_changes(match: Match) -> dict[int, list[LevelChange]]:
    """The standing level changes of a match for the engine's fold (G12): by the number of deals
    played before each, in the order they were ruled; labelled with the penalty id."""
    changes: dict[int, list[LevelChange]] = defaultdict(list)
    for pk, side, amount, on_stage, after in _level_changes.rows(None, match=match.pk):
        assert amount is not None  # a levels effect has its amount (engine.penalties.settings)
        for hit in _sides(side):
            changes[after or 0].append(LevelChange(side=hit, amount=amount, on_stage=on_stage, label=pk))
    return dict(changes)


def level_changes_since(match: Match, moment: datetime) -> list[LevelChange]:
    """What changed in a match's levels after ``moment`` (G12), in the order it happened: the standing
    level changes ruled since, and the opposite of each one ruled before and withdrawn since
    (cancelled, or its ruling overturned). What a level sheet entered at ``moment`` does not hold
    yet, the table having written the changes of its play on it (scoring.services.result_rulings)."""
    since = Q(created_at__gt=moment) | Q(cancelled_at__gt=moment) | Q(ruling__overturned_at__gt=moment)
    rows = Penalty.objects.filter(since, match=match, kind=PenaltyKind.LEVELS).values_list(
        "id", "side", "amount", "on_stage", "status", "created_at", "cancelled_at", "ruling__overturned_at"
    )
    timed = []
    for pk, side, amount, on_stage, status, ruled_at, cancelled_at, overturned_at in rows:
        assert amount is not None  # a levels effect has its amount (engine.penalties.settings)
        withdrawn = cancelled_at if status == PenaltyStatus.CANCELLED else overturned_at
        if status == PenaltyStatus.ACTIVE:
            withdrawn = None
        if ruled_at > moment and withdrawn is None:
            timed += [
                (ruled_at, pk, LevelChange(side=hit, amount=amount, on_stage=on_stage, label=pk))
                for hit in _sides(side)
            ]
        elif ruled_at <= moment and withdrawn is not None and withdrawn > moment:
            timed += [
                (withdrawn, pk, LevelChange(side=hit, amount=-amount, label=pk)) for hit in _sides(side)
            ]
    return [change for _, _, change in sorted(timed, key=lambda row: (row[0], row[1]))]


def _sides(side: str) -> tuple[Side, ...]:
    return (Side.NS, Side.EW) if side == "both" else (Side(side),)


def waits_for_chief() -> Q:
    """Incidents waiting for the chief referee's decision (G12): appealed, or whose standing ruling is
    flagged for review (other than the penalty table's, or a referee's that decides a match)."""
    flagged = Q(rulings__status=RulingStatus.STANDING, rulings__flagged=True)
    return Q(status=IncidentStatus.APPEALED) | flagged


def waiting_for_chief(incidents: QuerySet[Incident]) -> QuerySet[Incident]:
    """``incidents`` narrowed to those waiting for the chief referee (``waits_for_chief``), once each."""
    return incidents.filter(pk__in=Incident.objects.filter(waits_for_chief()).values("pk"))


def match_incidents(match_id: int) -> QuerySet[Incident]:
    """The incidents of match ``match_id``, oldest first, each with its rulings (and their penalties),
    oldest first: three queries."""
    rulings = Ruling.objects.order_by("id").prefetch_related(
        Prefetch("penalties", queryset=Penalty.objects.order_by("id"))
    )
    return (
        Incident.objects.filter(match_id=match_id)
        .prefetch_related(Prefetch("rulings", queryset=rulings))
        .order_by("id")
    )


def incident_count() -> Subquery:
    """How many incidents the outer match (``OuterRef("pk")``) has: a stamp of the table read (an
    incident is never deleted, so a new one always moves it)."""
    rows = Incident.objects.filter(match=OuterRef("pk")).order_by().values("match")
    return Subquery(rows.annotate(n=Count("id")).values("n")[:1])
