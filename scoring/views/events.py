"""Event-wide views of scoring: disputes, the audit log, webhooks (docs/scoring.md)."""

from __future__ import annotations

import django_filters
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, viewsets
from rest_framework.decorators import action

from core.fields import JSONObjectField, StrictCharField
from core.filters import BIGINT_MAX, IntegerFilter, StringChoiceFilter
from core.models import AuditEntry
from core.schema import problems
from core.serializers import StrictModelSerializer
from scoring.selectors.events import (
    AUDIT_ACTIONS,
    audit_entries,
    club_audit_entries,
    disputed_matches,
    disputed_versions,
    event_webhooks,
    webhook_deliveries,
)
from scoring.serializers.results import ResultSerializer
from scoring.serializers.webhooks import DeliverySerializer, WebhookSerializer
from scoring.services.webhooks import webhook_create, webhook_delete, webhook_update
from tournaments.clubs import ClubPermission
from tournaments.permissions import EventPermission
from tournaments.serializers.schedule import MatchSerializer
from tournaments.views.base import EventScopedMixin, EventScopedViewSet
from tournaments.views.clubs import ClubScopedMixin


class DisputeSerializer(serializers.Serializer):
    match = MatchSerializer()
    versions = ResultSerializer(many=True, help_text="The disputed versions, side by side.")


class DisputeViewSet(EventScopedMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    """Matches whose two submissions differ: what referees must decide (confirm one, or correct)."""

    serializer_class = DisputeSerializer
    read_permission = EventPermission.REFEREE

    def get_queryset(self):
        return disputed_matches(self.get_event())

    def list(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.get_queryset())
        versions = disputed_versions(page)
        rows = [{"match": match, "versions": versions.get(match.pk, [])} for match in page]
        context = self.get_serializer_context()
        return self.get_paginated_response(DisputeSerializer(rows, many=True, context=context).data)


class AuditFilter(django_filters.FilterSet):
    model = django_filters.CharFilter(
        field_name="content_type__model", help_text="e.g. match, deal, matchresult"
    )
    object_id = IntegerFilter(field_name="object_id", maximum=BIGINT_MAX)
    actor = django_filters.CharFilter(field_name="actor__username")
    via = django_filters.CharFilter(field_name="via")
    action = StringChoiceFilter(choices=[(name, name) for name in AUDIT_ACTIONS], method="filter_action")
    since = django_filters.IsoDateTimeFilter(field_name="timestamp", lookup_expr="gte")
    until = django_filters.IsoDateTimeFilter(field_name="timestamp", lookup_expr="lt")

    class Meta:
        model = AuditEntry
        fields = ["model", "object_id", "actor", "via", "action", "since", "until"]

    def filter_action(self, queryset, name, value):
        return queryset.filter(action=AUDIT_ACTIONS[value])


class AuditEntrySerializer(StrictModelSerializer):
    model = StrictCharField(source="content_type.model")
    changes = JSONObjectField(read_only=True, allow_null=True)
    action = serializers.SerializerMethodField()
    actor = serializers.SerializerMethodField()

    class Meta:
        model = AuditEntry
        fields = ["id", "timestamp", "action", "model", "object_id", "object_repr", "changes", "actor", "via"]
        read_only_fields = fields

    def get_action(self, entry) -> str:
        return next((name for name, number in AUDIT_ACTIONS.items() if number == entry.action), "access")

    def get_actor(self, entry) -> str | None:
        return entry.actor.username if entry.actor_id else None


class AuditViewSet(EventScopedMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    """Every write of the event, newest first: who, when, through which credential, before and after."""

    serializer_class = AuditEntrySerializer
    read_permission = EventPermission.REFEREE
    filterset_class = AuditFilter

    def get_queryset(self):
        return audit_entries(self.get_event())


class ClubAuditViewSet(ClubScopedMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    """Every write of the club's own rows, newest first (docs/clubs.md): its settings, its staff, its
    members (merges included) and its series' settings, which belong to no event. Its organisers
    read it; member numbers and contact data appear only as changed."""

    serializer_class = AuditEntrySerializer
    read_permission = ClubPermission.ORGANIZER
    filterset_class = AuditFilter

    def get_queryset(self):
        return club_audit_entries(self.get_club())


class WebhookViewSet(EventScopedViewSet):
    """Club websites' webhooks: organizers register URLs; deliveries are signed and retried."""

    serializer_class = WebhookSerializer
    read_permission = EventPermission.ORGANIZER
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]

    def get_queryset(self):
        return event_webhooks(self.get_event())

    def create_record(self, **fields):
        return webhook_create(event=self.get_event(), created_by=self.request.user, **fields)

    def update_record(self, instance, **fields):
        return webhook_update(webhook=instance, **fields)

    def delete_record(self, instance) -> None:
        webhook_delete(webhook=instance)

    @extend_schema(
        summary="List a webhook's deliveries",
        responses={200: DeliverySerializer(many=True), **problems(403, 404)},
    )
    @action(detail=True, methods=["get"])
    def deliveries(self, request, *args, **kwargs):
        """The delivery log of this hook, newest first."""
        queryset = webhook_deliveries(self.get_object())
        page = self.paginate_queryset(queryset)
        return self.get_paginated_response(DeliverySerializer(page, many=True).data)
