"""The referee's records on the wire (docs/referees.md): thin views, input serializer → service →
output serializer; who may call what is declared per action (core.permissions)."""

from __future__ import annotations

import django_filters
from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.views import APIView

from core.filters import BIGINT_MAX, IntegerFilter, StringChoiceFilter
from core.idempotency import IdempotentMixin
from core.schema import problems
from engine.penalties import Infraction
from referee.incidents import previews, services
from referee.incidents.choices import effect_choices
from referee.incidents.permissions import RulingPermission
from referee.incidents.seats import accused
from referee.incidents.selectors import (
    holds_match,
    incident_records,
    penalty_record,
    proposal_at,
    proposal_for,
    sees_proposal,
    sees_reporters,
    visible_penalty,
    waiting_for_chief,
)
from referee.incidents.serializers import (
    AppealInputSerializer,
    CancelInputSerializer,
    DecisionInputSerializer,
    IncidentDetailSerializer,
    IncidentInputSerializer,
    IncidentSerializer,
    PenaltySerializer,
    PreviewSerializer,
    ProposalQuerySerializer,
    ProposalSerializer,
    RulingChoicesSerializer,
    RulingInputSerializer,
)
from referee.models import Incident, IncidentStatus, Penalty
from scoring.actors import actor_of
from tournaments.models import Event, Match
from tournaments.permissions import EventPermission
from tournaments.views.base import EventScopedMixin

WRITES = {
    "rule": EventPermission.REFEREE,
    "rule_preview": EventPermission.REFEREE,
    "decide": EventPermission.CHIEF_REFEREE,
    "decide_preview": EventPermission.CHIEF_REFEREE,
}
READS = {"choices": EventPermission.REFEREE}


class IncidentFilter(django_filters.FilterSet):
    round = IntegerFilter(field_name="match__round__number", maximum=32767)
    match = IntegerFilter(field_name="match_id", maximum=BIGINT_MAX)
    pair = IntegerFilter(field_name="pair_id", maximum=BIGINT_MAX, help_text="The pair accused (its id).")
    code = StringChoiceFilter(
        field_name="infraction", choices=[(code.value, code.value) for code in Infraction]
    )
    status = StringChoiceFilter(field_name="status", choices=IncidentStatus.choices)
    waits = StringChoiceFilter(
        choices=[("chief_referee", "chief_referee")],
        method="filter_waits",
        help_text="chief_referee: what waits for the chief referee's decision (an appeal, a flagged ruling).",
    )

    class Meta:
        model = Incident
        fields = ["round", "match", "pair", "code", "status", "waits"]

    def filter_waits(self, queryset, name, value):
        return waiting_for_chief(queryset)


class IncidentViewSet(
    EventScopedMixin, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    """Incidents of an event (G12): a table reports, a referee rules, a side appeals, the chief
    referee decides. The public sees the rulings once the event publishes them, never who reported."""

    filterset_class = IncidentFilter
    serializer_class = IncidentSerializer

    @property
    def read_permission(self):
        return READS.get(getattr(self, "action", None), RulingPermission.RULINGS)

    @property
    def write_permission(self):
        return WRITES.get(getattr(self, "action", None), EventPermission.STAFF)

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Incident.objects.none()
        return incident_records(self.request, self.get_event())

    def get_serializer_class(self):
        return IncidentSerializer if self.action == "list" else IncidentDetailSerializer

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if not getattr(self, "swagger_fake_view", False):
            event = self.get_event()
            context["sees_reporters"] = sees_reporters(self.request, event)
            context["sees_proposal"] = sees_proposal(self.request, event)
        return context

    def _answer(self, incident: Incident, code: int = status.HTTP_200_OK) -> Response:
        fresh = self.get_queryset().get(pk=incident.pk)
        return Response(self.get_serializer(fresh).data, status=code)

    @property
    def actor(self):
        return actor_of(self.request, self.get_event())

    @extend_schema(request=IncidentInputSerializer, responses={201: IncidentDetailSerializer})
    def create(self, request, *args, **kwargs):
        """Report an incident: a table (its token or scorekeeper) at its own table, or a referee."""
        data = _valid(IncidentInputSerializer, request)
        incident = services.incident_report(event=self.get_event(), **data, actor=self.actor)
        return self._answer(incident, status.HTTP_201_CREATED)

    @extend_schema(
        summary="Rule on an incident",
        request=RulingInputSerializer,
        responses={201: IncidentDetailSerializer, **problems(409)},
    )
    @action(detail=True, methods=["post"])
    def rule(self, request, *args, **kwargs):
        """A referee's ruling: the table's proposal confirmed, or other effects with a written reason.

        The match's result follows (docs/referees.md §2): the official result, or the one waiting for
        confirmation, read again from the deals or the level sheet is written anew with the ruling as
        its ``cause``; a level change on a forfeit is ``409 match_over``; a change that turns a
        knockout whose next match has started is ``409 winner_advanced`` (naming that match)."""
        data = _valid(RulingInputSerializer, request)
        services.ruling_make(
            incident=self.get_object(), ruling=services.RulingInput(**data), actor=self.actor
        )
        return self._answer(self.get_object(), status.HTTP_201_CREATED)

    @extend_schema(
        summary="What a ruling on an incident may apply",
        responses={200: RulingChoicesSerializer, **problems(403, 404)},
    )
    @action(detail=True, methods=["get"])
    def choices(self, request, *args, **kwargs):
        """The effects a ruling on this incident may apply at its match — those the event's game and
        the table's shape allow (a table of four has no levels and no side to award a match to; a
        game whose levels follow its deals alone takes no level change) — and, while it waits for a
        ruling, what the event's penalty table proposes now (the count so far, the step, its effects)."""
        incident = self.get_object()
        proposal = proposal_for(incident).to_dict() if incident.status == IncidentStatus.REPORTED else None
        body = {
            "incident": incident.pk,
            "effects": [choice.to_dict() for choice in effect_choices(incident.match)],
            "proposal": proposal,
        }
        return Response(RulingChoicesSerializer(body).data)

    @extend_schema(
        summary="See what a ruling would do, before it is made",
        request=RulingInputSerializer,
        responses={200: PreviewSerializer, **problems(409)},
    )
    @action(detail=True, methods=["post"], url_path="rule/preview")
    def rule_preview(self, request, *args, **kwargs):
        """The ruling ``…/rule`` would make with this body, made and rolled back: the same checks and
        problems, the ruling and its penalties, the match's result before and after, and the
        standings rows it would move. Nothing is kept (docs/referees.md)."""
        data = _valid(RulingInputSerializer, request)
        incident = self.get_object()
        preview = previews.preview_ruling(
            incident=incident,
            write=lambda: services.ruling_make(
                incident=incident, ruling=services.RulingInput(**data), actor=self.actor
            ),
        )
        return Response(PreviewSerializer(preview).data)

    @extend_schema(
        summary="See what a decision would do, before it is made",
        request=DecisionInputSerializer,
        responses={200: PreviewSerializer, **problems(409)},
    )
    @action(detail=True, methods=["post"], url_path="decide/preview")
    def decide_preview(self, request, *args, **kwargs):
        """The chief referee's decision ``…/decide`` would make with this body, made and rolled back."""
        data = _valid(DecisionInputSerializer, request)
        incident = self.get_object()
        preview = previews.preview_decision(
            incident=incident,
            write=lambda: services.appeal_decide(incident=incident, **data, actor=self.actor),
        )
        return Response(PreviewSerializer(preview).data)

    @extend_schema(
        summary="Appeal a ruling to the chief referee",
        request=AppealInputSerializer,
        responses={201: IncidentDetailSerializer, **problems(409)},
    )
    @action(detail=True, methods=["post"])
    def appeal(self, request, *args, **kwargs):
        """A side of the table appeals the ruling to the chief referee (裁判长)."""
        data = _valid(AppealInputSerializer, request)
        services.appeal_lodge(incident=self.get_object(), **data, actor=self.actor)
        return self._answer(self.get_object(), status.HTTP_201_CREATED)

    @extend_schema(
        summary="Decide an appeal, or review a flagged ruling",
        request=DecisionInputSerializer,
        responses={200: IncidentDetailSerializer, **problems(409)},
    )
    @action(detail=True, methods=["post"])
    def decide(self, request, *args, **kwargs):
        """The chief referee decides an appeal, or reviews a ruling flagged as other than the table's.

        An overturned ruling's penalties stop counting, and the match's result follows as for a
        ruling (docs/referees.md §2, §3): ``409 winner_advanced`` when that would turn a knockout
        whose next match has started."""
        data = _valid(DecisionInputSerializer, request)
        services.appeal_decide(incident=self.get_object(), **data, actor=self.actor)
        return self._answer(self.get_object())


class PenaltyCancelView(IdempotentMixin, APIView):
    """``POST /penalties/{id}/cancel``: the chief referee cancels a penalty, with a written reason."""

    write_permission = EventPermission.CHIEF_REFEREE

    def get_event(self) -> Event:
        if getattr(self, "swagger_fake_view", False):
            return Event(pk=0, slug="schema")
        return self.get_penalty().event

    def get_penalty(self) -> Penalty:
        if not hasattr(self, "_penalty"):
            penalty = visible_penalty(self.request, self.kwargs["pk"])
            if penalty is None:
                raise Http404(f"No {Penalty._meta.object_name} matches the given query.")
            self._penalty = penalty
        return self._penalty

    @extend_schema(
        summary="Cancel a penalty (the chief referee)",
        request=CancelInputSerializer,
        responses={200: PenaltySerializer, **problems(403, 404, 409)},
        tags=["referee"],
    )
    def post(self, request, *args, **kwargs):
        data = _valid(CancelInputSerializer, request)
        penalty = services.penalty_cancel(
            penalty=self.get_penalty(),
            reason=data.get("reason", ""),
            actor=actor_of(request, self.get_event()),
        )
        return Response(PenaltySerializer(penalty_record(penalty)).data)


class PenaltyProposalView(EventScopedMixin, APIView):
    """``GET /events/{slug}/matches/{id}/penalty-proposal?offence=…&side=…`` (``seat=`` at a table of
    four): what the next such offence would cost, without reporting an incident — the count so far,
    the step of the event's penalty table it reaches, its effects. The event's staff; a table's token
    or a limited scorekeeper at its own tables (``403 wrong_table``)."""

    read_permission = EventPermission.STAFF

    @extend_schema(
        summary="What the next such offence at a table would cost",
        parameters=[ProposalQuerySerializer],
        responses={200: ProposalSerializer, **problems(400, 403, 404, 409)},
        tags=["referee"],
    )
    def get(self, request, *args, **kwargs):
        query = ProposalQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        data = query.validated_data
        event = self.get_event()
        if not holds_match(event, kwargs["match"]):
            raise Http404(f"No {Match._meta.object_name} matches the given query.")
        played = services.played_match(event, int(kwargs["match"]), actor_of(request, event))
        per_seat = services.counted_per_seat(event, data["offence"])
        who = accused(played, seat=data.get("seat", ""), side=data.get("side", ""), per_seat=per_seat)
        proposal = proposal_at(
            played.pk,
            Infraction(data["offence"]),
            event.penalty_rules(),
            side=who.side,
            seat=who.seat,
            minutes_late=data.get("minutes_late"),
            with_leave=bool(data.get("with_leave")),
        )
        body = {"match": played.pk, "side": who.side or None, "seat": who.seat or None, **proposal.to_dict()}
        return Response(ProposalSerializer(body).data)


class PenaltyCancelPreviewView(PenaltyCancelView):
    """``POST /penalties/{id}/cancel/preview``: what cancelling the penalty would do, made and rolled
    back (the chief referee)."""

    @extend_schema(
        summary="See what cancelling a penalty would do (the chief referee)",
        request=CancelInputSerializer,
        responses={200: PreviewSerializer, **problems(403, 404, 409)},
        tags=["referee"],
    )
    def post(self, request, *args, **kwargs):
        data = _valid(CancelInputSerializer, request)
        penalty = self.get_penalty()
        preview = previews.preview_cancel(
            penalty=penalty,
            write=lambda: services.penalty_cancel(
                penalty=penalty, reason=data.get("reason", ""), actor=actor_of(request, self.get_event())
            ),
        )
        return Response(PreviewSerializer(preview).data)


def _valid(serializer_class, request) -> dict:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data
