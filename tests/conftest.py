"""Shared fixtures: API clients with and without a token, a Redis URL when one is reachable, and
``rolled_back`` for rows that the tests of a module share. Every answer of the API that a test
receives is checked against the OpenAPI document (tests/openapi_conformance.py)."""

from __future__ import annotations

import base64
import os
import random
import secrets
import socket
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlparse

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.servers.basehttp import WSGIRequestHandler
from django.db import connection, transaction
from django.test.client import Client
from factory.django import DjangoModelFactory
from hypothesis import settings as hypothesis_settings
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from core import fast, health, representations
from tests import answers, factories
from tests.openapi_conformance import conforms, document, write_presence
from tests.tournaments import conftest as tournaments_conftest

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


def pytest_configure(config):
    if answers.FOLDER:
        # .ci/fast_paths compares two runs answer by answer: hypothesis draws the same examples in both.
        hypothesis_settings.register_profile("answers", derandomize=True, database=None)
        hypothesis_settings.load_profile("answers")


def pytest_runtest_setup(item):
    for marker in item.iter_markers("fast_path"):
        off = [name for name in marker.args if not fast.on(name)]
        if off:
            pytest.skip(f"checks the fast path {', '.join(off)}, which FAST_PATHS turns off")


#: What the service draws from ``secrets`` while ANSWERS_RECORD is set (``_same_draws_in_both_runs``).
_DRAWN = random.Random()


@pytest.fixture(autouse=True, scope="session")
def _same_draws_in_both_runs():
    """With ANSWERS_RECORD set (.ci/fast_paths), what the service draws from ``secrets`` (a new
    event's lots seed, a PIN, a draw without a seed, keys) comes from one generator, seeded again by
    the name of each module and each test (``_same_start``): the two runs then draw the same values
    whatever a shortcut drew before."""
    if not answers.FOLDER:
        yield
        return
    saved = {
        name: getattr(secrets, name)
        for name in ("randbelow", "randbits", "token_bytes", "token_hex", "token_urlsafe", "choice")
    }
    secrets.randbelow = _DRAWN.randrange  # type: ignore[assignment]
    secrets.randbits = _DRAWN.getrandbits  # type: ignore[assignment]
    secrets.token_bytes = lambda n=32: _DRAWN.randbytes(n)  # type: ignore[assignment]
    secrets.token_hex = lambda n=32: _DRAWN.randbytes(n).hex()  # type: ignore[assignment]
    secrets.token_urlsafe = (  # type: ignore[assignment]
        lambda n=32: base64.urlsafe_b64encode(_DRAWN.randbytes(n)).rstrip(b"=").decode()
    )
    secrets.choice = _DRAWN.choice  # type: ignore[assignment]
    yield
    for name, function in saved.items():
        setattr(secrets, name, function)


def _same_start(name: str, blocker) -> None:
    """The draws, the factories' numbers and PostgreSQL's ids from a start given by ``name`` (a
    module's or a test's): a test skipped in one run only (``fast_path``) leaves the next test's names
    and ids as they were, so what depends on an id (a PIN, lots drawn by id) agrees too. The starts
    are ten-digit numbers far apart (below 2**31, the largest id of Django's own ``auth`` tables), so
    the rows of a module and of its tests never meet (and names sort as they are made)."""
    _DRAWN.seed(name)
    start = 10**9 + zlib.crc32(name.encode()) % 10**5 * 10**4
    for made in vars(factories).values():
        if isinstance(made, type) and issubclass(made, DjangoModelFactory) and made is not DjangoModelFactory:
            made.reset_sequence(start, force=True)
    tournaments_conftest.next_users_from(start)
    if connection.vendor == "postgresql":
        with blocker.unblock(), connection.cursor() as cursor:
            cursor.execute("SELECT setval(oid, %s) FROM pg_class WHERE relkind = 'S'", [start])


@pytest.fixture(autouse=True, scope="module")
def _draws_of_the_module(request, _same_draws_in_both_runs):
    if answers.FOLDER:
        request.getfixturevalue("django_db_setup")
        _same_start(request.node.nodeid, request.getfixturevalue("django_db_blocker"))


@pytest.fixture(autouse=True)
def _draws_of_the_test(request, _draws_of_the_module):
    if answers.FOLDER:
        _same_start(request.node.nodeid, request.getfixturevalue("django_db_blocker"))


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
