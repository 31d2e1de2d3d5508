"""``GET /api/v1/health/`` answers fast, cannot starve the workers, and each process answers for
itself (core/health.py).

tests/core/test_health_schema.py covers what it answers; these cover how long it takes and whose
state it is.
"""

import socket
import threading
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
    health.forget()  # what expiry does after CACHE_SECONDS
    assert api_client.get(URL).status_code == 200
    assert len(checks) == 2


def test_a_kept_503_is_still_a_503(api_client, monkeypatch):
    monkeypatch.setattr(health, "database_state", lambda: "down")
    assert api_client.get(URL).status_code == 503
    monkeypatch.setattr(health, "database_state", lambda: "ok")
    response = api_client.get(URL)  # within CACHE_SECONDS: the same answer
    assert response.status_code == 503
    assert response.json()["database"] == "down"


def test_another_instances_answer_in_the_shared_cache_is_not_this_instances(api_client):
    """Issue 23: with CACHE_URL on Redis, an instance pointed at a missing database cached its 503
    under the health check's key, and the healthy instances answered it. The check keeps its answer
    in its own process; a down answer in the shared cache, under any key it used, changes nothing."""
    down = {"status": "degraded", "database": "down", "broker": "down", "version": "1.0.0"}
    for key in ("core:health", "core:health:last"):
        cache.set(key, down, 60)
    cache.set("core:health:checking", 1, 60)
    response = api_client.get(URL)
    assert response.status_code == 200
    assert response.json()["database"] == "ok"


def test_the_check_does_not_use_the_shared_cache_at_all(api_client, monkeypatch):
    """Nor does it write its answer there for the other instances to read."""

    def refuse(*args, **kwargs):
        pytest.fail("the health check used Django's cache")

    for name in ("get", "set", "add", "delete"):
        monkeypatch.setattr(cache, name, refuse)
    response = api_client.get(URL)
    assert response.status_code == 200
    assert response.json()["status"] == "ok"


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


def test_while_one_thread_checks_the_others_answer_the_last_known_state(monkeypatch):
    """Single flight: an expired answer is checked by one thread (the lock holder) at a time."""
    health.health()  # a first real check: the last known state is ok
    health._memo.checked_at -= health.CACHE_SECONDS  # expired…
    with health._memo.lock:  # …and another thread is checking right now
        monkeypatch.setattr(health, "database_state", lambda: pytest.fail("checked twice at once"))
        body = health.health()
    assert body["database"] == "ok"


def test_a_thread_with_no_answer_to_give_waits_for_the_check_under_way(monkeypatch):
    answers = []
    with health._memo.lock:  # a check under way, no answer known yet
        waiting = threading.Thread(target=lambda: answers.append(health.health()))
        waiting.start()
        waiting.join(0.2)
        assert waiting.is_alive()  # it waits…
        health._memo.body, health._memo.checked_at = {"status": "ok"}, time.monotonic()
    waiting.join(5)
    assert answers == [{"status": "ok"}]  # …and gives the answer the check found


def test_the_checker_keeps_its_answer_and_releases_the_lock(api_client):
    api_client.get(URL)
    assert not health._memo.lock.locked()
    assert health._memo.body is not None and health._memo.body["status"] == "ok"
