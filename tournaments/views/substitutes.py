"""``/events/{slug}/substitutions/``: substitutes (docs/events.md "Substitutes")."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from core.schema import problems
from tournaments.models import Pair
from tournaments.permissions import EventPermission
from tournaments.selectors import rows
from tournaments.serializers.substitutes import (
    SubstitutionEndSerializer,
    SubstitutionInputSerializer,
    SubstitutionSerializer,
)
from tournaments.services import substitutes as services
from tournaments.views.base import EventScopedMixin


class SubstitutionViewSet(EventScopedMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    """Who played in a registered player's place, from which round: the event's staff read them,
    the organizer and the chief referee record them (at the check-in)."""

    serializer_class = SubstitutionSerializer
    read_permission = EventPermission.STAFF
    write_permission = EventPermission.CHIEF_REFEREE

    def get_queryset(self):
        return rows.event_substitutions(self.get_event())

    @extend_schema(
        request=SubstitutionInputSerializer,
        responses={201: SubstitutionSerializer, **problems(400, 403, 404, 409)},
    )
    def create(self, request, *args, **kwargs):
        serializer = SubstitutionInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        pair = get_object_or_404(Pair, event=self.get_event(), pk=data.pop("pair"))
        substitution = services.substitution_create(pair=pair, **data, by=request.user)
        return Response(SubstitutionSerializer(substitution).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        summary="End a substitution: the player is back",
        request=SubstitutionEndSerializer,
        responses={200: SubstitutionSerializer, **problems(400, 403, 404)},
    )
    @action(detail=True, methods=["post"])
    def end(self, request, *args, **kwargs):
        serializer = SubstitutionEndSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        substitution = services.substitution_end(substitution=self.get_object(), **serializer.validated_data)
        return Response(SubstitutionSerializer(substitution).data)
