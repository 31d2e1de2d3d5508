"""Calling a referee on the wire (docs/referees.md "Calling a referee"): thin views, an input
serializer, a service or a selector, the call's serializer."""

from __future__ import annotations

import django_filters
from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.response import Response
from rest_framework.views import APIView

from core.conditional import ConditionalMixin
from core.filters import SMALLINT_MAX, IntegerFilter, StringChoiceFilter
from core.idempotency import IdempotentMixin
from core.schema import problems
from referee.calls import services
from referee.calls.permissions import CallPermission
from referee.calls.selectors import event_calls, match_calls, visible_call
from referee.calls.serializers import CallInputSerializer, CallSerializer
from referee.models import CallStatus, RefereeCall
from scoring.actors import actor_of
from scoring.permissions import ScoringPermission
from scoring.views.base import MatchScopedView
from tournaments.models import Event
from tournaments.permissions import EventPermission
from tournaments.views.base import EventScopedMixin

TAGS = ["referee"]


class MatchCallsView(MatchScopedView):
    """``/matches/{id}/calls/``: a table calls a referee (``POST``) and reads its calls (``GET``)."""

    read_permission = ScoringPermission.SCOREKEEPER
    write_permission = ScoringPermission.SCOREKEEPER

    @extend_schema(
        summary="List a table's referee calls",
        responses={200: CallSerializer(many=True), **problems(403, 404)},
        tags=TAGS,
    )
    def get(self, request, pk):
        return Response(CallSerializer(match_calls(self.get_match()), many=True).data)

    @extend_schema(
        summary="Call a referee to this table (free text or a known infraction)",
        request=CallInputSerializer,
        responses={201: CallSerializer, **problems(400, 403, 404, 409)},
        tags=TAGS,
    )
    def post(self, request, pk):
        serializer = CallInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        call = services.call_referee(match=self.get_match(), **serializer.validated_data, actor=self.actor)
        return Response(CallSerializer(call).data, status=status.HTTP_201_CREATED)


class CallFilter(django_filters.FilterSet):
    status = StringChoiceFilter(field_name="status", choices=CallStatus.choices)
    round = IntegerFilter(field_name="match__round__number", maximum=SMALLINT_MAX)
    table = IntegerFilter(field_name="match__table", maximum=SMALLINT_MAX)

    class Meta:
        model = RefereeCall
        fields = ["status", "round", "table"]


class EventCallsView(EventScopedMixin, ConditionalMixin, generics.ListAPIView):
    """``/events/{slug}/calls/``: the event's calls, oldest first, for its referees (``?status=open``:
    the tables waiting now)."""

    read_permission = EventPermission.REFEREE
    serializer_class = CallSerializer
    filterset_class = CallFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return RefereeCall.objects.none()
        return event_calls(self.get_event())

    @extend_schema(
        summary="List the event's referee calls",
        tags=TAGS,
        responses={200: CallSerializer(many=True), **problems(400, 403, 404)},
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class CallScopedView(IdempotentMixin, ConditionalMixin, APIView):
    """One call (``/calls/{id}/…``) as its caller may see it: the event's referees and the keepers of
    the table that called; anyone else finds nothing (a 404)."""

    read_permission: str | tuple[str, ...] = (EventPermission.REFEREE, CallPermission.KEEPER)
    write_answer_is_representation = True  # a cancel or an answer answers the call, as GET reads it

    def get_call(self) -> RefereeCall:
        if getattr(self, "swagger_fake_view", False):
            return RefereeCall(pk=0)
        if not hasattr(self, "_call"):
            call = visible_call(self.request, self.kwargs["pk"])
            if call is None:
                raise Http404(f"No {RefereeCall._meta.object_name} matches the given query.")
            self._call = call
        return self._call

    def get_event(self) -> Event:
        if getattr(self, "swagger_fake_view", False):
            return Event(pk=0, slug="schema")
        return self.get_call().event

    @property
    def actor(self):
        return actor_of(self.request, self.get_event())


class CallView(CallScopedView):
    """``GET /calls/{id}/``: one call."""

    @extend_schema(
        summary="Read a referee call", responses={200: CallSerializer, **problems(403, 404)}, tags=TAGS
    )
    def get(self, request, pk):
        return Response(CallSerializer(self.get_call()).data)


class CallCancelView(CallScopedView):
    """``POST /calls/{id}/cancel``: the table no longer needs the referee."""

    write_permission = CallPermission.KEEPER

    @extend_schema(
        summary="Cancel a call (the table that called)",
        request=None,
        responses={200: CallSerializer, **problems(403, 404, 409)},
        tags=TAGS,
    )
    def post(self, request, pk):
        return Response(CallSerializer(services.call_cancel(call=self.get_call(), actor=self.actor)).data)


class CallAnswerView(CallScopedView):
    """``POST /calls/{id}/answer``: the referee who came marks the call answered."""

    write_permission = EventPermission.REFEREE

    @extend_schema(
        summary="Mark a call answered (the referee who came to the table)",
        request=None,
        responses={200: CallSerializer, **problems(403, 404, 409)},
        tags=TAGS,
    )
    def post(self, request, pk):
        return Response(CallSerializer(services.call_answer(call=self.get_call(), actor=self.actor)).data)
