"""Pair imports: ``python -m bench.imports`` (``make bench`` runs it). Figures in seconds.

A CSV of 1,000 / 5,000 / 10,000 pairs (every column filled, a unit per 20 pairs) imported into an
empty event through the service (``tournaments.services.imports.pairs_import``: reading, checking,
writing and auditing, minus HTTP), with the SQL queries it made. An import is linear when the time
grows as the rows do (``imports.growth_10000_vs_1000`` near 10) and the queries not at all (tested
by tests/tournaments/test_import_queries.py; SQLite's backend cuts each ``INSERT`` into batches of
999 values, so there the queries grow with the batches). Then the largest file once more through
the API (Django's test client: the upload, the permission checks, the 201 listing every pair), the
figure to hold against gunicorn's 30 s worker timeout.

It runs in a throwaway test database, as bench.scoring does: PostgreSQL when ``DATABASE_URL`` is
set, else SQLite in memory.
"""

from __future__ import annotations

import sys
import time

SIZES = (1000, 5000, 10000)
HEADER = "number,name,player_1,player_2,unit,seed,grade,email_1,email_2,phone_1,phone_2"


def sheet(rows: int) -> bytes:
    """A registration list of ``rows`` pairs, every other one without a number (the server gives it)."""
    lines = [HEADER]
    for n in range(1, rows + 1):
        number = str(n) if n % 2 else ""
        lines.append(
            f"{number},Pair {n},Player {n}a,Player {n}b,Club {n // 20},{n},A,"
            f"p{n}a@example.org,p{n}b@example.org,1380000{n:05d},"
        )
    return "\n".join(lines).encode()


def timed_import(slug: str, rows: int) -> tuple[float, int]:
    """(seconds, queries) of importing ``rows`` pairs into a new event."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments.models import Event
    from tournaments.services.imports import pairs_import

    event = Event.objects.create(slug=slug, name=slug)
    content = sheet(rows)
    with CaptureQueriesContext(connection) as queries:
        start = time.perf_counter()
        count, _ = pairs_import(event=event, content=content, filename="pairs.csv")
        seconds = time.perf_counter() - start
    assert count == rows
    return seconds, len(queries)


def timed_upload(slug: str, rows: int) -> float:
    """Seconds of ``POST /events/{slug}/pairs/import`` of ``rows`` pairs by the event's organiser."""
    from django.contrib.auth import get_user_model
    from django.core.files.uploadedfile import SimpleUploadedFile
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    from tournaments.models import Event, EventRole, Role

    event = Event.objects.create(slug=slug, name=slug)
    user = get_user_model().objects.create_user(f"{slug}-organiser")
    EventRole.objects.create(event=event, user=user, role=Role.ORGANIZER)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    file = SimpleUploadedFile("pairs.csv", sheet(rows), content_type="text/csv")
    start = time.perf_counter()
    response = client.post(f"/api/v1/events/{slug}/pairs/import", {"file": file}, format="multipart")
    seconds = time.perf_counter() - start
    # Above JOB_IMPORT_ROWS the import is a job (202, docs/api.md "Jobs"), which a worker runs; here
    # Celery runs it in the request (eagerly), so the seconds are the job's too.
    done = response.status_code == 201 or (
        response.status_code == 202 and response.json()["state"] == "succeeded"
    )
    assert done, response.content[:500]
    return seconds


def main(sizes: tuple[int, ...] = SIZES) -> dict[str, float]:
    from bench.scoring import _setup

    connection, old_name = _setup()
    try:
        figures: dict[str, float] = {}
        seconds = {}
        for rows in sizes:
            seconds[rows], queries = timed_import(f"import-bench-{rows}", rows)
            figures[f"imports.rows_{rows}_s"] = round(seconds[rows], 2)
            figures[f"imports.rows_{rows}_queries"] = queries
        first, last = sizes[0], sizes[-1]
        figures[f"imports.growth_{last}_vs_{first}"] = round(seconds[last] / seconds[first], 1)
        figures[f"imports.api_rows_{last}_s"] = round(timed_upload(f"import-api-{last}", last), 2)
        for name, value in figures.items():
            print(f"{name}: {value}")
        return figures
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main(tuple(int(arg) for arg in sys.argv[1:]) or SIZES)
