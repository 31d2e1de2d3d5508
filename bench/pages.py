"""Public page benchmarks: ``python -m bench.pages`` (``make bench`` runs it). Figures in ms.

- The **standings page** of a 500-pair event × 5 rounds through Django's test client: cold (the
  cache emptied: the standings computed, then rendered), warm (the page rendered before, kept in the
  cache under its ETag: one query, nothing rendered), and a 304 (``If-None-Match``: one query).
  The queries are counted by tests/pages/test_pages.py (the same for 100 and 500 pairs; one for a
  304).
- The **big screen's poll** (``/e/{slug}/screen/live``): a 304, which is what a screen costs the
  server between two results, and a 200 after a change.
- **Polling vs server-sent events** on the deployment's gunicorn sync workers (docs/pages.md): a
  polling screen costs one 304 every ``SCREEN_POLL_SECONDS``, so one worker serves
  ``poll / t304`` screens; an SSE stream holds a sync worker for as long as the screen is open (and
  gunicorn's ``timeout`` kills it after 30 s), so a worker serves one screen.

It runs in a throwaway test database, as bench.scoring does.
"""

from __future__ import annotations

import multiprocessing

from bench.timing import median_ms

PAIRS, ROUNDS = 500, 5


def main() -> dict[str, float]:
    from bench.scoring import _event, _setup

    connection, old_name = _setup()
    try:
        from django.core.cache import cache
        from django.test import Client

        from scoring.pages.views import SCREEN_POLL_SECONDS

        event = _event("pages-bench", pairs=PAIRS, rounds=ROUNDS)
        client = Client()
        url = f"/e/{event.slug}/standings/"
        live = f"/e/{event.slug}/screen/live"

        def cold():
            cache.clear()
            assert client.get(url).status_code == 200

        def warm():
            assert client.get(url).status_code == 200

        cold()
        etag = client.get(url)["ETag"]
        live_etag = client.get(live)["ETag"]

        def not_modified():
            assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304

        def poll():
            assert client.get(live, HTTP_IF_NONE_MATCH=live_etag).status_code == 304

        def live_page():
            assert client.get(live).status_code == 200

        figures = {
            "pages.standings_500_pairs_cold_ms": round(median_ms(cold, 5), 1),
            "pages.standings_500_pairs_warm_ms": round(median_ms(warm, 7), 1),
            "pages.standings_500_pairs_304_ms": round(median_ms(not_modified, 50), 2),
            "pages.screen_live_200_ms": round(median_ms(live_page, 5), 1),
            "pages.screen_poll_304_ms": round(median_ms(poll, 50), 2),
        }
        workers = 2 * multiprocessing.cpu_count() + 1  # gunicorn.conf.py's default
        per_worker = SCREEN_POLL_SECONDS * 1000 / figures["pages.screen_poll_304_ms"]
        figures["pages.polling_screens_per_sync_worker"] = round(per_worker)
        figures["pages.sse_screens_per_sync_worker"] = 1
        figures["pages.sync_workers_here"] = workers
        for name, value in figures.items():
            print(f"{name}: {value}")
        return figures
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
