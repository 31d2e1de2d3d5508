"""Background work of scoring: standings recomputed after a confirmation, webhook deliveries.

Tasks take ids, are queued on commit (services) and are safe to run twice. ``queue_event`` records
the deliveries of a webhook event and queues them; how a delivery is signed, posted and recorded is
scoring.webhooks.

Standings refreshes are coalesced per event (``queue_standings_refresh``): a confirmation queues one
only when none is pending for the event, and the task computes the standings of the results version
current when it runs, so a busy round keeps one refresh in flight and one pending at most instead
of one per confirmation; each waits ``STANDINGS_REFRESH_DELAY`` in the worker before it starts, so
that a stream of confirmations recomputes the table once per delay plus computation, not back to
back, and leaves the machine's cores to the posts. A refresh that finds one running for the same
version (or a later one) leaves it to that one. While a refresh is pending or running, readers are
given the last table computed (scoring.selectors.standings.served_version) instead of each computing
the new one.
"""

from __future__ import annotations

import time
from typing import Any

from celery import shared_task
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from core.coalesce import queue_once, started
from scoring.models import DeliveryStatus, Webhook, WebhookDelivery
from scoring.selectors.standings import PENDING, RUNNING, refresh_mark_key, refresh_tables
from scoring.webhooks import backoff, post, record
from tournaments.models import Event

#: How long a queued refresh holds its event's "pending" mark at most: a task the broker lost frees
#: the event for the next confirmation after this (readers compute the table on a miss meanwhile).
REFRESH_PENDING_SECONDS = 5 * 60


#: How long a running refresh's mark lasts at most (a worker killed mid-computation leaves it).
REFRESH_RUNNING_SECONDS = 60


def _pending_key(event_id: int) -> str:
    return refresh_mark_key(event_id, PENDING)


def queue_standings_refresh(event_id: int) -> bool:
    """Queue ``standings_refresh`` for the event unless one is pending already (not yet started);
    True when one was queued (``core.coalesce``): whatever is confirmed after the task starts is
    covered by the next one queued."""
    return queue_once(
        standings_refresh,
        _pending_key(event_id),
        event_id,
        pending_seconds=REFRESH_PENDING_SECONDS,
        countdown=settings.STANDINGS_REFRESH_DELAY,
    )


@shared_task(name="scoring.standings_refresh")
def standings_refresh(event_id: int) -> int:
    """Recompute and cache the event's standings (pairs and units) for its results version as it
    stands when the task starts (not the one that queued it); 0 when there is nothing to do (no such
    event, or a refresh of that version already running)."""
    started(_pending_key(event_id))
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return 0
    running_key = refresh_mark_key(event_id, RUNNING)
    running = cache.get(running_key)
    if running is not None and running["version"] >= event.results_version:
        return 0  # the one running computes this version (or a later one): one in flight
    mark = {"version": event.results_version, "at": time.time()}
    cache.set(running_key, mark, REFRESH_RUNNING_SECONDS)
    try:
        table, _ = refresh_tables(event)
    finally:
        if cache.get(running_key) == mark:  # not a later refresh's mark
            cache.delete(running_key)
    return len(table["rows"])


@shared_task(name="scoring.deliver_webhook")
def deliver_webhook(delivery_id: int) -> str:
    """One attempt of one delivery, unless it is delivered, given up, not yet due, or its hook is
    inactive (a paused hook's deliveries wait, pending, until it is active again).

    The attempt is claimed in a short transaction — counted, and the next one scheduled as if it
    failed — and the POST is made after the commit, holding no lock: a worker that dies while
    posting leaves a delivery the sweep retries after the back-off, and another worker skips it.
    """
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
    due = list(
        WebhookDelivery.objects.filter(
            status=DeliveryStatus.PENDING, next_attempt_at__lte=timezone.now(), webhook__active=True
        ).values_list("pk", flat=True)[:limit]
    )
    for pk in due:
        deliver_webhook.delay(pk)
    return len(due)


def queue_event(event, event_type: str, data: dict[str, Any]) -> None:
    """Record one delivery per interested hook, and send each after the transaction commits."""
    queue_events(event, [(event_type, data)])


def queue_events(event, happenings: list[tuple[str, dict[str, Any]]]) -> None:
    """``queue_event`` of each (type, data) in turn, the event's hooks read once."""
    active = list(Webhook.objects.filter(event=event, active=True))
    if not active:
        return
    created_at = timezone.now().isoformat()
    deliveries = WebhookDelivery.objects.bulk_create(
        WebhookDelivery(
            webhook=hook,
            event_type=event_type,
            payload={"type": event_type, "event": event.slug, "created_at": created_at, "data": data},
            next_attempt_at=timezone.now(),
        )
        for event_type, data in happenings
        for hook in active
        if hook.wants(event_type)
    )
    if not deliveries:
        return
    ids = [delivery.pk for delivery in deliveries]

    def send() -> None:
        for pk in ids:
            deliver_webhook.delay(pk)

    # Robust: the change has committed and its rows are there for the retry sweep, so a broker that
    # cannot take the task must not turn the caller's answer into a 500 (nor skip later callbacks).
    transaction.on_commit(send, robust=True)
