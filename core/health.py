"""``GET /api/v1/health/``: database and broker state, 200 when both are fine, else 503.

A load balancer (or anyone: the check is public and not rate limited) may call it often, so it
must never tie up a worker: the broker gets at most about a second, and the answer is kept in
Django's cache for ``CACHE_SECONDS`` (shared by every process when ``CACHE_URL`` is set), so a
flood of checks costs one real check per interval.
"""

from __future__ import annotations

import logging

from celery import current_app as celery_app
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import StrictCharField, StrictChoiceField
from core.permissions import Permission

logger = logging.getLogger(__name__)
BROKER_TIMEOUT = 0.5  # seconds to connect, and again to hear the answer: about a second at most
CACHE_KEY = "core:health"
CACHE_SECONDS = 2
LAST_KEY = "core:health:last"  # the last answer, for callers that arrive while a check runs
LAST_SECONDS = 60
LOCK_KEY = "core:health:checking"
LOCK_SECONDS = 15  # longer than a check can take (database and broker timeouts)


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
            choices=["ok", "eager", "down"], help_text="`eager`: no broker configured, tasks run in-process."
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
    """The state of the database and the broker, checked at most once per ``CACHE_SECONDS``.

    Single flight: when the answer has expired, one caller (the one that takes ``LOCK_KEY``) checks;
    the others meanwhile answer the last known state. A database that swallows connections makes a
    check wait ``DB_CONNECT_TIMEOUT``; without this every worker would wait so, all at once.
    """
    try:
        cached = cache.get(CACHE_KEY)
        if cached is None and not cache.add(LOCK_KEY, 1, LOCK_SECONDS):
            cached = cache.get(LAST_KEY)  # another caller is checking: its predecessor's answer
    except Exception:  # the cache is down (Redis): check without it
        logger.warning("Health check: cache unreachable", exc_info=True)
        cached = None
    if cached is not None:
        return cached
    body = _check()
    try:
        cache.set(CACHE_KEY, body, CACHE_SECONDS)
        cache.set(LAST_KEY, body, LAST_SECONDS)
        cache.delete(LOCK_KEY)
    except Exception:
        logger.warning("Health check: cache unreachable", exc_info=True)
    return body


def _check() -> dict:
    database, broker = database_state(), broker_state()
    healthy = database == "ok" and broker in ("ok", "eager")
    return {
        "status": "ok" if healthy else "degraded",
        "database": database,
        "broker": broker,
        "version": settings.SPECTACULAR_SETTINGS["VERSION"],
    }
