"""Event-wide views of scoring: disputes, the audit log, webhooks (docs/scoring.md)."""

from __future__ import annotations

import django_filters
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, viewsets
from rest_framework.decorators import action

from core.filters import BIGINT_MAX, IntegerFilter, StringChoiceFilter
from core.models import AuditEntry
from core.schema import problems
from scoring.models import MatchResult, ResultStatus, Webhook
from scoring.serializers.results import ResultSerializer
from scoring.serializers.webhooks import DeliverySerializer, WebhookSerializer
from tournaments.models import Match, MatchStatus
from tournaments.permissions import EventPermission
from tournaments.serializers.schedule import MatchSerializer
from tournaments.views.base import EventScopedMixin, EventScopedViewSet


class DisputeSerializer(serializers.Serializer):
    match = MatchSerializer()
    versions = ResultSerializer(many=True, help_text="The disputed versions, side by side.")


class DisputeViewSet(EventScopedMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    """Matches whose two submissions differ: what referees must decide (confirm one, or correct)."""

    serializer_class = DisputeSerializer
    read_permission = EventPermission.REFEREE

    def get_queryset(self):
        return (
            Match.objects.filter(round__event=self.get_event(), status=MatchStatus.DISPUTED)
            .select_related(
                "round__event",
                "ns_pair__player_1",
                "ns_pair__player_2",
                "ew_pair__player_1",
                "ew_pair__player_2",
            )
            .order_by("round__number", "table")
        )

    def list(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.get_queryset())
        versions: dict[int, list[MatchResult]] = {}
        disputed = MatchResult.objects.filter(match__in=[m.pk for m in page], status=ResultStatus.DISPUTED)
        for version in disputed.select_related("submitted_by", "table_token").order_by("version"):
            versions.setdefault(version.match_id, []).append(version)
        rows = []
        for match in page:
            for version in versions.get(match.pk, []):
                version.match = match
            rows.append({"match": match, "versions": versions.get(match.pk, [])})
        context = self.get_serializer_context()
        return self.get_paginated_response(DisputeSerializer(rows, many=True, context=context).data)


class AuditFilter(django_filters.FilterSet):
    model = django_filters.CharFilter(
        field_name="content_type__model", help_text="e.g. match, deal, matchresult"
    )
    object_id = IntegerFilter(field_name="object_id", maximum=BIGINT_MAX)
    actor = django_filters.CharFilter(field_name="actor__username")
    via = django_filters.CharFilter(field_name="via")
    action = StringChoiceFilter(
        choices=[("create", "create"), ("update", "update"), ("delete", "delete")], method="filter_action"
    )
    since = django_filters.IsoDateTimeFilter(field_name="timestamp", lookup_expr="gte")
    until = django_filters.IsoDateTimeFilter(field_name="timestamp", lookup_expr="lt")

    class Meta:
        model = AuditEntry
        fields = ["model", "object_id", "actor", "via", "action", "since", "until"]

    def filter_action(self, queryset, name, value):
        return queryset.filter(action={"create": 0, "update": 1, "delete": 2}[value])


class AuditEntrySerializer(serializers.ModelSerializer):
    model = serializers.CharField(source="content_type.model")
    action = serializers.SerializerMethodField()
    actor = serializers.SerializerMethodField()

    class Meta:
        model = AuditEntry
        fields = ["id", "timestamp", "action", "model", "object_id", "object_repr", "changes", "actor", "via"]
        read_only_fields = fields

    def get_action(self, entry) -> str:
        return {0: "create", 1: "update", 2: "delete"}.get(entry.action, "access")

    def get_actor(self, entry) -> str | None:
        return entry.actor.username if entry.actor_id else None


class AuditViewSet(EventScopedMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    """Every write of the event, newest first: who, when, through which credential, before and after."""

    serializer_class = AuditEntrySerializer
    read_permission = EventPermission.REFEREE
    filterset_class = AuditFilter

    def get_queryset(self):
        return (
            AuditEntry.objects.filter(event_id=self.get_event().pk)
            .select_related("content_type", "actor")
            .order_by("-timestamp", "-id")
        )


class WebhookViewSet(EventScopedViewSet):
    """Club websites' webhooks: organizers register URLs; deliveries are signed and retried."""

    serializer_class = WebhookSerializer
    read_permission = EventPermission.ORGANIZER
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]

    def get_queryset(self):
        return Webhook.objects.filter(event=self.get_event())

    def perform_create(self, serializer):
        serializer.save(event=self.get_event(), created_by=self.request.user)

    # Webhooks have no service yet (the move of writes into services covers tournaments/ so far):
    # the serializer saves, inside the same locked write as every other edit.
    def perform_update(self, serializer):
        with self.locked_write(serializer.instance) as locked:
            serializer.instance = locked
            serializer.save()

    def delete_record(self, instance) -> None:
        instance.delete()

    @extend_schema(responses={200: DeliverySerializer(many=True), **problems(403, 404)})
    @action(detail=True, methods=["get"])
    def deliveries(self, request, *args, **kwargs):
        """The delivery log of this hook, newest first."""
        queryset = self.get_object().deliveries.order_by("-id")
        page = self.paginate_queryset(queryset)
        return self.get_paginated_response(DeliverySerializer(page, many=True).data)
