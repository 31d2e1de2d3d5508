"""CPU time of the large public reads through the WSGI handler: ``python -m bench.profile_reads``.

``bench.reads`` measures reads a second under gunicorn, which a shared machine moves a lot; this
measures what a read costs the web process and the database process serving it, as
``bench.profile_posts`` does for the writes. On ``bench.reads``'s throwaway database
(``bench.reads_data``: an event of ``PROFILE_PAIRS`` pairs, default 5,000, round 1 played), with
Redis as the cache (db ``PROFILE_REDIS_DB``, default 13, flushed before and after), one process
calls ``bench.wsgi`` directly, anonymously, and prints the CPU milliseconds per read of
``PROFILE_ROUNDS`` rounds (default 6) of ``PROFILE_READS`` reads (default 200) of each kind, in
turn: the bare DRF GET, the round's matches list (its first page), its ``304``, the standings kept
rendered and their ``304``, and the public standings page (``/e/{slug}/standings/``, kept
rendered; issue 36 asks its ``304`` to cost what the API's does) and its ``304``; the least of the
rounds and the median beside it. ``PROFILE_TOP=N`` then profiles one more round of each (cProfile,
CPU time) and prints its N costliest functions by cumulative time.
"""

from __future__ import annotations

import cProfile
import io
import json
import os
import pstats
import statistics
import subprocess
import sys
import time

import redis

from bench.load import Request
from bench.profile_posts import _backend, _backend_ms, call
from bench.reads import load_data
from bench.server import _environment, throwaway_database

PAIRS = int(os.environ.get("PROFILE_PAIRS", "5000"))
READS = int(os.environ.get("PROFILE_READS", "200"))
ROUNDS = int(os.environ.get("PROFILE_ROUNDS", "6"))
TOP = int(os.environ.get("PROFILE_TOP", "0"))
REDIS = f"redis://127.0.0.1:6379/{int(os.environ.get('PROFILE_REDIS_DB', '13'))}"


def _cpu_ms(application, request: Request, expect: int, database: list[float] | None) -> float:
    start, served_from = time.process_time(), _backend_ms() if database is not None else 0.0
    for _ in range(READS):
        code, _ = call(application, request)
        if code != expect:
            raise RuntimeError(f"GET {request.path} answered {code}, not {expect}")
    if database is not None:
        database.append((_backend_ms() - served_from) / READS)
    return (time.process_time() - start) * 1000 / READS


def child(data: dict) -> None:
    # Django is set up here, in the child, from the environment ``main`` gave it (bench.settings,
    # the throwaway database): importing these in the parent would set it up there.
    from django.db import connection

    from bench.wsgi import application

    listing = f"/api/v1/events/{data['slug']}/matches/?round=1"
    standings = f"/api/v1/events/{data['slug']}/standings/"
    page = f"/e/{data['slug']}/standings/"
    tags = {path: call(application, Request("GET", path))[1]["ETag"] for path in (listing, standings, page)}
    kinds = {
        "bare_get": (Request("GET", "/bench/bare/"), 200),
        "matches_list": (Request("GET", listing), 200),
        "matches_list_304": (Request("GET", listing, None, {"If-None-Match": tags[listing]}), 304),
        "standings": (Request("GET", standings), 200),
        "standings_304": (Request("GET", standings, None, {"If-None-Match": tags[standings]}), 304),
        "standings_page": (Request("GET", page), 200),
        "standings_page_304": (Request("GET", page, None, {"If-None-Match": tags[page]}), 304),
    }
    for request, expect in kinds.values():  # warm: compiled reads, kept answers, the connection
        _cpu_ms(application, request, expect, None)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        _backend[0] = cursor.fetchone()[0]
    figures: dict[str, list[float]] = {name: [] for name in kinds}
    database: dict[str, list[float]] = {name: [] for name in kinds}
    for _ in range(ROUNDS):
        for name, (request, expect) in kinds.items():
            figures[name].append(_cpu_ms(application, request, expect, database[name]))
    print(f"# {PAIRS} pairs; CPU ms per read through bench.wsgi, {ROUNDS} rounds of {READS}: least [median]")
    for name, values in figures.items():
        print(f"profile.{name}_cpu_ms: {min(values):.3f} [{statistics.median(values):.3f}]")
    print("# CPU ms per read of the PostgreSQL process serving it: least [median]")
    for name, values in database.items():
        print(f"profile.{name}_db_cpu_ms: {min(values):.3f} [{statistics.median(values):.3f}]")
    if TOP:
        for name, (request, expect) in kinds.items():
            profiler = cProfile.Profile(time.process_time)
            profiler.enable()
            _cpu_ms(application, request, expect, None)
            profiler.disable()
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(TOP)
            print(f"# {name}, {READS} reads, by cumulative\n{out.getvalue()}")


def main() -> None:
    cache = redis.Redis.from_url(REDIS)
    cache.flushdb()
    try:
        with throwaway_database() as url:
            # One database connection for the whole run, whose server process is the one measured:
            # the default CONN_MAX_AGE (60 s) replaced it in the middle of a long run.
            env = {**_environment(url), "CACHE_URL": REDIS, "CONN_MAX_AGE": "86400"}
            data = load_data(env, PAIRS)
            env["BENCH_PROFILE_DATA"] = json.dumps(data)
            # A process of its own, set up with the bench's settings and database from the start.
            subprocess.run([sys.executable, "-m", "bench.profile_reads"], env=env, check=True)
    finally:
        cache.flushdb()


if __name__ == "__main__":
    if "BENCH_PROFILE_DATA" in os.environ:
        child(json.loads(os.environ["BENCH_PROFILE_DATA"]))
    else:
        main()
