"""A national event built and played through the HTTP API: ``python -m bench.national``
(``make bench-national``). Not part of ``make bench``: on the shared 2-core development machine a
1,000-pair event of 3 rounds took 13 minutes, and a round's time grows with its tables. Issue 21,
"How it is measured"; the figures are in docs/deploy.md, "How big an event one machine carries".

For each size in ``NATIONAL_SIZES`` (pairs; default ``1000,5000,10000``), on a throwaway PostgreSQL
database (``DATABASE_URL``'s server): gunicorn on ``bench.wsgi`` with ``WEB_CONCURRENCY`` sync workers
(default 5), Redis as the cache and the Celery broker (two databases from ``NATIONAL_REDIS_DB``,
default 12 and 13, flushed first; ``NATIONAL_BROKER_DB`` names the broker's when it is not the next
one) and one Celery worker (``celery -A config worker -c 1``), as one machine is deployed
(docs/deploy.md). Then, through the API (only the accounts and tokens of the organiser and of one
scorekeeper are made with ``manage.py apitoken``: there is no sign-up endpoint):

- the event (Swiss, ``deal_count`` with ``NATIONAL_DEALS`` deals a match, default 2, so that a
  round is four posts a table), published; the pairs imported as one CSV (``POST …/pairs/import``);
  a table token minted per table (``POST …/table-tokens/``);
- ``NATIONAL_ROUNDS`` rounds (default 3), each created, drawn, published, played and closed. A round
  is played by ``NATIONAL_CLIENTS`` phones at once (default 300), with the table tokens: every
  table's deal 1, then every table's deal 2 …, then every table's result (``{}``: the engine
  reads the deals), then every table's confirmation by the EW side's scorekeeper (one account for
  every table, ``{"side": "EW"}``), which makes the result count (docs/scoring.md §2, double
  entry). Then the Celery queue's length, the time from the last confirmation until the standings
  answer counts it, and until the queue is empty;
- after each round the yardsticks of issue 21 at the same concurrency: ``GET /bench/bare/`` and
  ``POST /bench/insert/`` (bare DRF, no middleware: bench.views), and the round's matches list;
- after the last round: the standings cold (cache flushed and the results version moved:
  ``forget_everything``), cached and ``304``, and the public standings page cold and cached (and
  its size).

Any unexpected answer stops the run with the answer and the tail of the server's log. The table at
the end has a row per step, a column per size, the growth from the first size to the last and the
target. Figures from one run on whatever else the machine is doing: rough, ratios mean the most.
"""

from __future__ import annotations

import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import psycopg
import redis

from bench.imports import sheet
from bench.load import Each, Request, run_each
from bench.national_api import Client, Failed
from bench.national_report import report
from bench.server import ROOT, _environment, gunicorn, stop, throwaway_database

SIZES = tuple(int(n) for n in os.environ.get("NATIONAL_SIZES", "1000,5000,10000").split(","))
ROUNDS = int(os.environ.get("NATIONAL_ROUNDS", "3"))
DEALS = int(os.environ.get("NATIONAL_DEALS", "2"))
CLIENTS = int(os.environ.get("NATIONAL_CLIENTS", "300"))
WORKERS = int(os.environ.get("WEB_CONCURRENCY", "5"))
READS = int(os.environ.get("NATIONAL_READS", "1500"))  # requests per read yardstick
HEAVY_READS = int(os.environ.get("NATIONAL_HEAVY_READS", "300"))  # whole standings tables
INSERTS = int(os.environ.get("NATIONAL_INSERTS", "1500"))
REDIS_DB = int(os.environ.get("NATIONAL_REDIS_DB", "12"))
# The broker's database; the cache's own is fine too on a shared Redis with one database to spare:
# the cache is flushed only between sizes and for the cold reads, after the last round's queue is empty.
BROKER_DB = int(os.environ.get("NATIONAL_BROKER_DB", str(REDIS_DB + 1)))
REDIS = "redis://127.0.0.1:6379"
API = "/api/v1"
JSON = {"Content-Type": "application/json"}
# Finishing orders (G5): the first seat's side goes up 3, 2 or 1; two deals can end level (a draw).
ORDERS = (
    ["N", "S"],
    ["E", "W"],
    ["N", "E", "S"],
    ["E", "S", "W"],
    ["S", "W", "E"],
    ["W", "N", "S"],
    ["N", "E", "W"],
)


# ---- the services ---------------------------------------------------------------------------
class Services:
    """gunicorn and the Celery worker of one size, and their logs for the error messages."""

    def __init__(self, folder: str):
        self.server_log: IO[str] = open(Path(folder) / "gunicorn.log", "w+")  # noqa: SIM115
        self.worker_log: IO[str] = open(Path(folder) / "celery.log", "w+")  # noqa: SIM115

    def tail(self) -> str:
        parts = []
        for name, log in (("gunicorn", self.server_log), ("celery", self.worker_log)):
            log.flush()
            size = log.seek(0, os.SEEK_END)
            log.seek(max(0, size - 4000))
            parts.append(f"--- {name} log (tail) ---\n{log.read()}")
        return "\n".join(parts)


def _manage(env: dict[str, str], *args: str) -> str:
    out = subprocess.run(
        [sys.executable, "manage.py", *args], env=env, cwd=ROOT, capture_output=True, text=True, check=False
    )
    if out.returncode != 0:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{out.stderr[-3000:]}")
    return out.stdout.strip()


@contextmanager
def celery_worker(env: dict[str, str], log: IO[str]) -> Iterator[subprocess.Popen]:
    """One worker, one process (``-c 1``), as config/celery.py configures it; ready when it says so."""
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "-c", "1", "--loglevel", "INFO"]
    worker = subprocess.Popen(command, env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while True:
            log.flush()
            log.seek(0)
            if " ready." in log.read():
                break
            if worker.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                raise RuntimeError(f"the Celery worker did not start:\n{log.read()[-3000:]}")
            time.sleep(0.2)
        yield worker
    finally:
        stop(worker)


# ---- one size -------------------------------------------------------------------------------
def _check(name: str, each: Each, expect: int) -> Each:
    wrong = [answer for answer in each.answers if answer.status != expect]
    if wrong:
        samples = "\n".join(f"{a.status} {a.body[:400]!r}" for a in wrong[:3])
        raise Failed(f"{name}: expected {expect}, got {each.statuses}\n{samples}")
    return each


def _merge(runs: list[Each]) -> Each:
    """Several phases as one: every answer, over the time they took together."""
    return Each(
        answers=tuple(a for run in runs for a in run.answers), seconds=sum(run.seconds for run in runs)
    )


def _latencies(prefix: str, each: Each) -> dict[str, float]:
    p50, p95, p99 = each.percentiles()
    return {
        f"{prefix}_per_s": each.rate,
        f"{prefix}_p50_s": p50,
        f"{prefix}_p95_s": p95,
        f"{prefix}_p99_s": p99,
    }


class National:
    """One event of ``pairs`` pairs, set up and played through the API on ``port``."""

    def __init__(
        self,
        port: int,
        tokens: dict[str, str],
        pairs: int,
        broker: redis.Redis,
        cache: redis.Redis,
        database: str,
    ):
        self.port, self.pairs, self.database = port, pairs, database
        self.slug = f"national-{pairs}"
        self.event = f"{API}/events/{self.slug}"
        self.organiser = Client(port, f"Token {tokens['organiser']}")
        self.keeper = f"Token {tokens['keeper']}"
        self.event_pk = 0
        self.public = Client(port)
        self.broker, self.cache = broker, cache
        self.keys: dict[int, str] = {}  # table number -> table token
        self.figures: dict[str, float] = {}
        self.rounds: list[dict[str, float]] = []

    def each(self, name: str, requests: list[Request], expect: int, *, keep: bool = False) -> Each:
        return _check(name, run_each(self.port, requests, concurrency=CLIENTS, keep_bodies=keep), expect)

    # ---- set-up -------------------------------------------------------------------------------
    def register(self) -> None:
        answer = self.organiser.upload(f"{self.event}/pairs/import", "pairs.csv", sheet(self.pairs))
        self.figures["import_s"] = self.organiser.finished(answer)
        count = self.organiser.get(f"{self.event}/pairs/?page_size=1").json()["count"]
        if count != self.pairs:
            raise Failed(f"the import made {count} pairs, not {self.pairs}")
        headers = {**JSON, "Authorization": self.organiser.authorization}
        tables = range(1, self.pairs // 2 + 1)
        requests = [
            Request("POST", f"{self.event}/table-tokens/", json.dumps({"table": t}).encode(), headers)
            for t in tables
        ]
        minted = self.each("table tokens", requests, 201, keep=True)
        self.figures["tokens_s"] = minted.seconds
        self.keys = {t: json.loads(a.body)["key"] for t, a in zip(tables, minted.answers, strict=True)}

    # ---- a round --------------------------------------------------------------------------------
    def round(self, stage: int) -> None:
        figures: dict[str, float] = {}
        number = self.organiser.post(f"{self.event}/rounds/", {"stage": stage}).json()["number"]
        drawn = self.organiser.call(
            "POST",
            f"{self.event}/rounds/{number}/draw",
            json.dumps({"seed": number}).encode(),
            JSON,
            expect=(200, 202),
        )
        figures["draw_s"] = self.organiser.finished(drawn)
        figures["publish_s"] = self.organiser.post(f"{self.event}/rounds/{number}/publish").seconds
        matches = [m for m in self.organiser.pages(f"{self.event}/matches/?round={number}") if m["ew_pair"]]
        figures.update(self.play(number, matches))
        listing = [Request("GET", f"{self.event}/matches/?round={number}")]
        figures["matches_list_per_s"] = self.each("matches list", listing * READS, 200).rate
        figures.update(self.yardsticks())
        figures["close_s"] = self.organiser.post(f"{self.event}/rounds/{number}/close").seconds
        self.rounds.append(figures)
        print(f"#   round {number}: " + ", ".join(f"{k} {v:.3g}" for k, v in figures.items()), flush=True)

    def play(self, number: int, matches: list[dict]) -> dict[str, float]:
        rng = random.Random(number)
        orders = {m["id"]: [rng.choice(ORDERS) for _ in range(DEALS)] for m in matches}

        def table(match: dict, path: str, body: dict) -> Request:
            headers = {**JSON, "Authorization": f"Table {self.keys[match['table']]}"}
            return Request("POST", f"{API}/matches/{match['id']}/{path}", json.dumps(body).encode(), headers)

        deals = [
            self.each(
                f"deal {deal}",
                [
                    table(m, "deals/", {"number": deal, "finishing_order": orders[m["id"]][deal - 1]})
                    for m in matches
                ],
                201,
            )
            for deal in range(1, DEALS + 1)
        ]
        keeper = {**JSON, "Authorization": self.keeper}
        confirmations = [
            Request("POST", f"{API}/matches/{m['id']}/result/confirm", b'{"side": "EW"}', keeper)
            for m in matches
        ]
        submitted = self.each("results", [table(m, "result", {}) for m in matches], 201)
        confirmed = self.each("confirmations", confirmations, 200)
        last = max(answer.finished for answer in confirmed.answers)
        figures = {
            **_latencies("deal", _merge(deals)),
            **_latencies("result", _merge([submitted, confirmed])),
            "celery_queue": float(self.broker.llen("celery")),
        }
        figures["standings_fresh_s"] = self.fresh(number, last)
        while self.broker.llen("celery"):
            time.sleep(0.05)
        figures["queue_drained_s"] = time.perf_counter() - last
        return figures

    def fresh(self, number: int, last: float, limit: float = 120) -> float:
        """Seconds from the last confirmation's answer until the standings count every match of the
        round (each pair has played ``number`` matches: there are no byes in an even field)."""
        while time.perf_counter() - last < limit:
            rows = self.public.get(f"{self.event}/standings/").json()["rows"]
            if sum(row["played"] for row in rows) == self.pairs * number:
                return time.perf_counter() - last
            time.sleep(0.05)
        raise Failed(f"the standings did not count round {number} within {limit} s")

    def yardsticks(self) -> dict[str, float]:
        bare = self.each("bare", [Request("GET", "/bench/bare/")] * READS, 200)
        start = len(self.rounds) * INSERTS
        inserts = [
            Request(
                "POST", "/bench/insert/", json.dumps({"event": self.event_pk, "name": f"u{n}"}).encode(), JSON
            )
            for n in range(start, start + INSERTS)
        ]
        return {"bare_per_s": bare.rate, **_latencies("insert", self.each("bare insert", inserts, 201))}

    # ---- reading ------------------------------------------------------------------------------
    def forget_everything(self) -> None:
        """What a cold read starts from: the shared cache flushed and the event's results_version
        moved, so that no web process holds an answer under the ETag the next read will have (each
        keeps what it rendered under its ETag: ``process_representations``). Moved in the database
        alone, as a result's write would move it, but without queuing the standings refresh whose
        worker would have the table ready before the read."""
        with psycopg.connect(self.database, autocommit=True) as connection:
            connection.execute(
                "UPDATE tournaments_event SET results_version = results_version + 1 WHERE id = %s",
                (self.event_pk,),
            )
        self.cache.flushdb()

    def readings(self) -> None:
        standings, page = f"{self.event}/standings/", f"/e/{self.slug}/standings/"

        def timed(path: str, repeats: int, *, flush: bool = False, **headers: str) -> float:
            times = []
            for _ in range(repeats):
                if flush:
                    self.forget_everything()
                times.append(self.public.get(path, expect=(200, 304), **headers).seconds)
            return statistics.median(times)

        self.figures["standings_cold_s"] = timed(standings, 3, flush=True)
        self.figures["standings_cached_s"] = timed(standings, 5)
        etag = self.public.get(standings).headers["ETag"]
        self.figures["standings_304_s"] = timed(standings, 21, **{"If-None-Match": etag})
        self.figures["standings_cached_per_s"] = self.each(
            "standings", [Request("GET", standings)] * HEAVY_READS, 200
        ).rate
        # As browsers and HTTP libraries ask by default: the kept answer compressed (docs/scoring.md "ETags").
        gzipped = [Request("GET", standings, headers={"Accept-Encoding": "gzip"})] * HEAVY_READS
        self.figures["standings_gzip_per_s"] = self.each("standings gzip", gzipped, 200).rate
        not_modified = [Request("GET", standings, headers={"If-None-Match": etag})] * READS
        self.figures["standings_304_per_s"] = self.each("standings 304", not_modified, 304).rate
        self.figures["page_cold_s"] = timed(page, 3, flush=True)
        self.figures["page_cached_s"] = timed(page, 5)
        self.figures["page_kb"] = len(self.public.get(page).body) / 1024
        self.figures["bare_end_per_s"] = self.each("bare", [Request("GET", "/bench/bare/")] * READS, 200).rate

    def run(self, event_pk: int) -> dict[str, float]:
        self.event_pk = event_pk
        self.organiser.post(f"{self.event}/roles/", {"username": "national-keeper", "role": "scorekeeper"})
        self.organiser.patch(f"{self.event}/", {"status": "published"})
        self.register()
        stage = self.organiser.post(f"{self.event}/stages/", {"name": "Swiss", "kind": "swiss"}).json()["id"]
        for _ in range(ROUNDS):
            self.round(stage)
        self.readings()
        return self.summary()

    def summary(self) -> dict[str, float]:
        out = dict(self.figures)
        for number, figures in enumerate(self.rounds, start=1):
            out[f"draw_{number}_s"] = figures["draw_s"]

        def median(key: str) -> float:
            return statistics.median(figures[key] for figures in self.rounds)

        for key in self.rounds[0]:
            if key in ("celery_queue", "standings_fresh_s", "queue_drained_s"):
                out[key] = max(figures[key] for figures in self.rounds)  # the worst round
            elif key != "draw_s":
                out[key] = median(key)
        ratios = {
            "deal_vs_insert": ("deal_per_s", "insert_per_s"),
            "result_vs_insert": ("result_per_s", "insert_per_s"),
            "matches_list_vs_bare": ("matches_list_per_s", "bare_per_s"),
        }
        for name, (rate, reference) in ratios.items():
            out[name] = statistics.median(figures[rate] / figures[reference] for figures in self.rounds)
        bare = (median("bare_per_s") + out["bare_end_per_s"]) / 2
        out["standings_cached_vs_bare"] = out["standings_cached_per_s"] / bare
        out["standings_gzip_vs_bare"] = out["standings_gzip_per_s"] / bare
        out["standings_304_vs_bare"] = out["standings_304_per_s"] / bare
        return out


def event_settings(pairs: int) -> dict:
    return {
        "slug": f"national-{pairs}",
        "name": f"National {pairs}",
        "match_format": "deal_count",
        "deal_limit": DEALS,
        "equal_levels": "draw",
        "same_unit": "hard",
        "match_points": {"method": "win_draw_loss", "win": 3, "draw": 1, "loss": 0},
        "level_points": {"method": "level_difference", "mode": "net"},
    }


def one_size(pairs: int) -> dict[str, float]:
    cache = redis.Redis.from_url(f"{REDIS}/{REDIS_DB}")
    broker = redis.Redis.from_url(f"{REDIS}/{BROKER_DB}")
    with throwaway_database() as url, tempfile.TemporaryDirectory(prefix="bench-national-") as folder:
        env = {
            **_environment(url),
            "CACHE_URL": f"{REDIS}/{REDIS_DB}",
            "CELERY_BROKER_URL": f"{REDIS}/{BROKER_DB}",
            "WEB_CONCURRENCY": str(WORKERS),
        }
        _manage(env, "migrate", "--noinput")
        tokens = {
            name: _manage(env, "apitoken", f"national-{name}").splitlines()[-1]
            for name in ("organiser", "keeper")
        }
        cache.flushdb()
        broker.flushdb()
        services = Services(folder)
        try:
            with (
                gunicorn(env, workers=WORKERS, log=services.server_log) as port,
                celery_worker(env, services.worker_log),
            ):
                national = National(port, tokens, pairs, broker, cache, url)
                national.organiser.post(f"{API}/events/", event_settings(pairs), expect=(201,))
                # The bare insert yardstick names the event by id, which the API does not show.
                script = "from tournaments.models import Event; "
                script += f"print(Event.objects.get(slug={national.slug!r}).pk)"
                return national.run(int(_manage(env, "shell", "-c", script).splitlines()[-1]))
        except Failed as error:
            raise Failed(f"{error}\n{services.tail()}") from None
        finally:
            cache.flushdb()
            broker.flushdb()


def main() -> dict[int, dict[str, float]]:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stop the servers and drop the database
    if not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        raise SystemExit("bench.national runs on PostgreSQL: set DATABASE_URL=postgres://…")
    print(
        f"# national: gunicorn {WORKERS} sync workers, PostgreSQL, Redis cache and broker, 1 Celery worker; "
        f"{CLIENTS} concurrent clients; {ROUNDS} Swiss rounds; a round: every table posts {DEALS} deals "
        "(deal_count) and its result with its table token, then a scorekeeper confirms it (side EW)",
        flush=True,
    )
    results = {}
    for pairs in SIZES:
        print(f"## {pairs} pairs", flush=True)
        start = time.perf_counter()
        results[pairs] = one_size(pairs)
        print(f"#   {pairs} pairs done in {time.perf_counter() - start:.0f} s", flush=True)
        # Each size's figures as soon as it is done: ``python -m bench.national_report`` makes the
        # table again from these lines (say, of sizes measured in separate runs).
        print(f"NATIONAL-RESULT {json.dumps({'pairs': pairs, **results[pairs]})}", flush=True)
    print(report(results))
    return results


if __name__ == "__main__":
    main()
