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

from tests.tournaments.conftest import EventFactory, PairFactory, UnitFactory, role_client
from tournaments.importing import MAX_ROWS, SheetError, read_rows
from tournaments.models import Pair, Role

pytestmark = pytest.mark.django_db


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
