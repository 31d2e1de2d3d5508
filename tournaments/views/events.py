"""Events, per-event roles and table tokens."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from core.idempotency import IdempotentMixin
from core.permissions import Permission
from core.schema import problems
from tournaments.models import Event
from tournaments.permissions import EventPermission
from tournaments.selectors import rows
from tournaments.serializers.events import EventRoleSerializer, EventSerializer, TableTokenSerializer
from tournaments.services import events as services
from tournaments.views.base import EventScopedMixin, WriteETagMixin, visible_events


class EventViewSet(IdempotentMixin, WriteETagMixin, viewsets.ModelViewSet):
    """Events: anyone reads published ones; an account (not a table token) creates one and organises it."""

    serializer_class = EventSerializer
    lookup_field = "slug"
    lookup_url_kwarg = "event_slug"
    read_permission = Permission.PUBLIC
    filterset_fields = ["status", "game"]

    @property
    def write_permission(self) -> str:
        # The collection (POST, or any other method that will be a 405) needs an account; one event,
        # its organizer.
        return EventPermission.ORGANIZER if "event_slug" in self.kwargs else EventPermission.ACCOUNT

    def get_queryset(self):
        return visible_events(self.request).select_related("club").order_by("-starts_on", "slug")

    def get_event(self) -> Event:
        if not hasattr(self, "_event"):
            self._event = get_object_or_404(self.get_queryset(), slug=self.kwargs["event_slug"])
        return self._event

    def perform_create(self, serializer):
        serializer.instance = services.event_create(by=self.request.user, **serializer.validated_data)

    def perform_update(self, serializer):
        with self.locked_write(serializer.instance) as locked:
            serializer.instance = services.event_update(
                event=locked, by=self.request.user, **serializer.validated_data
            )

    def perform_destroy(self, instance):
        with self.locked_write(instance) as locked:
            services.event_delete(event=locked)


class EventRoleViewSet(
    EventScopedMixin, mixins.ListModelMixin, mixins.DestroyModelMixin, viewsets.GenericViewSet
):
    """Who does what in the event. Organizers manage roles."""

    serializer_class = EventRoleSerializer
    read_permission = EventPermission.ORGANIZER

    def get_queryset(self):
        return rows.event_roles(self.get_event())

    @extend_schema(responses={204: None, **problems(403, 404, 409)})
    def destroy(self, request, *args, **kwargs):
        services.role_remove(event_role=self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        request=EventRoleSerializer, responses={201: EventRoleSerializer, **problems(400, 401, 403)}
    )
    def create(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        role = services.role_assign(
            event=self.get_event(),
            username=data["user"]["username"],
            role=data["role"],
            tables=data["tables"],
        )
        return Response(self.get_serializer(role).data, status=status.HTTP_201_CREATED)


class TableTokenViewSet(EventScopedMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    """Table tokens for the QR codes on the tables: a scorekeeper credential for one table."""

    serializer_class = TableTokenSerializer
    read_permission = EventPermission.ORGANIZER

    def get_queryset(self):
        return rows.event_table_tokens(self.get_event())

    @extend_schema(
        request=TableTokenSerializer, responses={201: TableTokenSerializer, **problems(400, 401, 403)}
    )
    def create(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        token = services.table_token_mint(
            event=self.get_event(), table=serializer.validated_data["table"], by=request.user
        )
        return Response(self.get_serializer(token).data, status=status.HTTP_201_CREATED)

    @extend_schema(summary="Revoke a table token", request=None, responses={200: TableTokenSerializer})
    @action(detail=True, methods=["post"])
    def revoke(self, request, *args, **kwargs):
        token = services.table_token_revoke(token=self.get_object())
        return Response(self.get_serializer(token).data)
