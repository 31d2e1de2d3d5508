"""The load client of ``bench.server`` and ``bench.national``: a fixed number of requests, a few at a time.

``wrk`` when it is installed (its C event loop leaves the two cores to the server), else
threads with ``http.client``; writes always take the threads (``exactly_once``). Either way a run
gets ``count`` answers, cycling through the given requests in order, and reports the rate and
the status codes it got back.

``run_each`` is the phones of ``bench.national``: every request sent once, by ``concurrency``
threads (300 in a national event), each answer's status, latency and (when asked) body kept, so
that the caller reports percentiles and reads what the server handed out (table tokens).
"""

from __future__ import annotations

import http.client
import itertools
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

MAX_SECONDS = 300  # a run that takes longer is broken, not slow


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    body: bytes | None = None
    headers: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Run:
    rate: float  # responses per second
    statuses: dict[int, int]
    errors: int  # connection errors and timeouts
    samples: tuple[str, ...] = ()  # the first error answers


@dataclass(frozen=True)
class Answer:
    status: int  # 0: no answer (a connection error or a time-out)
    seconds: float  # from sending the request to the last byte of its answer
    finished: float  # time.perf_counter() when the answer was read
    body: bytes = b""


@dataclass(frozen=True)
class Each:
    """What ``run_each`` got: one answer per request, in the order of the requests."""

    answers: tuple[Answer, ...]
    seconds: float  # the whole run, first request sent to last answer read

    @property
    def rate(self) -> float:
        return len(self.answers) / self.seconds if self.seconds else 0.0

    @property
    def statuses(self) -> dict[int, int]:
        return dict(Counter(answer.status for answer in self.answers))

    def percentiles(self) -> tuple[float, float, float]:
        """p50, p95 and p99 of the latencies, in seconds."""
        ordered = sorted(answer.seconds for answer in self.answers)
        if not ordered:
            return (0.0, 0.0, 0.0)

        def at(share: float) -> float:
            return ordered[min(len(ordered) - 1, int(share * len(ordered)))]

        return (at(0.50), at(0.95), at(0.99))


def client_name() -> str:
    return "wrk" if _wrk() else "python"


def _wrk() -> str | None:
    if os.environ.get("BENCH_CLIENT") == "python":
        return None
    return shutil.which("wrk")


def run(
    port: int, requests: list[Request], *, count: int, concurrency: int, exactly_once: bool = False
) -> Run:
    """``exactly_once``: writes, each of which must be sent once and only once. Those go through the
    Python client: around the reconnects that gunicorn's sync workers force (``Connection: close``)
    wrk now and then drops a request or sends one twice, harmless for reads only."""
    if _wrk() and not exactly_once:
        return _run_wrk(port, requests, count=count, concurrency=concurrency)
    return _run_threads(port, requests, count=count, concurrency=concurrency)


# ---- wrk ------------------------------------------------------------------------------------
_LUA = """
local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
int clock_gettime(int clock, bench_timespec *now);
]]
local clock = ffi.new("bench_timespec")
local function now()
  ffi.C.clock_gettime(1, clock)  -- CLOCK_MONOTONIC
  return tonumber(clock.tv_sec) + tonumber(clock.tv_nsec) * 1e-9
end
local reqs = {}
local limit = %(count)d
local sent, got, started = 0, 0, nil
local statuses = {}
function init(args)
%(requests)s
end
function request()
  started = started or now()
  sent = sent + 1
  return reqs[((sent - 1) %% #reqs) + 1]
end
-- wrk runs for its whole -d even after a thread stops: report and leave at the last answer.
local shown = 0
function response(status, headers, body)
  got = got + 1
  statuses[status] = (statuses[status] or 0) + 1
  if status >= 400 and shown < 3 then  -- what went wrong, for the error message
    shown = shown + 1
    io.write("BENCH-ERROR " .. status .. " " .. string.sub(body, 1, 400) .. "\\n")
  end
  if got == limit then
    local parts = {}
    for code, n in pairs(statuses) do table.insert(parts, string.format('"%%d": %%d', code, n)) end
    io.write(string.format('BENCH-RUN {"requests": %%d, "seconds": %%.6f, "statuses": {%%s}}\\n',
      got, now() - started, table.concat(parts, ", ")))
    io.flush()
    os.exit(0)
  end
end
"""


def _lua_string(value: str) -> str:
    level = "=" * 3
    assert f"]{level}]" not in value
    return f"[{level}[{value}]{level}]"


def _lua_request(index: int, request: Request) -> str:
    headers = ", ".join(f"[ {_lua_string(k)} ] = {_lua_string(v)}" for k, v in request.headers.items())
    body = _lua_string(request.body.decode()) if request.body is not None else "nil"
    return (
        f"  reqs[{index}] = wrk.format({_lua_string(request.method)}, {_lua_string(request.path)}, "
        f"{{{headers}}}, {body})"
    )


def _run_wrk(port: int, requests: list[Request], *, count: int, concurrency: int) -> Run:
    lines = "\n".join(_lua_request(i + 1, r) for i, r in enumerate(requests))
    with tempfile.TemporaryDirectory(prefix="bench-wrk-") as folder:
        script, errors = Path(folder) / "run.lua", Path(folder) / "stderr"
        script.write_text(_LUA % {"count": count, "requests": lines})
        command = [
            "wrk",
            "-t1",
            f"-c{concurrency}",
            f"-d{MAX_SECONDS}s",
            "--timeout",
            "30s",
            "-s",
            str(script),
        ]
        with errors.open("w") as stderr:
            wrk = subprocess.Popen(
                [*command, f"http://127.0.0.1:{port}"], stdout=subprocess.PIPE, stderr=stderr, text=True
            )
            time.sleep(0.5)
            if errors.stat().st_size:  # a broken script: wrk would carry on with GET / for MAX_SECONDS
                wrk.kill()
            out, _ = wrk.communicate()
        report = [line for line in out.splitlines() if line.startswith("BENCH-RUN ")]
        if not report:
            raise RuntimeError(f"wrk gave no report:\n{out}\n{errors.read_text()}")
    figures = json.loads(report[0].removeprefix("BENCH-RUN "))
    return Run(
        rate=figures["requests"] / figures["seconds"],
        statuses={int(k): v for k, v in figures["statuses"].items()},
        errors=0,  # wrk reconnects after an error: they show as time, not as answers
        samples=tuple(line for line in out.splitlines() if line.startswith("BENCH-ERROR ")),
    )


# ---- threads + http.client ------------------------------------------------------------------
def _send(connection: http.client.HTTPConnection, request: Request) -> tuple[int, bytes]:
    """One request on a kept connection: (status, body), or (0, the error) when it failed (the
    connection is closed then, and opens again on the next request)."""
    try:
        connection.request(request.method, request.path, body=request.body, headers=request.headers)
        response = connection.getresponse()
        body = response.read()
        if response.will_close:
            connection.close()
        return response.status, body
    except (OSError, http.client.HTTPException) as error:
        connection.close()
        return 0, repr(error).encode()


def _run_threads(port: int, requests: list[Request], *, count: int, concurrency: int) -> Run:
    order = itertools.cycle(requests)
    remaining = itertools.count()
    lock = threading.Lock()
    statuses: Counter[int] = Counter()
    errors = Counter()
    samples: list[str] = []

    def worker() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while True:
            with lock:
                if next(remaining) >= count:
                    break
                request = next(order)
            status, body = _send(connection, request)
            if status == 0:
                with lock:
                    errors["error"] += 1
                continue
            with lock:
                statuses[status] += 1
                if status >= 400 and len(samples) < 3:
                    samples.append(f"BENCH-ERROR {status} {body[:400].decode(errors='replace')}")
        connection.close()

    elapsed = _threaded(worker, concurrency)
    return Run(
        rate=sum(statuses.values()) / elapsed,
        statuses=dict(statuses),
        errors=errors["error"],
        samples=tuple(samples),
    )


def run_each(
    port: int, requests: list[Request], *, concurrency: int, keep_bodies: bool = False, timeout: float = 60
) -> Each:
    """Every request once, ``concurrency`` at a time (each thread takes the next one not yet sent).

    Nothing is retried: a write sent once is a write made at most once, and a connection error shows
    as status 0 for the caller to report. Gunicorn's sync workers close every connection after its
    answer, so each request opens its own, as a phone behind a proxy would."""
    answers: list[Answer | None] = [None] * len(requests)
    cursor = itertools.count()
    lock = threading.Lock()

    def worker() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        while True:
            with lock:
                index = next(cursor)
            if index >= len(requests):
                break
            request = requests[index]
            start = time.perf_counter()
            status, body = _send(connection, request)
            end = time.perf_counter()
            keep = keep_bodies or status >= 400 or status == 0
            answers[index] = Answer(status, end - start, end, body if keep else b"")
        connection.close()

    elapsed = _threaded(worker, min(concurrency, len(requests)))
    return Each(answers=tuple(a for a in answers if a is not None), seconds=elapsed)


def _threaded(worker: Callable[[], None], count: int) -> float:
    """``worker`` run in ``count`` threads at once; the seconds until the last one is done."""
    threads = [threading.Thread(target=worker) for _ in range(count)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - start
