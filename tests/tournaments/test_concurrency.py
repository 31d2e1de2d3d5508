"""Pair numbers given by the server under concurrent registration (tournaments/services/registration.py).

Writers that take pair numbers lock the event row first, so racing registrations, imports and singles
draws all succeed with distinct numbers. These tests need PostgreSQL's row locks; on SQLite (one
writer at a time) they are skipped. CI runs them on PostgreSQL.
"""

from __future__ import annotations

import threading

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection

from tests.tournaments.conftest import EventFactory, PlayerFactory, role_client
from tournaments.models import Pair, Role

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


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
        thread.join(60)
    return results


def pairs_url(event, operation: str = "") -> str:
    return f"/api/v1/events/{event.slug}/pairs/{operation}"


def register(client, event, n: int):
    def call():
        body = {"player_1": {"name": f"{n}a"}, "player_2": {"name": f"{n}b"}}
        return client.post(pairs_url(event), body, format="json")

    return call


def test_g11_fifty_concurrent_registrations_get_distinct_numbers():
    """The probe that found the race sent 50 at once (14 got a 409 then)."""
    event = EventFactory(published=True, slug="race-numbers")
    clients = [role_client(event, Role.ORGANIZER) for _ in range(50)]
    responses = race(*(register(client, event, n) for n, client in enumerate(clients)))
    assert [r.status_code for r in responses] == [201] * 50, [r.content[:200] for r in responses]
    numbers = sorted(r.json()["number"] for r in responses)
    assert numbers == list(range(1, 51))
    assert sorted(Pair.objects.filter(event=event).values_list("number", flat=True)) == numbers


def test_g11_registrations_imports_and_a_singles_draw_racing_all_get_numbers():
    event = EventFactory(published=True, slug="race-mixed")
    PlayerFactory.create_batch(4, event=event)  # singles, paired by lot: two pairs

    def import_(client, tag: str):
        def call():
            rows = "player_1,player_2\n" + "".join(f"{tag}{n}a,{tag}{n}b\n" for n in range(3))
            upload = SimpleUploadedFile("pairs.csv", rows.encode(), content_type="text/csv")
            return client.post(pairs_url(event, "import"), {"file": upload}, format="multipart")

        return call

    def singles(client):
        return lambda: client.post(pairs_url(event, "draw-singles"), {"seed": 1}, format="json")

    clients = [role_client(event, Role.ORGANIZER) for _ in range(9)]
    calls = [register(client, event, n) for n, client in enumerate(clients[:6])]
    calls += [import_(clients[6], "x"), import_(clients[7], "y"), singles(clients[8])]
    responses = race(*calls)
    assert [r.status_code for r in responses] == [201] * 9, [r.content[:200] for r in responses]
    numbers = sorted(Pair.objects.filter(event=event).values_list("number", flat=True))
    assert numbers == list(range(1, 6 + 2 * 3 + 2 + 1))
