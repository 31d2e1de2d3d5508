"""Two requests with one Idempotency-Key at the same moment: one does the work, the other waits for
it and replays its answer (docs/api.md). Needs PostgreSQL: the second waits on the unique index
until the first commits. On SQLite (one writer at a time) it is skipped; CI runs it.
"""

from __future__ import annotations

import threading
import time

import pytest
from django.contrib.auth.models import Group
from django.db import connection
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from core.models import IdempotencyRecord

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.urls("tests.core.views"),
]


@pytest.fixture(autouse=True)
def _postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL); CI runs it")


def race(*calls):
    """Run the calls in threads released together; return their results in call order."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(index, call):
        from django.db import connections

        try:
            barrier.wait()
            results[index] = call()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


def test_two_requests_with_one_key_make_one_object_and_both_answer_201(make_user):
    key = Token.objects.create(user=make_user()).key

    def send():
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        # The first keeps its transaction open a while: the second arrives while it runs.
        return client.post(
            "/groups/", {"name": "a", "sleep": 0.5}, format="json", HTTP_IDEMPOTENCY_KEY="same"
        )

    first, second = race(send, send)
    assert (first.status_code, second.status_code) == (201, 201)  # no 409 idempotency_key_in_use
    assert first.json() == second.json()
    assert sorted(r.get("Idempotent-Replayed", "") for r in (first, second)) == ["", "true"]
    assert Group.objects.count() == 1
    assert IdempotencyRecord.objects.get().status_code == 201


def test_a_waiting_request_does_the_work_when_the_first_fails(make_user):
    """The first request's answer is not a success: its transaction (claim included) rolls back,
    and the request that waited on the key claims it and does the work itself."""
    key = Token.objects.create(user=make_user()).key

    def send(then, *, after=0.0):
        time.sleep(after)
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        body = {"name": "a", "sleep": 0.5, "then": then}
        return client.post("/groups/", body, format="json", HTTP_IDEMPOTENCY_KEY="same")

    # The failing request claims the key first; the other arrives 0.1 s later and waits on it.
    failing, succeeding = race(lambda: send(409), lambda: send(201, after=0.1))
    assert (failing.status_code, succeeding.status_code) == (409, 201)
    assert "Idempotent-Replayed" not in succeeding
    assert Group.objects.count() == 1
    assert IdempotencyRecord.objects.get().status_code == 201
