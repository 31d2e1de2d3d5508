from __future__ import annotations

from rest_framework import serializers

from core.fields import StrictCharField, StrictChoiceField
from core.serializers import StrictModelSerializer
from scoring.models import Webhook, WebhookDelivery
from scoring.webhooks import EVENT_TYPES, UrlNotAllowed, check_url


class WebhookSerializer(StrictModelSerializer):
    events = serializers.ListField(
        child=StrictChoiceField(choices=list(EVENT_TYPES)),
        required=False,
        default=list,
        max_length=len(EVENT_TYPES),
        help_text="Event types to receive; empty: all of them.",
    )
    secret = StrictCharField(read_only=True, help_text="The HMAC-SHA256 key of the signatures.")

    class Meta:
        model = Webhook
        fields = ["id", "url", "events", "active", "secret", "created_at"]
        read_only_fields = ["id", "secret", "created_at"]

    def validate_url(self, url: str) -> str:
        try:
            check_url(url)
        except UrlNotAllowed as exc:
            raise serializers.ValidationError(str(exc), code="url_not_allowed") from exc
        return url

    def validate_events(self, events: list[str]) -> list[str]:
        return sorted(set(events))


class DeliverySerializer(StrictModelSerializer):
    class Meta:
        model = WebhookDelivery
        fields = [
            "id",
            "event_type",
            "status",
            "attempts",
            "response_status",
            "last_error",
            "next_attempt_at",
            "delivered_at",
            "created_at",
            "payload",
        ]
        read_only_fields = fields
