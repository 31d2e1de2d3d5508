"""What each fast path buys: ``python -m bench.fast_paths`` (docs/index.md "Fast paths").

On ``bench.server``'s throwaway database and event (``bench.server_data``), one process calls the
benchmark's WSGI application (``bench.wsgi``) directly, as ``bench.profile_posts`` does, and for each
shortcut of ``core.fast.PATHS`` measures the CPU milliseconds per request — of this process and of
the PostgreSQL process serving it — with every shortcut on and with that one off (``FAST_PATHS`` is
read at each call, so the process turns one flag off and on again between rounds). The kinds: a deal
post (a match's next deal, a scorekeeper's account), the round's matches list (kept answer), its
``304``, the standings (kept rendered), their ``304`` and the public standings page's ``304``, each
anonymous but the post. ``FAST_ROUNDS`` rounds (default 3) of ``FAST_REQUESTS`` requests (default
100) of each kind and setting (half as many posts: they use up the matches), alternating which
setting goes first; the least of the rounds is printed (other processes only ever add to it), as
the cost of turning the shortcut off, by the web process's CPU (the database's beside it; NaN when
its connection was replaced during the batch).
``FAST_ONLY=name,…`` measures only those shortcuts, and ``none`` (every shortcut off) is measured last.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import time

from bench.load import Request
from bench.profile_posts import _backend, _backend_ms, call
from bench.server import Writes, _environment, load_data, throwaway_database

ROUNDS = int(os.environ.get("FAST_ROUNDS", "3"))
# Enough that the database's CPU, counted in clock ticks (10 ms), means something per request.
REQUESTS = int(os.environ.get("FAST_REQUESTS", "100"))
ONLY = [name for name in os.environ.get("FAST_ONLY", "").split(",") if name]


def child(data: dict) -> None:
    from django.conf import settings
    from django.db import connection

    from bench.wsgi import application
    from config.celery import app
    from core import fast

    app.conf.task_always_eager = False
    writes = Writes(data)
    slug = data["slug"]
    listing = f"/api/v1/events/{slug}/matches/?round=1"
    standings = f"/api/v1/events/{slug}/standings/"
    page = f"/e/{slug}/standings/"

    def etag(path: str) -> str:
        return call(application, Request("GET", path))[1]["ETag"]

    for request in writes.deal_posts(len(data["open_matches"])):  # every match in play: later deals
        call(application, request)

    def reads(path: str, *, conditional: bool) -> tuple:
        def make(count: int) -> list[Request]:
            headers = {"If-None-Match": etag(path)} if conditional else {}
            return [Request("GET", path, headers=headers)] * count

        return make, 304 if conditional else 200

    kinds = {
        "deal_post": (writes.deal_posts, 201),
        "matches_list": reads(listing, conditional=False),
        "matches_list_304": reads(listing, conditional=True),
        "standings": reads(standings, conditional=False),
        "standings_304": reads(standings, conditional=True),
        "page_304": reads(page, conditional=True),
    }

    missed: dict[str, int] = {}  # conditional reads answered 200, by kind

    def backend() -> int:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            return cursor.fetchone()[0]

    def cost(name: str) -> tuple[float, float]:
        """CPU ms per request of this process and of the database's process serving it (NaN when
        the connection was replaced meanwhile: that process's CPU is not this batch's alone)."""
        make, expect = kinds[name]
        requests = make(REQUESTS // 2 if expect == 201 else REQUESTS)  # posts use up matches
        call(application, requests[0]) if expect != 201 else None  # a read's answer kept first
        _backend[0] = backend()
        start, served = time.process_time(), _backend_ms()
        for request in requests:
            code, _ = call(application, request)
            if code == 200 and expect == 304:  # the ETag moved since it was read (a write's stamp)
                missed[name] = missed.get(name, 0) + 1
            elif code != expect:
                raise RuntimeError(f"{name}: {request.method} {request.path} answered {code}")
        web = (time.process_time() - start) * 1000 / len(requests)
        try:
            return web, (_backend_ms() - served) / len(requests)
        except FileNotFoundError:
            return web, math.nan

    every = fast.ALL
    flags = ONLY or sorted(fast.PATHS)
    print(f"# fast paths: CPU ms per request (web + database), least of {ROUNDS} rounds of {REQUESTS}")
    print("# shortcut: kind all-on → that one off (difference)")
    for flag in [*flags, "none"]:
        off = fast.NONE if flag == "none" else every - {flag}
        least: dict[tuple[str, bool], tuple[float, float]] = {}
        for round_ in range(ROUNDS):
            for state in (True, False) if round_ % 2 == 0 else (False, True):  # neither always first
                settings.FAST_PATHS = every if state else off
                for name in kinds:
                    web, db = cost(name)
                    best = least.get((name, state))
                    if best is None or web < best[0]:
                        least[(name, state)] = (web, db)
        settings.FAST_PATHS = every
        for name in kinds:
            (web_on, db_on), (web_off, db_off) = least[(name, True)], least[(name, False)]
            change = web_off - web_on
            print(
                f"fast.{flag}.{name}: web {web_on:.2f} → {web_off:.2f} ms ({change:+.2f} ms, "
                f"{change / web_on:+.0%}); database {db_on:.2f} → {db_off:.2f} ms",
                flush=True,
            )
        if missed:
            print(f"# {flag}: conditional reads answered 200 instead of 304: {missed}", flush=True)
            missed.clear()


def main() -> None:
    with throwaway_database() as url:
        env = _environment(url)
        data = load_data(env)
        env["BENCH_FAST_DATA"] = json.dumps(data)
        subprocess.run([sys.executable, "-m", "bench.fast_paths"], env=env, check=True)


if __name__ == "__main__":
    if "BENCH_FAST_DATA" in os.environ:
        child(json.loads(os.environ["BENCH_FAST_DATA"]))
    else:
        main()
