"""CPU time of a ``deals/replay`` through the WSGI handler: ``python -m bench.profile_replay``.

``bench.server`` measures ``deals_replay`` against a bare DRF GET under gunicorn, which a machine
shared with other work moves a lot; this measures what each costs the web process itself. One
process calls the benchmark's WSGI application (``bench.wsgi``) directly with ``PROFILE_BODIES``
(default 200) whole simulated deals (``simulate_deal(...).request()``, compact JSON as
``bench.server`` sends them; new seeded deals each round, so that no deal is asked twice and the
engine's caches keep only what any traffic repeats: single plays) and as many bare GETs
(``/bench/bare/``), ``PROFILE_ROUNDS`` rounds (default 6), alternating. It prints the CPU time
(``time.process_time``) per request, the least round [the median], and the ratio of the two (the
requests-per-second ratio there would be if the web process's CPU were all a request cost; under
gunicorn the server's own share per request brings it nearer 1).

``PROFILE_TOP=N`` then runs one more round of replays under cProfile and prints its N costliest
functions by own and cumulative time. ``PROFILE_SAVE=file`` writes every answer to the first
round's deals (status and body, one line each) to ``file``; ``PROFILE_CHECK=file`` compares them
with such a file byte for byte and stops at the first difference: a change that makes the replay
leaner must leave each answer as it was.

Needs no data: ``DJANGO_SETTINGS_MODULE`` is ``bench.settings`` unless set, and any reachable
``DATABASE_URL`` does (a replay reads no row).
"""

from __future__ import annotations

import cProfile
import io
import json
import os
import pstats
import random
import statistics
import sys
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.settings")

from bench.load import Request
from bench.profile_posts import _environ
from bench.wsgi import application
from engine.guandan.simulate import simulate_deal

BODIES = int(os.environ.get("PROFILE_BODIES", "200"))
ROUNDS = int(os.environ.get("PROFILE_ROUNDS", "6"))
TOP = int(os.environ.get("PROFILE_TOP", "0"))
JSON = {"Content-Type": "application/json"}


def replays(count: int = BODIES, seed: int = 11) -> list[Request]:
    """``count`` whole deals as ``deals/replay`` questions, compact JSON as ``bench.server`` sends."""
    rng = random.Random(seed)
    bodies = (json.dumps(simulate_deal(rng=rng).request(), separators=(",", ":")) for _ in range(count))
    return [Request("POST", "/api/v1/referee/deals/replay", body.encode(), JSON) for body in bodies]


def answer(request: Request) -> tuple[int, bytes]:
    """One request through the WSGI application, read and closed as a server does."""
    status: list[str] = []
    body = application(_environ(request), lambda line, headers, *_: status.append(line))
    try:
        content = b"".join(body)
    finally:
        body.close()
    return int(status[0].split()[0]), content


def cpu_ms(requests: list[Request]) -> float:
    """The CPU milliseconds per request of ``requests``, each expected to answer 200."""
    start = time.process_time()
    for request in requests:
        code, content = answer(request)
        if code != 200:
            raise RuntimeError(f"{request.method} {request.path} answered {code}: {content[:300]!r}")
    return (time.process_time() - start) * 1000 / len(requests)


def check(requests: list[Request], save: str, against: str) -> None:
    """``PROFILE_SAVE``: write every answer; ``PROFILE_CHECK``: compare them with those written."""
    lines = [f"{code} {content.decode()}" for code, content in map(answer, requests)]
    if save:
        with open(save, "w") as out:
            out.write("\n".join(lines) + "\n")
    if against:
        with open(against) as saved:
            before = saved.read().splitlines()
        for index, (old, new) in enumerate(zip(before, lines, strict=False)):
            if old != new:
                sys.exit(f"answer {index} differs:\n  before {old[:400]}\n  after  {new[:400]}")
        if len(before) != len(lines):
            sys.exit(f"{len(lines)} answers, {len(before)} saved")
        print(f"# {len(lines)} answers identical to {against}")


def main() -> None:
    posts, bare = replays(), [Request("GET", "/bench/bare/")] * BODIES
    check(posts, os.environ.get("PROFILE_SAVE", ""), os.environ.get("PROFILE_CHECK", ""))
    cpu_ms(bare[:20])  # warm up: imports, compiled checks, caches (the answers above)
    figures: dict[str, list[float]] = {"deals_replay": [], "bare_get": []}
    for round_ in range(ROUNDS):  # deals never asked before, each round: the engine's caches
        fresh = replays(seed=1000 + round_)  # keep what any traffic repeats (plays), not whole deals
        figures["deals_replay"].append(cpu_ms(fresh))
        figures["bare_get"].append(cpu_ms(bare))
    print(f"# CPU ms per request through bench.wsgi, {ROUNDS} rounds of {BODIES}: least [median]")
    for name, values in figures.items():
        print(f"profile.{name}_cpu_ms: {min(values):.3f} [{statistics.median(values):.3f}]")
    ratio = min(figures["bare_get"]) / min(figures["deals_replay"])
    print(f"profile.deals_replay_cpu_ratio: {ratio:.3f} (bare GET / replay, least rounds)")
    if TOP:
        profiler = cProfile.Profile(time.process_time)
        profiler.runcall(cpu_ms, replays(seed=999))
        for order in ("tottime", "cumulative"):
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats(order).print_stats(TOP)
            print(f"# deals_replay, {BODIES} requests, by {order}\n{out.getvalue()}")


if __name__ == "__main__":
    main()
