from auditlog.models import AbstractLogEntry
from django.db import models

from core.audit import current_actor


class IdempotencyRecord(models.Model):
    """A write made with an ``Idempotency-Key``: the key, a hash of the request, and the answer.

    The unique constraint is what makes retries safe across processes: a second request with
    the same key finds the record (and gets the stored answer) or waits for the first to finish.
    """

    principal = models.CharField(max_length=80, help_text="Who made the request: user:<id> or table:<id>.")
    key = models.CharField(max_length=255)
    method = models.CharField(max_length=8)
    path = models.CharField(max_length=500)
    request_hash = models.CharField(max_length=64)
    status_code = models.PositiveSmallIntegerField(null=True, help_text="Null while the first request runs.")
    response_body = models.JSONField(null=True)
    response_headers = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["principal", "key"], name="idempotency_key_unique")]
        indexes = [models.Index(fields=["created_at"])]

    def __str__(self) -> str:
        return f"{self.principal} {self.key}"


class AuditEntry(AbstractLogEntry):
    """One write in the audit log (django-auditlog's entry, plus the event and the credential).

    ``changes`` holds each changed field as ``[before, after]``; ``actor`` is the account (null for a
    table token); ``via`` names the credential (``token:<key prefix>``, ``table:<event>:<table>``,
    ``session``, or ``system`` for background work); ``event_id`` lets organisers and referees read
    one event's log (``GET /events/{slug}/audit/``).
    """

    event_id = models.BigIntegerField(null=True, blank=True, db_index=True)
    via = models.CharField(max_length=80, blank=True)

    class Meta(AbstractLogEntry.Meta):
        verbose_name = "audit entry"
        verbose_name_plural = "audit entries"
        indexes = [models.Index(fields=["event_id", "-timestamp"])]

    def save(self, *args, **kwargs):
        if self.event_id is None and isinstance(self.additional_data, dict):
            self.event_id = self.additional_data.get("event_id")
        actor, via, address = current_actor()
        if self.actor_id is None and actor is not None:
            self.actor = actor
        self.via = self.via or via
        self.remote_addr = self.remote_addr or address
        super().save(*args, **kwargs)
