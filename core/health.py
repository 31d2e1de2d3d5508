"""``GET /api/v1/health/``: database and broker state, 200 when both are fine, else 503.

A load balancer (or anyone: the check is public and not rate limited) may call it often, so it
must never tie up a worker: the broker gets at most about a second, and the answer is kept in the
process's memory for ``CACHE_SECONDS``, so a flood of checks costs one real check per interval and
process. Each process answers for itself: a load balancer must see the instance it asks.

Without a broker (``CELERY_BROKER_URL`` unset) tasks run in-process (``"broker": "eager"``). That
is healthy only where ``EAGER_TASKS_HEALTHY`` says so (with ``DEBUG``: ``make run``); in production
nothing would run the periodic tasks (webhook retries, purges), so it is a 503.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field

from celery import current_app as celery_app
from django.conf import settings
from django.db import connection
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import StrictCharField, StrictChoiceField
from core.permissions import Permission

logger = logging.getLogger(__name__)
BROKER_TIMEOUT = 0.5  # seconds to connect, and again to hear the answer: about a second at most
CACHE_SECONDS = 2


@dataclass
class _Memo:
    """This process's last answer and when it was checked (``time.monotonic``)."""

    body: dict | None = None
    checked_at: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)


_memo = _Memo()


def database_state() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:  # any failure means "down"; the reason goes to the log
        logger.exception("Health check: database unreachable")
        return "down"
    return "ok"


def broker_state() -> str:
    if celery_app.conf.task_always_eager:
        return "eager"
    try:
        with celery_app.connection_for_write(
            connect_timeout=BROKER_TIMEOUT,
            transport_options={
                "socket_connect_timeout": BROKER_TIMEOUT,
                "socket_timeout": BROKER_TIMEOUT,
                "retry_on_timeout": False,
            },
        ) as conn:
            # kombu takes seconds as a float here; celery-types' stub says int.
            conn.ensure_connection(max_retries=0, timeout=2 * BROKER_TIMEOUT)  # type: ignore[arg-type]
    except Exception:
        logger.exception("Health check: broker unreachable")
        return "down"
    return "ok"


HealthSerializer = inline_serializer(
    name="Health",
    fields={
        "status": StrictChoiceField(choices=["ok", "degraded"]),
        "database": StrictChoiceField(choices=["ok", "down"]),
        "broker": StrictChoiceField(
            choices=["ok", "eager", "down"],
            help_text=(
                "`eager`: no broker configured, tasks run in-process: healthy only in development "
                "(`DEBUG`), a 503 in production."
            ),
        ),
        "version": StrictCharField(),
    },
)


class HealthView(APIView):
    read_permission = Permission.PUBLIC
    throttle_classes: list = []

    @extend_schema(
        summary="Service health",
        responses={200: HealthSerializer, 503: HealthSerializer},
        tags=["service"],
    )
    def get(self, request):
        body = health()
        healthy = body["status"] == "ok"
        return Response(body, status=200 if healthy else 503, headers={"Cache-Control": "no-store"})


def health() -> dict:
    """The state of the database and the broker as this process sees them, checked at most once
    per ``CACHE_SECONDS``.

    The answer is kept in this process's memory, never in Django's cache: with ``CACHE_URL`` that
    cache is shared by every instance, and an instance must answer for itself (one pointed at a
    missing database must not make the healthy ones answer 503, nor a healthy one's answer hide
    another's broker being down). Single flight: while one thread checks, the others answer the last
    known state; a database that swallows connections makes a check wait ``DB_CONNECT_TIMEOUT``,
    and without this every thread would wait so, all at once.
    """
    known = _memo.body
    if known is not None and time.monotonic() - _memo.checked_at < CACHE_SECONDS:
        return known
    # With an answer to give, a thread does not wait for another's check: it gives that answer.
    if known is not None and not _memo.lock.acquire(blocking=False):
        return known
    if known is None:
        _memo.lock.acquire()
    try:
        if _memo.body is not None and time.monotonic() - _memo.checked_at < CACHE_SECONDS:
            return _memo.body  # checked by the thread this one waited for
        body = _check()
        _memo.body, _memo.checked_at = body, time.monotonic()
        return body
    finally:
        _memo.lock.release()


def forget() -> None:
    """Drop the kept answer (what expiry does after ``CACHE_SECONDS``; tests call it)."""
    _memo.body, _memo.checked_at = None, 0.0


def _check() -> dict:
    database, broker = database_state(), broker_state()
    healthy = database == "ok" and (broker == "ok" or (broker == "eager" and settings.EAGER_TASKS_HEALTHY))
    return {
        "status": "ok" if healthy else "degraded",
        "database": database,
        "broker": broker,
        "version": settings.SPECTACULAR_SETTINGS["VERSION"],
    }
