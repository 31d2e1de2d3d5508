"""Django's PostgreSQL backend, with the health check of a reused connection only after it sat idle:
the fast path ``idle_health_check`` (off, Django's check before every request).

Statements are bound as Django's settings say (``server_side_binding`` and psycopg's
``prepare_threshold``, config/settings.py ``DB_SERVER_SIDE_BINDING``): the hot reads are prepared by
Django's own ``ServerBindingCursor`` and psycopg, not here (docs/index.md "Fast paths").

With ``CONN_HEALTH_CHECKS`` Django sends ``SELECT 1`` before the first query of every request on a
kept connection (``CONN_MAX_AGE``): one more round trip to the database for every request, as
long as the request it serves is a 304 after one query. A connection that served a request within
the last ``HEALTH_CHECK_IDLE_SECONDS`` (``DB_HEALTH_CHECK_IDLE_SECONDS``, docs/deploy.md) is taken as
it is; one idle longer (dropped by a firewall, a proxy's idle timeout or a database restart at
night) is checked first, as Django does. A connection that breaks under load fails the request
it serves (a 503 ``database_unavailable``), and Django closes it when that request ends
(``close_if_unusable_or_obsolete``): the next request opens a new one.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.db.backends.postgresql import base

from core import fast


class DatabaseWrapper(base.DatabaseWrapper):
    # Set by Django's BaseDatabaseWrapper (connect() and close_if_unusable_or_obsolete); the stubs
    # leave them out.
    health_check_enabled: bool
    health_check_done: bool

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._last_request_at = float("-inf")

    def close_if_health_check_failed(self) -> None:
        if (
            self.connection is not None
            and self.health_check_enabled
            and not self.health_check_done
            and fast.on("idle_health_check")
        ):
            now = time.monotonic()
            idle = now - self._last_request_at
            self._last_request_at = now
            if idle < settings.DB_HEALTH_CHECK_IDLE_SECONDS:
                self.health_check_done = True  # in use a moment ago: no SELECT 1 this request
                return
        super().close_if_health_check_failed()
