import uuid

from auditlog.models import AbstractLogEntry
from django.conf import settings
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
        self.complete()
        super().save(*args, **kwargs)

    def complete(self) -> None:
        """What every entry is given before it is written (``save``, or a bulk insert of entries,
        core.bulk_audit): its event from its additional data, and who acted (core.audit)."""
        if self.event_id is None and isinstance(self.additional_data, dict):
            self.event_id = self.additional_data.get("event_id")
        actor, via, address = current_actor()
        if self.actor_id is None and actor is not None:
            self.actor = actor
        self.via = self.via or via
        # (ignore: django-auditlog's field, which the stubs cannot type)
        self.remote_addr = self.remote_addr or address  # type: ignore[has-type]


class JobState(models.TextChoices):
    QUEUED = "queued"
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    FAILED = "failed"


class Job(models.Model):
    """Long work done by a Celery worker instead of the request that asked for it (core.jobs,
    docs/api.md "Jobs"): an import or a draw above its size.

    The id is a random UUID (the job's address, ``/api/v1/jobs/{id}``, is not guessable). What the
    work needs travels on the row, never on a disk: its parameters (``params``) and an uploaded
    file's bytes (``content``, cleared when the job ends), so any worker on any machine can run it.
    ``result`` is the body the request would have answered (``result_status`` its status);
    ``problem`` the problem+json body it would have answered when the work was refused.
    ``event_id`` is the event the job belongs to (a plain integer: core knows no events).
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(max_length=40)
    event_id = models.BigIntegerField(null=True, blank=True, db_index=True)
    path = models.CharField(max_length=500, help_text="The request path that asked for the job.")
    principal = models.CharField(max_length=80, help_text="Who asked: user:<id> or table:<id>.")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    via = models.CharField(max_length=80, blank=True, help_text="The credential, as the audit log names it.")
    language = models.CharField(max_length=16, blank=True)
    request_id = models.CharField(max_length=64, blank=True, help_text="The id of the request that asked.")
    idempotency_key = models.CharField(max_length=255, blank=True)
    params = models.JSONField(default=dict)
    content = models.BinaryField(default=b"", blank=True)
    state = models.CharField(max_length=16, choices=JobState.choices, default=JobState.QUEUED)
    attempts = models.PositiveSmallIntegerField(default=0)
    progress_done = models.PositiveIntegerField(default=0)
    progress_total = models.PositiveIntegerField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True)
    result_status = models.PositiveSmallIntegerField(null=True, blank=True)
    problem = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            # One job per Idempotency-Key (core.idempotency already replays the first answer).
            models.UniqueConstraint(
                fields=["principal", "idempotency_key"],
                condition=~models.Q(idempotency_key=""),
                name="job_idempotency_key_unique",
            )
        ]
        indexes = [models.Index(fields=["created_at"])]

    def __str__(self) -> str:
        return f"{self.kind} {self.id} ({self.state})"
