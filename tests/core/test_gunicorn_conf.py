"""gunicorn.conf.py: gunicorn never refuses, with its own HTML page, a request Django would take.

One test starts gunicorn for real (a single worker, DEBUG on, a free port) and sends it requests
with long lines and many headers: each must reach Django and come back as problem+json.
"""

from __future__ import annotations

import os
import runpy
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CONF = ROOT / "gunicorn.conf.py"


def _conf(monkeypatch, **env) -> dict:
    for name in ("PORT", "WEB_CONCURRENCY", "GUNICORN_BIND", "GUNICORN_TIMEOUT"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(CONF))


def test_bind_and_workers_come_from_the_environment(monkeypatch):
    conf = _conf(monkeypatch, PORT="9000", WEB_CONCURRENCY="3")
    assert (conf["bind"], conf["workers"]) == ("0.0.0.0:9000", 3)
    conf = _conf(monkeypatch)
    assert conf["bind"] == "0.0.0.0:8000"
    assert conf["workers"] == 2 * os.cpu_count() + 1
    assert conf["wsgi_app"] == "config.wsgi:application"
    assert conf["timeout"] > 0


def test_request_limits_are_above_what_a_proxy_passes(monkeypatch):
    conf = _conf(monkeypatch)
    assert conf["limit_request_line"] == 0  # unlimited: anything else is capped at 8190
    assert conf["limit_request_fields"] == 32768
    assert conf["limit_request_field_size"] >= 64 * 1024


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _exchange(port: int, raw: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as client:
        client.sendall(raw)
        answer = b""
        while chunk := client.recv(65536):
            answer += chunk
    return answer


@pytest.fixture(scope="module")
def gunicorn_port(tmp_path_factory):
    binary = shutil.which("gunicorn", path=str(Path(sys.executable).parent))
    if binary is None:
        pytest.skip("gunicorn is not installed")
    port = _free_port()
    env = {**os.environ, "DEBUG": "true", "DJANGO_SETTINGS_MODULE": "config.settings"}
    env.update(GUNICORN_BIND=f"127.0.0.1:{port}", WEB_CONCURRENCY="1")
    # Its own control socket (gunicorn 25+ makes one), away from any other gunicorn's.
    env["XDG_RUNTIME_DIR"] = str(tmp_path_factory.mktemp("gunicorn"))
    process = subprocess.Popen(
        [binary, "-c", str(CONF)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("gunicorn did not start")
                time.sleep(0.2)
        yield port
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(30)


def _request(path: str = "/api/v1/nope", headers: bytes = b"") -> bytes:
    return (
        b"GET " + path.encode() + b" HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n" + headers + b"\r\n"
    )


@pytest.mark.parametrize(
    "raw",
    [
        _request(path="/api/v1/" + "x" * 20_000),  # gunicorn's default: 414 above 4,094
        _request(headers=b"".join(b"X-Header-%d: v\r\n" % n for n in range(500))),  # default: 431 above 100
        _request(headers=b"Cookie: " + b"c" * 100_000 + b"\r\n"),  # default: 431 above 8,190
    ],
    ids=["long-request-line", "many-headers", "large-header"],
)
def test_gunicorn_passes_large_requests_on_to_django(gunicorn_port, raw):
    answer = _exchange(gunicorn_port, raw)
    head = answer.split(b"\r\n\r\n", 1)[0].lower()
    assert head.startswith(b"http/1.1 404"), answer[:200]
    assert b"content-type: application/problem+json" in head
