from __future__ import annotations

import secrets

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Role(models.TextChoices):
    ORGANIZER = "organizer", _("Organizer")
    CHIEF_REFEREE = "chief_referee", _("Chief referee")
    REFEREE = "referee", _("Referee")
    SCOREKEEPER = "scorekeeper", _("Scorekeeper")


class EventRole(models.Model):
    """A user's role in one event. A scorekeeper may be limited to some tables."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey("auth.User", on_delete=models.CASCADE, related_name="event_roles")
    role = models.CharField(max_length=16, choices=Role.choices)
    tables = models.JSONField(
        default=list, blank=True, help_text="Scorekeepers: the table numbers they may keep; empty = all."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "user", "role"], name="event_role_unique")]

    def __str__(self) -> str:
        return f"{self.user} {self.role} of {self.event}"


def _new_key() -> str:
    return secrets.token_urlsafe(24)


class TableToken(models.Model):
    """A scorekeeper credential for one table, carried by the QR code on that table.

    It authenticates ``Authorization: Table <key>`` (the QR URL carries the key in its fragment;
    ``?table_token=<key>`` of old cards still works, deprecated) as a
    scorekeeper limited to this table of this event.
    """

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="table_tokens")
    table = models.PositiveSmallIntegerField()
    key = models.CharField(max_length=64, unique=True, default=_new_key)
    created_by = models.ForeignKey("auth.User", null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["event", "table"],
                condition=models.Q(revoked_at__isnull=True),
                name="one_live_token_per_table",
            ),
            models.CheckConstraint(condition=models.Q(table__gte=1), name="table_token_table_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.event} table {self.table}" + (" (revoked)" if self.revoked_at else "")


class Invitation(models.Model):
    """An organizer's invitation of a person to a role in the event (docs/events.md "Invitations"):
    a one-time link that lets the invitee make their account (a username and a password) and gives
    them the role. It expires, and is used once. Only the key's SHA-256 is kept: the link is shown
    once, to the organizer who makes it."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(max_length=16, choices=Role.choices)
    tables = models.JSONField(default=list, blank=True, help_text="Scorekeepers: their tables; empty = all.")
    name = models.CharField(
        max_length=120, blank=True, help_text="Whom it is for, as the organizer knows them."
    )
    key_hash = models.CharField(max_length=64, unique=True, editable=False)
    created_by = models.ForeignKey("auth.User", null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
    used_by = models.ForeignKey(
        "auth.User", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(used_at__isnull=True) | models.Q(revoked_at__isnull=True),
                name="invitation_used_or_revoked",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.role} of {self.event} ({self.name or 'invitation'})"

    def state(self, now=None) -> str:
        """``pending``, ``used``, ``revoked`` or ``expired`` (``now``: by default, now)."""
        if self.used_at is not None:
            return "used"
        if self.revoked_at is not None:
            return "revoked"
        return "expired" if self.expires_at <= (now or timezone.now()) else "pending"
