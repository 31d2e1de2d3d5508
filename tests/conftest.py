"""Shared fixtures: API clients with and without a token, a Redis URL when one is reachable, and
``rolled_back`` for rows that the tests of a module share. Every answer of the API that a test
receives is checked against the OpenAPI document (tests/openapi_conformance.py)."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlparse

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.servers.basehttp import WSGIRequestHandler
from django.db import transaction
from django.test.client import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from core import health, representations
from tests import answers
from tests.openapi_conformance import conforms, document, write_presence

# The live server of the end-to-end tests (pytest-django's ``live_server``: Django's
# LiveServerThread) writes an answer's headers and its body apart. With Nagle's algorithm on, the
# body of an answer on a kept-alive connection waits for the client's delayed ACK: 40 ms a request,
# which was half of the schemathesis contract's minutes. gunicorn sets TCP_NODELAY; so does this.
WSGIRequestHandler.disable_nagle_algorithm = True


@pytest.fixture(autouse=True, scope="session")
def _answers_keep_the_contract():
    """Django's test client (under DRF's APIClient too) checks each answer against the document."""
    document()  # generated now, not inside the first request a test may be timing
    request = Client.request

    def checked(self, **environ):
        response = request(self, **environ)
        conforms(environ["REQUEST_METHOD"], environ["PATH_INFO"], response)
        answers.record(environ["REQUEST_METHOD"], environ["PATH_INFO"], response)  # with ANSWERS_RECORD set
        return response

    Client.request = checked  # type: ignore[method-assign]
    yield
    Client.request = request  # type: ignore[method-assign]


def pytest_sessionfinish(session, exitstatus):
    write_presence()  # with OPENAPI_PRESENCE set: what this process's answers carried
    answers.write()  # with ANSWERS_RECORD set: what this process's answers said (.ci/fast_paths)


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache: ids are reused after a rollback, and cached standings
    are keyed by event id. What the process keeps of its own (the health check's answer, the
    answers it served: core.representations) is dropped too."""
    cache.clear()
    health.forget()
    representations.PROCESS.clear()
    yield
    cache.clear()
    health.forget()
    representations.PROCESS.clear()


@contextmanager
def rolled_back(django_db_blocker) -> Iterator[None]:
    """A transaction for the rows that every test of a module (or class) reads, rolled back when the
    scope ends: build them once inside it, where each test used to build them again (the permission
    tables did 126 queries of set-up for a 5-query request).

    Use it in a module-scoped fixture that also asks for ``django_db_setup``::

        @pytest.fixture(scope="module")
        def built(django_db_setup, django_db_blocker):
            with rolled_back(django_db_blocker):
                yield build()

    pytest sets module fixtures up before the function-scoped ``db``, whose transaction then nests
    in this one as a savepoint: what a test writes is undone after it, the shared rows stay. Model
    instances are shared too; a test that changes one in memory needs its own copy
    (``copy.deepcopy``, as Django's ``setUpTestData`` does).
    """
    with django_db_blocker.unblock(), transaction.atomic():
        yield
        transaction.set_rollback(True)


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()


@pytest.fixture
def make_user(db):
    def make(username: str = "alice", **extra):
        return get_user_model().objects.create_user(username=username, **extra)

    return make


@pytest.fixture
def user(make_user):
    return make_user()


@pytest.fixture
def token_client(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


def _reachable(url: str) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or 6379), timeout=1):
            return True
    except OSError:
        return False


@pytest.fixture
def redis_url() -> str:
    """The broker of CI. Locally a missing Redis skips the test; in CI (CI=true) it fails it."""
    url = os.environ.get("CELERY_BROKER_URL") or "redis://127.0.0.1:6379/0"
    if not url.startswith("redis") or not _reachable(url):
        if os.environ.get("CI"):
            pytest.fail(f"CI needs a reachable Redis at {url}")
        pytest.skip("no Redis reachable")
    return url
