"""The real server under load: ``python -m bench.server`` (``make bench`` runs it).

A throwaway database (a fresh PostgreSQL database on ``DATABASE_URL``'s server, else a SQLite
file), migrated and loaded with a 500-pair event (``bench.server_data``); gunicorn with two
workers, DEBUG off, on the API plus two bench-only yardsticks (``bench.urls``); a load client
(``bench.load``) sending a fixed number of requests per endpoint.

Each figure is a ratio to a yardstick measured in the same round: reads and referee questions
to a bare DRF view answering a tiny JSON, writes to a bare DRF view inserting one row. Rounds
repeat (the median ratio is printed, the raw requests per second in brackets): on a noisy
machine only ratios measured side by side mean anything.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlparse, urlunparse

from bench.load import Request, Run, client_name, run

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
SCALE = float(os.environ.get("BENCH_SCALE", "1"))
WORKERS = 2
JSON = {"Content-Type": "application/json"}
TARGETS = {  # docs/referee.md "Speed": issue 21's
    "plays_validate": 0.5,
    "deals_replay": 0.5,
    "matches_list": 0.3,
    "matches_list_304": 0.3,
    "standings": 0.3,
    "standings_304": 0.6,
    "pair_create": 0.2,
    "deal_post": 0.3,
    "result_post": 0.3,
}
# Shown without a target: the list when every request is a page never built before (a query
# parameter the list ignores makes each URL new), so no rendered answer is reused
# (core.conditional.cached_answer): what reading and building one page costs; and the public
# standings page (/e/{slug}/standings/), which issue 21 asks to be cached, with no figure.
INFORMATIONAL = {"matches_list_uncached", "standings_page", "standings_page_304"}


# ---- the database ---------------------------------------------------------------------------
@contextmanager
def throwaway_database() -> Iterator[str]:
    """A ``DATABASE_URL`` for a database that exists only for this run."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        folder = tempfile.mkdtemp(prefix="bench-")
        try:
            yield f"sqlite:///{folder}/bench.sqlite3"
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        return
    import psycopg

    name = f"bench_{os.getpid()}_{secrets.token_hex(3)}"
    parsed = urlparse(url)
    admin = urlunparse(parsed._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlunparse(parsed._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _environment(database_url: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("CELERY_BROKER_URL", "CELERY_RESULT_BACKEND")}
    env.update(
        DJANGO_SETTINGS_MODULE="bench.settings",
        DATABASE_URL=database_url,
        DEBUG="false",
        SECRET_KEY="bench-only-not-secret",
        PYTHONPATH=str(ROOT),
    )
    return env


def load_data(env: dict[str, str]) -> dict:
    out = subprocess.run(
        [sys.executable, "-m", "bench.server_data"], env=env, cwd=ROOT, capture_output=True, text=True
    )
    if out.returncode != 0:
        raise RuntimeError(f"loading the bench data failed:\n{out.stderr}")
    line = next(line for line in out.stdout.splitlines() if line.startswith("BENCH-DATA "))
    return json.loads(line.removeprefix("BENCH-DATA "))


# ---- the server -----------------------------------------------------------------------------
def stop(process: subprocess.Popen) -> None:
    """A server or worker the bench started: asked to stop (SIGTERM), killed if it has not in 30 s."""
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def gunicorn(env: dict[str, str], *, workers: int = WORKERS, log=None) -> Iterator[int]:
    """The project's gunicorn.conf.py (access log included), with ``workers`` sync workers on a free
    port; its output goes to ``log`` (a file the caller reads on failure) or to a temporary file."""
    port = _free_port()
    command = [sys.executable, "-m", "gunicorn", "bench.wsgi:application", "--workers", str(workers)]
    with tempfile.TemporaryFile("w+") if log is None else _kept(log) as output:
        server = subprocess.Popen(
            [*command, "--bind", f"127.0.0.1:{port}"],
            env=env,
            cwd=ROOT,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
        try:
            _wait_for(port, server, output)
            yield port
        finally:
            stop(server)


@contextmanager
def _kept(log):
    yield log


def _wait_for(port: int, server: subprocess.Popen, log) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/bench/bare/", timeout=2).read()
            return
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                raise RuntimeError(f"gunicorn did not start:\n{log.read()[-3000:]}") from None
            time.sleep(0.2)


def _get(port: int, path: str) -> tuple[int, dict[str, str]]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as response:
        response.read()
        return response.status, dict(response.headers)


# ---- what is asked --------------------------------------------------------------------------
def _json(body: dict) -> bytes:
    return json.dumps(body, separators=(",", ":")).encode()


def plays_validate() -> list[Request]:
    from bench.api import _sample

    return [Request("POST", "/api/v1/referee/plays/validate", _json(b), JSON) for b in _sample(500)]


def deals_replay() -> list[Request]:
    from engine.guandan.simulate import simulate_deal

    rng = random.Random(11)
    return [
        Request("POST", "/api/v1/referee/deals/replay", _json(simulate_deal(rng=rng).request()), JSON)
        for _ in range(40)
    ]


class Writes:
    """Each write is new (a pair never registered, the next deal of a match): a cursor per kind."""

    ORDERS = (("N", "E", "S", "W"), ("E", "N", "W", "S"), ("S", "W", "N", "E"), ("W", "S", "E", "N"))

    def __init__(self, data: dict):
        self.data = data
        self.pairs = 0
        self.inserts = 0
        self.deals = self._deals()
        self.results = self._results()

    def _deals(self) -> Iterator[Request]:
        headers = {**JSON, "Authorization": f"Token {self.data['tokens']['keeper']}"}
        matches = self.data["open_matches"]
        for number in range(1, 40):  # a match of 1-4 finishes lasts (tests: tie.play_tie)
            for index, pk in enumerate(matches):
                order = self.ORDERS[(index + number) % 4]
                body = _json({"number": number, "finishing_order": list(order)})
                yield Request("POST", f"/api/v1/matches/{pk}/deals/", body, headers)

    def _results(self) -> Iterator[Request]:
        """A scorekeeper's level sheet (记级) for a table without a result: no deals needed (G8)."""
        headers = {**JSON, "Authorization": f"Token {self.data['tokens']['keeper']}"}
        body = _json({"levels": {"NS": "A+", "EW": "K"}, "deals_played": 12})
        for pk in self.data["unscored_matches"]:
            yield Request("POST", f"/api/v1/matches/{pk}/result", body, headers)

    def deal_posts(self, count: int) -> list[Request]:
        return [next(self.deals) for _ in range(count)]

    def result_posts(self, count: int) -> list[Request]:
        return [next(self.results) for _ in range(count)]

    def pair_creates(self, count: int) -> list[Request]:
        headers = {**JSON, "Authorization": f"Token {self.data['tokens']['organizer']}"}
        start, self.pairs = self.pairs, self.pairs + count
        return [
            Request(
                "POST",
                f"/api/v1/events/{self.data['registrations']}/pairs/",
                _json(
                    {
                        "number": 1000 + n,
                        "player_1": {"name": f"New {n} A", "email": f"a{n}@example.org"},
                        "player_2": {"name": f"New {n} B"},
                    }
                ),
                headers,
            )
            for n in range(start, start + count)
        ]

    def inserts_(self, count: int) -> list[Request]:
        headers = {**JSON, "Authorization": f"Token {self.data['tokens']['organizer']}"}
        start, self.inserts = self.inserts, self.inserts + count
        return [
            Request("POST", "/bench/insert/", _json({"event": self.data["event"], "name": f"u{n}"}), headers)
            for n in range(start, start + count)
        ]


# ---- measuring ------------------------------------------------------------------------------
def _measure(
    port: int, name: str, requests: list[Request], count: int, expect: int, conc: int, *, writes: bool = False
) -> float:
    result: Run = run(port, requests, count=count, concurrency=conc, exactly_once=writes)
    wrong = {status: n for status, n in result.statuses.items() if status != expect}
    if wrong or result.errors:
        samples = "\n".join(result.samples)
        raise RuntimeError(
            f"{name}: expected {expect}, got {result.statuses} ({result.errors} errors)\n{samples}"
        )
    return result.rate


def rounds(port: int, data: dict, *, sqlite: bool) -> dict[str, list[tuple[float, float]]]:
    """Per endpoint, one (rate, yardstick rate) per round.

    Each endpoint runs between two runs of its yardstick, and is compared with their mean: the
    machine's drift then weighs on both sides alike.
    """

    def n(base: int) -> int:
        return max(20, int(base * SCALE))

    conc = 4
    write_conc = 1 if sqlite else conc  # SQLite takes one writer at a time
    bare = [Request("GET", "/bench/bare/")]
    listing = f"/api/v1/events/{data['slug']}/matches/?round=1"
    standings = f"/api/v1/events/{data['slug']}/standings/"
    page = f"/e/{data['slug']}/standings/"
    plays, replays, writes = plays_validate(), deals_replay(), Writes(data)

    fresh = itertools.count()

    def uncached() -> list[Request]:
        return [Request("GET", f"{listing}&v={next(fresh)}") for _ in range(n(500))]

    def not_modified(path: str) -> Callable[[], list[Request]]:
        def make() -> list[Request]:
            _, headers = _get(port, path)  # the ETag now: the writes of the last round changed it
            return [Request("GET", path, headers={"If-None-Match": headers["ETag"]})]

        return make

    def cached(path: str) -> Callable[[], list[Request]]:
        """Each worker builds the answer once (its own cache, unless CACHE_URL names a shared one)
        before the timing starts: what is measured is a reader of an answer already built."""

        def make() -> list[Request]:
            run(port, [Request("GET", path)], count=20, concurrency=conc)
            return [Request("GET", path)]

        return make

    reads: dict[str, tuple[Callable[[], list[Request]], int, int]] = {
        "plays_validate": (lambda: plays, n(1500), 200),
        "deals_replay": (lambda: replays, n(500), 200),
        "matches_list": (lambda: [Request("GET", listing)], n(500), 200),
        "matches_list_uncached": (uncached, n(500), 200),
        "matches_list_304": (not_modified(listing), n(800), 304),
        "standings": (cached(standings), n(500), 200),
        "standings_304": (not_modified(standings), n(800), 304),
        "standings_page": (cached(page), n(500), 200),
        "standings_page_304": (not_modified(page), n(800), 304),
    }
    write_count = n(250)
    posts: dict[str, Callable[[int], list[Request]]] = {
        "pair_create": writes.pair_creates,
        "deal_post": writes.deal_posts,
        "result_post": writes.result_posts,
    }
    figures: dict[str, list[tuple[float, float]]] = {name: [] for name in [*reads, *posts]}
    # Warm both workers up (imports, caches, the first connection) before anything is timed.
    for requests, count in ((bare, 200), (plays, 100), (replays, 40), ([Request("GET", listing)], 40)):
        run(port, requests, count=count, concurrency=conc)
    for make in (writes.inserts_, *posts.values()):
        _measure(port, "warm-up", make(40), 40, 201, write_conc, writes=True)
    for path in (standings, page):
        run(port, [Request("GET", path)], count=40, concurrency=conc)

    def yardstick() -> float:
        return _measure(port, "bare", bare, n(1000), 200, conc)

    def insert() -> float:
        return _measure(
            port, "insert", writes.inserts_(write_count), write_count, 201, write_conc, writes=True
        )

    for _ in range(ROUNDS):
        before = yardstick()
        for name, (make, count, status) in reads.items():
            rate = _measure(port, name, make(), count, status, conc)
            after = yardstick()
            figures[name].append((rate, (before + after) / 2))
            before = after
        before = insert()
        for name, make in posts.items():
            rate = _measure(port, name, make(write_count), write_count, 201, write_conc, writes=True)
            after = insert()
            figures[name].append((rate, (before + after) / 2))
            before = after
    return figures


def main() -> dict[str, float]:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stop the server and drop the database
    sqlite = not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))
    with throwaway_database() as url:
        env = _environment(url)
        data = load_data(env)
        with gunicorn(env) as port:
            figures = rounds(port, data, sqlite=sqlite)
    print(
        f"# server: gunicorn {WORKERS} sync workers, {'sqlite' if sqlite else 'postgresql'}, "
        f"client {client_name()} (writes: python), {ROUNDS} rounds; ratio to bare DRF [req/s, bare req/s]"
    )
    ratios = {}
    for name, pairs in figures.items():
        ratio = statistics.median(rate / reference for rate, reference in pairs)
        rate = statistics.median(rate for rate, _ in pairs)
        reference = statistics.median(reference for _, reference in pairs)
        if name in INFORMATIONAL:
            mark = "(no target)"
        else:
            mark = "ok" if ratio >= TARGETS[name] else f"below {TARGETS[name]}"
        print(f"server.{name}: {ratio:.3f} [{rate:.0f}, {reference:.0f}] {mark}")
        ratios[name] = ratio
    return ratios


if __name__ == "__main__":
    main()
