"""Standings through the API and the public page: ``python -m bench.standings`` (``make bench`` runs it).

For synthetic events of 1,000 and 5,000 pairs × 3 and 9 rounds, and 10,000 pairs × 9 rounds (the
growth of a national event; every result confirmed), through
Django's test client, in ms (medians):

- ``cold``: ``GET /api/v1/events/{slug}/standings/`` with the standings cache emptied (the table
  computed from the database, then serialised);
- ``cached``: the same GET again (the table read from the cache, serialised);
- ``304``: the same GET with the ``If-None-Match`` it was given (worked out from the event's results
  version: one query, none with a shared cache and ``EVENT_GATE_CACHE``; no table read);
- ``page_cold`` / ``page_cached``: the public standings page ``/e/{slug}/standings/`` (page 1 of
  200 rows) with everything emptied, then again (the rendered page kept under its ETag), and the
  size of that page.

It runs in a throwaway test database, as bench.scoring does: PostgreSQL when ``DATABASE_URL`` is
set (its statistics gathered once the events are made, as autovacuum would on a live database),
else SQLite in memory. The budget (issue 21) is 300 ms cold at 5,000 pairs × 9 rounds.
"""

from __future__ import annotations

from bench.timing import median_ms

SIZES = ((1000, 3), (1000, 9), (5000, 3), (5000, 9), (10000, 9))  # (pairs, rounds)


def _figures(pairs: int, rounds: int) -> dict[str, float]:
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client

    from bench.scoring import _event

    event = _event(f"bench-standings-{pairs}-{rounds}", pairs=pairs, rounds=rounds)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    client = Client()
    url = f"/api/v1/events/{event.slug}/standings/"
    page = f"/e/{event.slug}/standings/"

    def get(address: str, status: int = 200, **headers):
        response = client.get(address, **headers)
        assert response.status_code == status, response.status_code
        return response

    def cold():
        cache.clear()
        get(url)

    def page_cold():
        cache.clear()
        get(page)

    cold()
    etag = get(url)["ETag"]
    figures = {
        "cold_ms": median_ms(cold, 5),
        "cached_ms": median_ms(lambda: get(url), 7),
        "304_ms": median_ms(lambda: get(url, 304, HTTP_IF_NONE_MATCH=etag), 50),
        "page_cold_ms": median_ms(page_cold, 5),
        "page_cached_ms": median_ms(lambda: get(page), 50),
        "page_kb": len(get(page).content) / 1024,
    }
    return {f"standings.{pairs}x{rounds}_{name}": round(value, 2) for name, value in figures.items()}


def main() -> dict[str, float]:
    from bench.scoring import _setup

    connection, old_name = _setup()
    try:
        figures: dict[str, float | str] = {}
        for pairs, rounds in SIZES:
            figures.update(_figures(pairs, rounds))
        figures["standings.database"] = connection.vendor
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    for name, value in figures.items():
        print(f"{name}: {value}")
    return figures  # type: ignore[return-value]


if __name__ == "__main__":
    main()
