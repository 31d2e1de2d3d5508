from django.db import models


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
