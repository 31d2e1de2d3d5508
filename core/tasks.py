"""Service-level Celery tasks."""

from celery import shared_task


@shared_task(name="core.ping")
def ping(payload: str = "ping") -> str:
    """Answer ``pong:<payload>``; used by the health tooling and the broker round-trip test."""
    return f"pong:{payload}"
