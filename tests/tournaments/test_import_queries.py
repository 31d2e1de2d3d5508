"""The pair import's SQL queries do not grow with the rows (issue 21: linear imports).

Rows are checked in memory and written with one ``INSERT`` per table (tournaments/services/imports.py).
SQLite's backend cuts an ``INSERT`` into batches of 999 variables, which PostgreSQL's does not; the
tests let SQLite take every row in one, as PostgreSQL does, so that only per-row queries could make
the counts differ.
"""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core.models import AuditEntry
from tests.tournaments.conftest import EventFactory, PairFactory, UnitFactory, client_for, grant, role_client
from tournaments.importing import MAX_ROWS, SheetError, read_rows
from tournaments.models import Pair, Role

pytestmark = pytest.mark.django_db

_IDS = ("id", "player_1", "player_2", "player_3", "unit")


@pytest.fixture(autouse=True)
def _one_insert_per_table(monkeypatch):
    monkeypatch.setattr(connection.ops, "bulk_batch_size", lambda fields, objs: len(objs))


def sheet(rows: int) -> SimpleUploadedFile:
    lines = ["number,player_1,player_2,unit,email_1,phone_2"]
    # Every other row without a number, units old and new: every path of the import is taken.
    lines += [
        f"{n + 10 if n % 2 else ''},A{n},B{n},{'Old' if n % 3 else f'Club {n % 7}'},a{n}@example.org,13{n}"
        for n in range(rows)
    ]
    return SimpleUploadedFile("pairs.csv", "\n".join(lines).encode(), content_type="text/csv")


def imported_queries(rows: int, *, dry_run: bool = False) -> int:
    event = EventFactory(published=True)
    client = role_client(event, Role.ORGANIZER)
    UnitFactory(event=event, name="Old")
    PairFactory(event=event, number=1)
    with CaptureQueriesContext(connection) as queries:
        response = client.post(
            f"/api/v1/events/{event.slug}/pairs/import",
            {"file": sheet(rows), "dry_run": dry_run},
            format="multipart",
        )
    assert response.status_code == (200 if dry_run else 201), response.content
    if not dry_run:
        assert Pair.objects.filter(event=event).count() == rows + 1
    return len(queries)


def test_an_import_of_200_rows_makes_as_many_queries_as_one_of_10():
    assert imported_queries(200) == imported_queries(10)


def test_a_dry_run_of_200_rows_makes_as_many_queries_as_one_of_10():
    assert imported_queries(200, dry_run=True) == imported_queries(10, dry_run=True)


def test_a_file_of_20000_rows_is_read_and_one_more_is_refused():
    lines = ["player_1,player_2", *(f"A{n},B{n}" for n in range(MAX_ROWS))]
    assert MAX_ROWS >= 20_000
    assert len(read_rows("\n".join(lines).encode())) == MAX_ROWS
    with pytest.raises(SheetError) as refused:
        read_rows("\n".join([*lines, "C,D"]).encode())
    assert refused.value.code == "too_many_rows"


def test_an_imported_pairs_audit_entries_read_as_those_of_a_pair_registered_by_hand():
    by_hand, imported = EventFactory(published=True), EventFactory(published=True)
    user = grant(by_hand, Role.ORGANIZER)
    grant(imported, Role.ORGANIZER, user=user)
    client = client_for(user)
    player_1 = {"name": "Li Lei", "email": "li@example.org", "phone": "138"}
    response = client.post(
        f"/api/v1/events/{by_hand.slug}/pairs/",
        {"number": 4, "name": "Aces", "player_1": player_1, "player_2": {"name": "Han"}, "seed": 2},
        format="json",
    )
    assert response.status_code == 201, response.content
    file = SimpleUploadedFile(
        "pairs.csv",
        b"number,name,player_1,player_2,seed,email_1,phone_1\n4,Aces,Li Lei,Han,2,li@example.org,138",
    )
    response = client.post(f"/api/v1/events/{imported.slug}/pairs/import", {"file": file}, format="multipart")
    assert response.status_code == 201, response.content

    def logged(event) -> list[tuple]:
        def plain(name, value):  # ids differ between the two events: an id reads as what it names
            if name == "event":
                return value == event.pk
            return value is not None if name in _IDS else value

        return sorted(
            (
                entry.content_type.model,
                entry.object_repr,
                entry.action,
                sorted((name, old, plain(name, new)) for name, (old, new) in entry.changes.items()),
                entry.via,
                entry.actor_id,
                entry.additional_data == {"event_id": event.pk},
            )
            for entry in AuditEntry.objects.filter(
                event_id=event.pk, content_type__model__in=["pair", "player"]
            )
        )

    assert logged(imported) == logged(by_hand)
    assert len(logged(imported)) == 3
