"""Background work of scoring: standings recomputed after a confirmation, webhook deliveries.

Tasks take ids, are queued on commit (services) and are safe to run twice.
"""

from __future__ import annotations

from celery import shared_task
from django.db import transaction
from django.utils import timezone


@shared_task(name="scoring.standings_refresh")
def standings_refresh(event_id: int) -> int:
    """Recompute and cache the event's standings (pairs and units) for its current results version."""
    from scoring.selectors.standings import standings_table, units_table
    from tournaments.models import Event

    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return 0
    table = standings_table(event)
    units_table(event)
    return len(table["rows"])


@shared_task(name="scoring.deliver_webhook")
def deliver_webhook(delivery_id: int) -> str:
    """One attempt of one delivery, unless it is delivered, given up, not yet due, or its hook is
    inactive (a paused hook's deliveries wait, pending, until it is active again).

    The attempt is claimed in a short transaction — counted, and the next one scheduled as if it
    failed — and the POST is made after the commit, holding no lock: a worker that dies while
    posting leaves a delivery the sweep retries after the back-off, and another worker skips it.
    """
    from scoring.models import DeliveryStatus, WebhookDelivery
    from scoring.webhooks import backoff, post, record

    with transaction.atomic():
        delivery = (
            WebhookDelivery.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("webhook")
            .filter(pk=delivery_id, status=DeliveryStatus.PENDING, webhook__active=True)
            .first()
        )
        now = timezone.now()
        if delivery is None or (delivery.next_attempt_at and delivery.next_attempt_at > now):
            return "skipped"
        delivery.attempts += 1
        delivery.next_attempt_at = now + backoff(delivery.attempts)
        delivery.save(update_fields=["attempts", "next_attempt_at"])
    record(delivery, post(delivery))
    return delivery.status


@shared_task(name="scoring.deliver_due_webhooks")
def deliver_due_webhooks(limit: int = 100) -> int:
    """The retry sweep (Celery beat, every 30 s): queues every pending delivery whose back-off has
    passed, each as a task of its own."""
    from scoring.models import DeliveryStatus, WebhookDelivery

    due = list(
        WebhookDelivery.objects.filter(
            status=DeliveryStatus.PENDING, next_attempt_at__lte=timezone.now(), webhook__active=True
        ).values_list("pk", flat=True)[:limit]
    )
    for pk in due:
        deliver_webhook.delay(pk)
    return len(due)
