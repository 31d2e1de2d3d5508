"""A database that does not answer is a 503 ``database_unavailable`` with Retry-After, never a 500:
for reads and writes, whatever the credential, inside DRF's views and outside them (docs/api.md).

The connection is made to fail as an unreachable server does: every attempt to use it raises
``django.db.OperationalError``.
"""

from contextlib import contextmanager
from unittest import mock

import pytest
from django.db import OperationalError
from rest_framework.test import APIClient

from tests.tournaments.conftest import EventFactory, table_client

pytestmark = pytest.mark.django_db
PROBLEM = "application/problem+json"


@contextmanager
def database_down():
    refused = OperationalError('connection to server at "db" failed: Connection refused')
    with mock.patch(
        "django.db.backends.base.base.BaseDatabaseWrapper.ensure_connection", side_effect=refused
    ):
        yield


def assert_unavailable(response) -> None:
    assert response.status_code == 503, response.content[:300]
    assert response["Content-Type"].startswith(PROBLEM)
    assert response.json()["code"] == "database_unavailable"
    assert int(response["Retry-After"]) > 0
    assert response.json()["request_id"] == response["X-Request-ID"]


def test_an_anonymous_read(api_client):
    with database_down():
        assert_unavailable(api_client.get("/api/v1/events/"))


def test_a_read_with_a_token(token_client):
    with database_down():
        assert_unavailable(token_client.get("/api/v1/events/"))


def test_a_write_with_a_token(token_client):
    with database_down():
        assert_unavailable(
            token_client.post("/api/v1/events/", {"name": "Cup", "slug": "cup"}, format="json")
        )


def test_a_write_with_an_idempotency_key(token_client):
    """The key's transaction is opened before DRF handles the request: the error comes from there."""
    with database_down():
        response = token_client.post(
            "/api/v1/events/", {"name": "Cup", "slug": "cup"}, format="json", HTTP_IDEMPOTENCY_KEY="k"
        )
    assert_unavailable(response)


def test_a_request_with_a_table_token():
    client = table_client(EventFactory(published=True), 1)
    with database_down():
        assert_unavailable(client.get("/api/v1/events/"))
        assert_unavailable(client.post("/api/v1/matches/1/deals/", {}, format="json"))


def test_a_request_with_a_session_cookie(api_client):
    api_client.cookies["sessionid"] = "a" * 32  # Django's session middleware reads it lazily
    with database_down():
        assert_unavailable(api_client.get("/api/v1/events/"))


@pytest.mark.urls("tests.core.views")
def test_a_plain_django_view(client):
    with database_down():
        assert_unavailable(client.get("/plain-database/"))


def test_a_middleware(settings):
    """Raised in a middleware, the error reaches Django's handler500 (core.error_views.server_error)."""
    settings.MIDDLEWARE = [
        *settings.MIDDLEWARE[:1],
        "tests.core.views.DatabaseTouchingMiddleware",
        *settings.MIDDLEWARE[1:],
    ]
    client = APIClient(raise_request_exception=False)
    with database_down():
        assert_unavailable(client.get("/api/v1/events/"))


def test_a_deadlock_is_a_409_conflict_to_retry_not_an_unavailable_database():
    from psycopg import errors

    from core.problems import DatabaseUnavailable, convert

    deadlock = OperationalError("deadlock detected")
    deadlock.__cause__ = errors.DeadlockDetected("deadlock detected")
    assert convert(deadlock).status_code == 409
    assert convert(deadlock).code == "conflict"
    refused = OperationalError("connection refused")
    assert isinstance(convert(refused), DatabaseUnavailable)
