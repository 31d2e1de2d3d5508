"""The series API under ``/api/v1/series/`` (docs/series.md): thin views over seasons' selectors
and services. A series the caller may not see is a 404, as a hidden event is."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status, viewsets
from rest_framework.response import Response
from rest_framework.views import APIView

from core.conditional import ConditionalMixin
from core.idempotency import IdempotentMixin
from core.permissions import Permission
from core.schema import problems
from seasons.models import Series, SeriesEvent, SeriesLink
from seasons.permissions import SeriesPermission, is_club_organizer
from seasons.selectors import series as selectors
from seasons.serializers.series import (
    QualifiersSerializer,
    RegistrationSerializer,
    SeriesEventSerializer,
    SeriesEventUpdateSerializer,
    SeriesLinkSerializer,
    SeriesLinkUpdateSerializer,
    SeriesSerializer,
    SeriesStandingsSerializer,
    SeriesUpdateSerializer,
)
from seasons.services import series as services
from tournaments.permissions import EventPermission
from tournaments.views.base import ID, WriteETagMixin

SLUG = "series_slug"


class SeriesScoped:
    """Finds the series of the URL once; hidden from the caller: a 404."""

    # Set by the view this is mixed into (a DRF view: its request is a DRF Request).
    request: Any
    kwargs: dict[str, Any]

    def get_series(self) -> Series:
        if getattr(self, "swagger_fake_view", False):
            return Series(pk=0, slug="schema", club_id=0)
        if not hasattr(self, "_series"):
            series = selectors.series_by_slug(self.kwargs[SLUG])
            if series is None or not selectors.series_visible(self.request, series):
                raise Http404("No series matches the given query.")
            self._series = series
        return self._series


class SeriesViewSet(SeriesScoped, IdempotentMixin, WriteETagMixin, viewsets.ModelViewSet):
    """Series: anyone reads published ones; a club's organisers create and manage its series."""

    lookup_field = "slug"
    lookup_url_kwarg = SLUG
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]

    @property
    def read_permission(self) -> str:
        return SeriesPermission.VISIBLE if SLUG in self.kwargs else Permission.PUBLIC

    @property
    def write_permission(self) -> str:
        return SeriesPermission.ORGANIZER if SLUG in self.kwargs else EventPermission.ACCOUNT

    def get_serializer_class(self):
        return SeriesUpdateSerializer if self.action == "partial_update" else SeriesSerializer

    def get_queryset(self):
        return selectors.visible_series(self.request)

    def get_object(self) -> Series:
        series = self.get_series()
        self.check_object_permissions(self.request, series)
        return series

    def perform_create(self, serializer):
        serializer.instance = services.series_create(user=self.request.user, **serializer.validated_data)

    def perform_update(self, serializer):
        with self.locked_write(serializer.instance) as locked:
            serializer.instance = services.series_update(series=locked, **serializer.validated_data)

    def perform_destroy(self, instance):
        with self.locked_write(instance) as locked:
            services.series_delete(series=locked)


class SeriesChildViewSet(SeriesScoped, IdempotentMixin, WriteETagMixin, viewsets.ModelViewSet):
    """What hangs off one series: read as the series is, written by its club's organisers."""

    read_permission = SeriesPermission.VISIBLE
    write_permission = SeriesPermission.ORGANIZER
    lookup_value_regex = ID
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]
    update_serializer_class: type = SeriesEventUpdateSerializer

    def get_serializer_class(self):
        return self.update_serializer_class if self.action == "partial_update" else self.serializer_class


class SeriesEventViewSet(SeriesChildViewSet):
    """The series' events in its order, each under a stage name; ``counts``: it scores."""

    serializer_class = SeriesEventSerializer
    update_serializer_class = SeriesEventUpdateSerializer

    def get_queryset(self):
        series = self.get_series()
        return selectors.series_events(series, public=not is_club_organizer(self.request, series.club_id))

    def perform_create(self, serializer):
        serializer.instance = services.series_event_add(series=self.get_series(), **serializer.validated_data)

    def perform_update(self, serializer):
        with self.locked_write(serializer.instance) as locked:
            serializer.instance = services.series_event_update(entry=locked, **serializer.validated_data)

    def perform_destroy(self, instance: SeriesEvent):
        with self.locked_write(instance) as locked:
            services.series_event_remove(entry=locked)


class SeriesLinkViewSet(SeriesChildViewSet):
    """Who goes on from a feeder event to a final: its top N pairs (or units)."""

    serializer_class = SeriesLinkSerializer
    update_serializer_class = SeriesLinkUpdateSerializer

    def get_queryset(self):
        return selectors.series_links(self.get_series())

    def perform_create(self, serializer):
        serializer.instance = services.link_create(series=self.get_series(), **serializer.validated_data)

    def perform_update(self, serializer):
        with self.locked_write(serializer.instance) as locked:
            serializer.instance = services.link_update(link=locked, **serializer.validated_data)

    def perform_destroy(self, instance: SeriesLink):
        with self.locked_write(instance) as locked:
            services.link_delete(link=locked)


AS_OF = OpenApiParameter(
    "as_of",
    OpenApiTypes.STR,
    description="An event's slug: the standings after that event (it and those before it in the series).",
)


class SeriesStandingsView(SeriesScoped, ConditionalMixin, APIView):
    """The series standings: points per placing (or match points), best k of n events, the chain."""

    read_permission = SeriesPermission.VISIBLE

    @extend_schema(
        summary="Read the series standings",
        parameters=[AS_OF],
        responses={200: SeriesStandingsSerializer, **problems(400, 404)},
    )
    def get(self, request, *args, **kwargs):
        as_of = request.query_params.get("as_of") or None
        # The table is plain JSON values already, as SeriesStandingsSerializer documents it: read
        # through that serializer, its thousands of nested results would cost more than the ranking.
        return Response(selectors.series_standings(self.get_series(), as_of=as_of))


class QualifiersView(SeriesScoped, IdempotentMixin, ConditionalMixin, APIView):
    """The qualifiers of a final from its feeders' standings (GET); registered into it (POST)."""

    read_permission = SeriesPermission.VISIBLE
    write_permission = SeriesPermission.ORGANIZER

    @extend_schema(
        summary="List the qualifiers of a final", responses={200: QualifiersSerializer, **problems(404)}
    )
    def get(self, request, *args, **kwargs):
        series = self.get_series()
        # The club's organisers see every feeder; anyone else what the feeders publish.
        public = not is_club_organizer(request, series.club_id)
        links = selectors.final_links(series, kwargs["final_slug"], public=public)
        return Response(QualifiersSerializer(selectors.qualifiers(series, links)).data)

    @extend_schema(
        summary="Register a final's qualifiers into it",
        request=None,
        responses={201: RegistrationSerializer, 200: RegistrationSerializer, **problems(400, 403, 404, 409)},
    )
    def post(self, request, *args, **kwargs):
        """Register every qualifier into the final (players with their members, units, seeds), or
        none; again: the same answer (200) while the qualifiers are the same, else a 409."""
        links = selectors.final_links(self.get_series(), kwargs["final_slug"])
        rows, created = services.register_qualifiers(series=self.get_series(), links=links)
        body = {"final": kwargs["final_slug"], "created": created, "pairs": rows}
        return Response(
            RegistrationSerializer(body).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )
