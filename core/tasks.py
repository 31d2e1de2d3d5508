"""Service-level Celery tasks; the jobs' own (running, re-queueing, purging) are core.jobs', imported
here so that the worker, which reads the apps' ``tasks`` modules, knows them."""

import datetime

from celery import shared_task
from django.utils import timezone

from core.jobs import purge_jobs, requeue_stale_jobs, run_job
from core.models import IdempotencyRecord

__all__ = ["ping", "purge_idempotency_records", "purge_jobs", "requeue_stale_jobs", "run_job"]


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
