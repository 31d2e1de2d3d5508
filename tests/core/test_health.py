"""``GET /api/v1/health/`` answers fast and cannot starve the workers (core/health.py).

tests/core/test_health_schema.py covers what it answers; these cover how long it takes.
"""

import socket
import time

import pytest
from django.core.cache import cache

from core import health
from tests.celery_utils import celery_conf

pytestmark = pytest.mark.django_db
URL = "/api/v1/health/"


@pytest.fixture
def checks(monkeypatch):
    """Count the real checks (the database's stands for both)."""
    calls = []
    real = health.database_state

    def counted():
        calls.append(1)
        return real()

    monkeypatch.setattr(health, "database_state", counted)
    return calls


def test_the_answer_is_kept_one_to_two_seconds(api_client, checks):
    assert 1 <= health.CACHE_SECONDS <= 2
    first, second = api_client.get(URL), api_client.get(URL)
    assert (first.status_code, second.status_code) == (200, 200)
    assert first.json() == second.json()
    assert second["Cache-Control"] == "no-store"  # kept by the server, not by whoever asks
    assert len(checks) == 1
    cache.delete(health.CACHE_KEY)  # what expiry does after CACHE_SECONDS
    assert api_client.get(URL).status_code == 200
    assert len(checks) == 2


def test_a_kept_503_is_still_a_503(api_client, monkeypatch):
    monkeypatch.setattr(health, "database_state", lambda: "down")
    assert api_client.get(URL).status_code == 503
    monkeypatch.setattr(health, "database_state", lambda: "ok")
    response = api_client.get(URL)  # within CACHE_SECONDS: the same answer
    assert response.status_code == 503
    assert response.json()["database"] == "down"


def test_a_broker_that_accepts_but_never_answers_costs_about_a_second(api_client):
    api_client.get("/api/v1/rulesets/")  # the first request of a process imports the URLconf (~1 s)
    with socket.socket() as silent:  # the kernel accepts connections; nobody ever answers
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        port = silent.getsockname()[1]
        with celery_conf(broker_url=f"redis://127.0.0.1:{port}/0", task_always_eager=False):
            started = time.monotonic()
            response = api_client.get(URL)
            elapsed = time.monotonic() - started
    assert response.status_code == 503
    assert response.json()["broker"] == "down"
    # About a second of timeout; the margin is for a loaded CI machine (the unit and end-to-end
    # suites run side by side there), still far below a broker wait without a timeout.
    assert elapsed < 3


def test_a_cache_that_does_not_answer_does_not_break_the_check(api_client, monkeypatch):
    def refuse(*args, **kwargs):
        raise ConnectionError("Redis is down")

    monkeypatch.setattr(health.cache, "get", refuse)
    monkeypatch.setattr(health.cache, "set", refuse)
    response = api_client.get(URL)
    assert response.status_code == 200
    assert response.json()["status"] == "ok"


def test_while_one_caller_checks_the_others_answer_the_last_known_state(api_client, monkeypatch):
    """Single flight: an expired answer is checked by one caller (the lock holder) at a time."""
    api_client.get(URL)  # a first real check: the last known state is ok
    health.cache.delete(health.CACHE_KEY)  # expired…
    health.cache.add(health.LOCK_KEY, 1, 60)  # …and another worker is checking right now
    monkeypatch.setattr(health, "database_state", lambda: pytest.fail("checked twice at once"))
    response = api_client.get(URL)
    assert response.status_code == 200
    assert response.json()["database"] == "ok"


def test_the_checker_releases_the_lock_and_stores_its_answer(api_client):
    health.cache.delete(health.CACHE_KEY)
    api_client.get(URL)
    assert health.cache.get(health.LOCK_KEY) is None
    assert health.cache.get(health.CACHE_KEY)["status"] == "ok"
