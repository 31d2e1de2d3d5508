"""``GET /api/v1/health/``: database and broker state, 200 when both are fine, else 503."""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import connection
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from config.celery import app as celery_app

logger = logging.getLogger(__name__)


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
        with celery_app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
    except Exception:
        logger.exception("Health check: broker unreachable")
        return "down"
    return "ok"


HealthSerializer = inline_serializer(
    name="Health",
    fields={
        "status": serializers.ChoiceField(choices=["ok", "degraded"]),
        "database": serializers.ChoiceField(choices=["ok", "down"]),
        "broker": serializers.ChoiceField(
            choices=["ok", "eager", "down"], help_text="`eager`: no broker configured, tasks run in-process."
        ),
        "version": serializers.CharField(),
    },
)


class HealthView(APIView):
    read_permission = "public"
    throttle_classes: list = []

    @extend_schema(
        summary="Service health",
        responses={200: HealthSerializer, 503: HealthSerializer},
        tags=["service"],
    )
    def get(self, request):
        database, broker = database_state(), broker_state()
        healthy = database == "ok" and broker in ("ok", "eager")
        body = {
            "status": "ok" if healthy else "degraded",
            "database": database,
            "broker": broker,
            "version": settings.SPECTACULAR_SETTINGS["VERSION"],
        }
        return Response(body, status=200 if healthy else 503, headers={"Cache-Control": "no-store"})
