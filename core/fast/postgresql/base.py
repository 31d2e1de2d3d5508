"""Django's PostgreSQL backend, with prepared hot reads and the health check of a reused connection
only after it sat idle: the fast paths ``prepared_statements`` and ``idle_health_check`` (off,
Django's own cursors and its check before every request).

``prepared_cursor`` gives ``core.fast.prepared`` a cursor whose statements PostgreSQL prepares once per
connection and plans once (docs/deploy.md "Planned once"); every other statement goes as Django
sends it, bound in the client.

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
from django.db.backends.postgresql import base, operations

from core import fast


class PreparingCursor(base.ServerBindingCursor):
    """A cursor that binds its parameters on the server and has every statement prepared there.

    For ``DatabaseWrapper.prepared_cursor``: psycopg keeps the statements it prepared on each
    connection (``prepared_max``, 100) and PostgreSQL each one's plan, so a statement run again is
    not planned again.
    """

    def execute(self, query, params=None, *, prepare=None, binary=None):
        return super().execute(query, params, prepare=True, binary=binary)


class DatabaseOperations(operations.DatabaseOperations):
    def last_executed_query(self, cursor, sql, params):
        """A prepared statement's text with its values written in, as Django shows a client-bound
        one's (for the debug logs and the tests' query captures)."""
        if isinstance(cursor, PreparingCursor):
            return self.compose_sql(sql, params)
        return super().last_executed_query(cursor, sql, params)


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations

    # Set by Django's BaseDatabaseWrapper (connect() and close_if_unusable_or_obsolete); the stubs
    # leave them out.
    health_check_enabled: bool
    health_check_done: bool

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._last_request_at = float("-inf")

    def get_connection_params(self):
        params = super().get_connection_params()
        if "prepare_threshold" not in self.settings_dict["OPTIONS"]:
            # Django turns psycopg's preparing off (None) unless told otherwise, which makes it
            # ignore a cursor's ``prepare=True`` too. Its own cursors bind in the client and never
            # prepare whatever this says; psycopg's default is back for ``prepared_cursor``'s.
            # ``"prepare_threshold": None`` in OPTIONS (``DB_PREPARED_STATEMENTS=false``) turns it
            # off again, for a pooler that does not keep a session's prepared statements.
            params["prepare_threshold"] = 5
        return params

    def prepared_cursor(self):
        """A cursor (wrapped as ``cursor()`` wraps its own: counted, logged, errors translated)
        whose statements PostgreSQL prepares once per connection (``core.fast.prepared``).

        Django's own cursors bind parameters in the client: every statement reaches PostgreSQL as
        new text, planned anew. Planning the read of the match that a post locks (its round,
        stage, event, pairs and the caller's token or roles: eight tables) took PostgreSQL 1.1 to
        1.6 ms, five to ten times its execution, and the database process as much CPU per post
        as the web process (docs/deploy.md "Planned once").
        """
        self.close_if_health_check_failed()
        self.ensure_connection()
        if self.connection.prepare_threshold is None or not fast.on("prepared_statements"):
            return self.cursor()  # DB_PREPARED_STATEMENTS=false, or the fast path off
        with self.wrap_database_errors:
            return self._prepare_cursor(PreparingCursor(self.connection))

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
