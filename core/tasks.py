"""Service-level Celery tasks."""

import datetime

from celery import shared_task
from django.utils import timezone

from core.models import IdempotencyRecord


@shared_task(name="core.ping")
def ping(payload: str = "ping") -> str:
    """Answer ``pong:<payload>``; used by the health tooling and the broker round-trip test."""
    return f"pong:{payload}"


@shared_task(name="core.purge_idempotency_records")
def purge_idempotency_records(days: int = 7) -> int:
    """Forget idempotency keys older than ``days`` (run daily by Celery beat)."""
    cutoff = timezone.now() - datetime.timedelta(days=days)
    deleted, _ = IdempotencyRecord.objects.filter(created_at__lt=cutoff).delete()
    return deleted
