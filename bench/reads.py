"""The large public reads of a national event: ``python -m bench.reads`` (issue 21's "Reads").

For each size in ``READS_SIZES`` (pairs; default ``1000,5000``): a throwaway database (PostgreSQL
when ``DATABASE_URL`` names one, else SQLite) holding one event of that many pairs with round 1
played (``bench.reads_data``: written straight into the database, seconds instead of the minutes
of ``bench.national``); gunicorn on ``bench.wsgi`` with ``WEB_CONCURRENCY`` sync workers (default
5, as docs/deploy.md deploys one machine), Redis as the cache (``READS_REDIS_DB``, default 14,
flushed before and after) when ``READS_REDIS`` is not ``0``; ``READS_CLIENTS`` clients at once
(default 10, ``bench.load``). Then, anonymous as a club website polls:

- ``matches_list``: ``GET …/matches/?round=1``, the round's list as a client first reads it (its
  default page);
- ``matches_list_500``: the same with ``page_size=500``, the largest page (no target);
- ``standings``: ``GET …/standings/``, the whole table, already computed and rendered (a reader
  after the first); ``standings_gzip`` the same asking ``Accept-Encoding: gzip`` (no target);
- ``standings_304``: the same with the ``If-None-Match`` it was given;

each beside the bare DRF yardstick (``GET /bench/bare/``, bench.views), run before and after it:
the ratio is the endpoint's rate over the mean of the two. ``READS_ROUNDS`` rounds (default 3)
print the median ratio, and the rates and the answer's size in brackets. The load average is
printed too: the figures of a machine shared with other work are rough, and only ratios measured
side by side mean anything.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import statistics
import subprocess
import sys
import time

import redis

from bench.load import Request
from bench.server import ROOT, _environment, _measure, gunicorn, throwaway_database

SIZES = tuple(int(n) for n in os.environ.get("READS_SIZES", "1000,5000").split(","))
WORKERS = int(os.environ.get("WEB_CONCURRENCY", "5"))
CLIENTS = int(os.environ.get("READS_CLIENTS", "10"))
ROUNDS = int(os.environ.get("READS_ROUNDS", "3"))
COUNT = int(os.environ.get("READS_REQUESTS", "1000"))  # requests per light read and yardstick run
HEAVY = int(os.environ.get("READS_HEAVY_REQUESTS", "200"))  # requests per run of a whole table
REDIS_DB = int(os.environ.get("READS_REDIS_DB", "14"))
USE_REDIS = os.environ.get("READS_REDIS", "1") != "0"
REDIS = "redis://127.0.0.1:6379"
TARGETS = {"matches_list": 0.3, "standings": 0.3, "standings_304": 0.6}  # issue 21, "Reads"
GZIP = {"Accept-Encoding": "gzip"}


def load_data(env: dict[str, str], pairs: int) -> dict:
    out = subprocess.run(
        [sys.executable, "-m", "bench.reads_data", str(pairs)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        raise RuntimeError(f"loading the bench data failed:\n{out.stderr[-3000:]}")
    line = next(line for line in out.stdout.splitlines() if line.startswith("READS-DATA "))
    return json.loads(line.removeprefix("READS-DATA "))


def fetch(port: int, path: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def measure(port: int, name: str, requests: list[Request], count: int, expect: int) -> float:
    """``bench.server``'s measure with this benchmark's number of clients."""
    return _measure(port, name, requests, count, expect, CLIENTS)


def reads(port: int, slug: str) -> dict[str, tuple[list[Request], int, int, int]]:
    """Per endpoint: its requests, how many to send, the status expected and the answer's size."""
    listing = f"/api/v1/events/{slug}/matches/?round=1"
    standings = f"/api/v1/events/{slug}/standings/"
    for path in (listing, f"{listing}&page_size=500", standings):
        status, _, _ = fetch(port, path)  # the first reader computes and renders (not timed)
        if status != 200:
            raise RuntimeError(f"GET {path}: {status}")
    _, headers, body = fetch(port, standings)
    etag = headers["ETag"]
    out: dict[str, tuple[list[Request], int, int, int]] = {}
    for name, path, extra, count, expect in (
        ("matches_list", listing, {}, COUNT, 200),
        ("matches_list_500", f"{listing}&page_size=500", {}, HEAVY, 200),
        ("standings", standings, {}, HEAVY, 200),
        ("standings_gzip", standings, GZIP, HEAVY, 200),
        ("standings_304", standings, {"If-None-Match": etag}, COUNT, 304),
    ):
        _, _, body = fetch(port, path, extra)
        out[name] = ([Request("GET", path, headers=extra)], count, expect, len(body))
    return out


def one_size(pairs: int) -> dict[str, tuple[float, float, float, int]]:
    """Per endpoint: (median ratio to bare, median rate, median bare rate, answer bytes)."""
    cache = redis.Redis.from_url(f"{REDIS}/{REDIS_DB}") if USE_REDIS else None
    with throwaway_database() as url:
        env = {**_environment(url), "WEB_CONCURRENCY": str(WORKERS)}
        if cache is not None:
            env["CACHE_URL"] = f"{REDIS}/{REDIS_DB}"
            cache.flushdb()
        data = load_data(env, pairs)
        try:
            with gunicorn(env, workers=WORKERS) as port:
                bare = [Request("GET", "/bench/bare/")]
                measure(port, "warm-up", bare, 400, 200)
                asked = reads(port, data["slug"])
                for name, (requests, _, expect, _) in asked.items():
                    measure(port, f"warm-up {name}", requests, 4 * WORKERS, expect)
                pairs_of: dict[str, list[tuple[float, float]]] = {name: [] for name in asked}
                for _ in range(ROUNDS):
                    before = measure(port, "bare", bare, COUNT, 200)
                    for name, (requests, count, expect, _) in asked.items():
                        rate = measure(port, name, requests, count, expect)
                        after = measure(port, "bare", bare, COUNT, 200)
                        pairs_of[name].append((rate, (before + after) / 2))
                        before = after
        finally:
            if cache is not None:
                cache.flushdb()
    return {
        name: (
            statistics.median(rate / reference for rate, reference in runs),
            statistics.median(rate for rate, _ in runs),
            statistics.median(reference for _, reference in runs),
            asked[name][3],
        )
        for name, runs in pairs_of.items()
    }


def main() -> dict[int, dict[str, float]]:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stop the server and drop the database
    database = "postgresql" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "sqlite"
    kept = "redis" if USE_REDIS else "local memory"
    print(
        f"# reads: gunicorn {WORKERS} sync workers, {database}, cache {kept}, "
        f"{CLIENTS} clients, {ROUNDS} rounds; ratio to bare DRF [req/s, bare req/s, answer bytes]",
        flush=True,
    )
    ratios: dict[int, dict[str, float]] = {}
    for pairs in SIZES:
        start = time.perf_counter()
        figures = one_size(pairs)
        load = ", ".join(f"{n:.1f}" for n in os.getloadavg())
        print(f"## {pairs} pairs ({pairs // 2} tables), {time.perf_counter() - start:.0f} s, load {load}")
        for name, (ratio, rate, reference, size) in figures.items():
            target = TARGETS.get(name)
            mark = "(no target)" if target is None else "ok" if ratio >= target else f"below {target}"
            print(
                f"reads.{pairs}.{name}: {ratio:.3f} [{rate:.0f}, {reference:.0f}, {size}] {mark}", flush=True
            )
        ratios[pairs] = {name: figure[0] for name, figure in figures.items()}
    return ratios


if __name__ == "__main__":
    main()
