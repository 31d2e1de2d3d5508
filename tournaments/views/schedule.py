"""Stages, rounds (draw, edit, publish, close) and matches (the tables)."""

from __future__ import annotations

import django_filters
from django.db import transaction
from django.db.models import Q
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from core.conditional import ConditionalMixin
from core.idempotency import IdempotentMixin
from core.schema import problems
from scoring.serializers.matches import MatchDetailSerializer
from tournaments.models import Event, Match, MatchStatus, Round, RoundStatus, Stage
from tournaments.permissions import is_staff, scorekeeper_tables, sees_drafts
from tournaments.serializers.schedule import (
    DrawRequestSerializer,
    MatchCreateSerializer,
    MatchSerializer,
    MatchWriteSerializer,
    RoundSerializer,
    RoundUpdateSerializer,
    StageSerializer,
    SwapSerializer,
)
from tournaments.services import rounds as services
from tournaments.views.base import ID, EventScopedMixin, EventScopedViewSet, visible_events

PUBLISHED = (RoundStatus.PUBLISHED, RoundStatus.CLOSED)


class StageViewSet(EventScopedViewSet):
    serializer_class = StageSerializer

    def get_queryset(self):
        return Stage.objects.filter(event=self.get_event())

    def perform_create(self, serializer):
        serializer.save(event=self.get_event())


class RoundViewSet(EventScopedViewSet):
    """Rounds by number. Organizers and referees see drafts; others, published and closed rounds."""

    serializer_class = RoundSerializer
    lookup_field = "number"
    lookup_value_regex = r"\d+"
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]

    def get_queryset(self):
        rounds = Round.objects.filter(event=self.get_event()).prefetch_related("matches")
        if not sees_drafts(self.request, self.get_event()):
            rounds = rounds.filter(status__in=PUBLISHED)
        return rounds

    def perform_create(self, serializer):
        data = serializer.validated_data
        serializer.instance = services.round_create(
            event=self.get_event(),
            stage=data["stage"],
            number=data.get("number"),
            starts_at=data.get("starts_at"),
        )

    def destroy_locked(self, instance):
        services.round_delete(round_=instance)

    @extend_schema(request=RoundUpdateSerializer, responses={200: RoundSerializer, **problems(400, 409, 412)})
    def partial_update(self, request, *args, **kwargs):
        """Change the start time, or the stage of a draft (its draw is then discarded)."""
        serializer = RoundUpdateSerializer(data=request.data, context=self.get_serializer_context())
        serializer.is_valid(raise_exception=True)
        return self._state_change(services.round_update, data=serializer.validated_data)

    @transaction.atomic
    def _state_change(self, operation, **kwargs) -> Response:
        round_ = Round.objects.select_for_update().get(pk=self.get_object().pk)
        self.check_if_match(self.get_serializer(round_).data)
        round_ = operation(round_=round_, **kwargs)
        return Response(self.get_serializer(Round.objects.get(pk=round_.pk)).data)

    @extend_schema(
        request=DrawRequestSerializer, responses={200: RoundSerializer, **problems(400, 403, 409, 412)}
    )
    @action(detail=True, methods=["post"])
    def draw(self, request, *args, **kwargs):
        """Make the pairings and table numbers of a draft round (G11); redrawing replaces them."""
        serializer = DrawRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return self._state_change(services.round_draw, seed=serializer.validated_data["seed"])

    @extend_schema(request=SwapSerializer, responses={200: RoundSerializer, **problems(400, 403, 409, 412)})
    @action(detail=True, methods=["post"])
    def swap(self, request, *args, **kwargs):
        """Edit a draft: swap two pairs, or move a match to another table. The draw is re-checked."""
        serializer = SwapSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        if "pair_a" in data:
            return self._state_change(services.round_swap, pair_a=data["pair_a"], pair_b=data["pair_b"])
        return self._state_change(services.round_move, table=data["table"], to_table=data["to_table"])

    @extend_schema(request=None, responses={200: RoundSerializer, **problems(403, 409, 412)})
    @action(detail=True, methods=["post"])
    def publish(self, request, *args, **kwargs):
        """Freeze the draft and show it to the tables and the public."""
        return self._state_change(services.round_publish)

    @extend_schema(request=None, responses={200: RoundSerializer, **problems(403, 409, 412)})
    @action(detail=True, methods=["post"])
    def close(self, request, *args, **kwargs):
        return self._state_change(services.round_close)


def visible_matches(view, matches):
    """What each caller sees of the tables (G11 publication).

    Organizers and referees: every round, drafts included. Scorekeepers (and table tokens):
    published rounds, only their tables when they are limited to some. Everyone else: published
    rounds, when the event publishes its pairings.
    """
    event = view.get_event()
    if sees_drafts(view.request, event):
        return matches
    if is_staff(view.request, event):
        tables = scorekeeper_tables(view.request, event)
        if tables is not None:
            matches = matches.filter(table__in=tables)
        return matches.filter(round__status__in=PUBLISHED)
    if not event.publish_pairings:
        return matches.none()
    return matches.filter(round__status__in=PUBLISHED)


class MatchFilter(django_filters.FilterSet):
    round = django_filters.NumberFilter(field_name="round__number", help_text="Round number")
    table = django_filters.NumberFilter(field_name="table", help_text="Table number")
    status = django_filters.ChoiceFilter(choices=MatchStatus.choices)

    class Meta:
        model = Match
        fields = ["round", "table", "status"]


class EventMatchViewSet(EventScopedMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    """The tables of the event's rounds, filtered with ``?round=``, ``?table=`` and ``?status=``.

    Organizers may add a table to a draft round by hand (``POST``); the draw is re-checked.
    """

    serializer_class = MatchSerializer
    filterset_class = MatchFilter

    def get_queryset(self):
        matches = Match.objects.filter(round__event=self.get_event()).select_related(
            "round__event", "ns_pair__player_1", "ns_pair__player_2", "ew_pair__player_1", "ew_pair__player_2"
        )
        return visible_matches(self, matches).order_by("round__number", "table")

    @extend_schema(request=MatchCreateSerializer, responses={201: MatchSerializer, **problems(400, 403, 409)})
    def create(self, request, *args, **kwargs):
        serializer = MatchCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        round_ = get_object_or_404(Round, event=self.get_event(), number=data["round"])
        match = services.match_create(
            round_=round_, table=data["table"], ns_pair=data["ns_pair"], ew_pair=data["ew_pair"]
        )
        return Response(MatchSerializer(match, context=self.get_serializer_context()).data, status=201)


class MatchViewSet(
    IdempotentMixin,
    ConditionalMixin,
    mixins.RetrieveModelMixin,
    mixins.UpdateModelMixin,
    mixins.DestroyModelMixin,
    viewsets.GenericViewSet,
):
    """``/matches/{id}/``: one table of a round, as its event allows the caller to see it.

    While its round is a draft, an organizer may change who plays there (``PATCH``/``PUT``
    with ``ns_pair`` and ``ew_pair``) or remove it (``DELETE``); the draw is re-checked.
    """

    serializer_class = MatchDetailSerializer  # a single table shows its level line and result (G8)
    read_permission = "event.visible"
    write_permission = "event.organizer"
    lookup_value_regex = ID
    http_method_names = ["get", "put", "patch", "delete", "head", "options"]

    def get_event(self):
        if getattr(self, "swagger_fake_view", False):  # drf-spectacular inspecting, no real request
            return Event(pk=0, slug="schema")
        if not hasattr(self, "_event"):
            match = get_object_or_404(
                Match.objects.select_related("round__event").filter(
                    Q(round__event__in=visible_events(self.request))
                ),
                pk=self.kwargs["pk"],
            )
            self._event = match.round.event
        return self._event

    def get_queryset(self):
        return visible_matches(self, Match.objects.filter(round__event=self.get_event())).select_related(
            "round__event",
            "round__stage",
            "ns_pair__player_1",
            "ns_pair__player_2",
            "ew_pair__player_1",
            "ew_pair__player_2",
        )

    @extend_schema(
        request=MatchWriteSerializer, responses={200: MatchDetailSerializer, **problems(400, 403, 409, 412)}
    )
    @transaction.atomic
    def update(self, request, *args, **kwargs):
        match = self.get_object()
        self.check_if_match(self.get_serializer(match).data)
        serializer = MatchWriteSerializer(data=request.data, partial=kwargs.get("partial", False))
        serializer.is_valid(raise_exception=True)
        data = {"ns_pair": match.ns_pair_id, "ew_pair": match.ew_pair_id, **serializer.validated_data}
        match = services.match_update(match=match, ns_pair=data["ns_pair"], ew_pair=data["ew_pair"])
        return Response(self.get_serializer(match).data)

    @extend_schema(responses={204: None, **problems(403, 409, 412)})
    @transaction.atomic
    def destroy(self, request, *args, **kwargs):
        match = self.get_object()
        self.check_if_match(self.get_serializer(match).data)
        services.match_delete(match=match)
        return Response(status=204)
