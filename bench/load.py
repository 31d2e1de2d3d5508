"""The load client of ``bench.server``: a fixed number of requests, a few at a time.

``wrk`` when it is installed (its C event loop leaves the two cores to the server), else
threads with ``http.client``; writes always take the threads (``exactly_once``). Either way a run
gets ``count`` answers, cycling through the given requests in order, and reports the rate and
the status codes it got back.
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
            try:
                connection.request(request.method, request.path, body=request.body, headers=request.headers)
                response = connection.getresponse()
                body = response.read()
                status = response.status
                if response.will_close:
                    connection.close()
            except (OSError, http.client.HTTPException):
                connection.close()
                with lock:
                    errors["error"] += 1
                continue
            with lock:
                statuses[status] += 1
                if status >= 400 and len(samples) < 3:
                    samples.append(f"BENCH-ERROR {status} {body[:400].decode(errors='replace')}")
        connection.close()

    threads = [threading.Thread(target=worker) for _ in range(concurrency)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    return Run(
        rate=sum(statuses.values()) / elapsed,
        statuses=dict(statuses),
        errors=errors["error"],
        samples=tuple(samples),
    )
