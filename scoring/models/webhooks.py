from __future__ import annotations

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _


def _new_secret() -> str:
    return secrets.token_urlsafe(32)


class Webhook(models.Model):
    """A URL a club registered: the service posts signed events to it (docs/scoring.md)."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(max_length=500)
    secret = models.CharField(max_length=64, default=_new_secret, help_text="The HMAC-SHA256 key.")
    events = models.JSONField(default=list, help_text="Event types to deliver; empty = all.")
    active = models.BooleanField(default=True)
    created_by = models.ForeignKey("auth.User", null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "id"]

    def __str__(self) -> str:
        return self.url

    def wants(self, event_type: str) -> bool:
        return self.active and (not self.events or event_type in self.events)


class DeliveryStatus(models.TextChoices):
    PENDING = "pending", _("Pending")  # queued or waiting for a retry
    DELIVERED = "delivered", _("Delivered")
    FAILED = "failed", _("Failed")  # gave up after the last retry


class WebhookDelivery(models.Model):
    """One event for one hook: its attempts so far and the last one's outcome (the delivery log)."""

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    event_type = models.CharField(max_length=32)
    payload = models.JSONField()
    status = models.CharField(max_length=12, choices=DeliveryStatus.choices, default=DeliveryStatus.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    response_status = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=500, blank=True)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["status", "next_attempt_at"])]

    def __str__(self) -> str:
        return f"{self.event_type} to {self.webhook} ({self.status})"
