"""The Celery app: eager by default, and a real round trip through Redis in CI."""

import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from config import celery as celery_config
from core.tasks import ping
from tests.celery_utils import celery_conf


def test_task_runs_eagerly_without_a_broker():
    assert ping.delay("x").get(timeout=1) == "pong:x"


def test_round_trip_through_a_real_worker_and_redis(redis_url):
    from celery.contrib.testing.worker import start_worker

    with (
        celery_conf(broker_url=redis_url, result_backend=redis_url, task_always_eager=False) as app,
        start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10),
    ):
        result = ping.delay("round-trip")
        assert result.get(timeout=20) == "pong:round-trip"


# beat's schedule file goes in the test's own directory: beat replaces a file it cannot read
@pytest.mark.parametrize("command", ["worker --pool solo", "beat --schedule {tmp}/beat"])
def test_a_worker_or_beat_without_a_broker_refuses_to_start(command, tmp_path):
    """Issue 23: a worker without CELERY_BROKER_URL started "ready" on memory:// and did nothing."""
    env = {k: v for k, v in os.environ.items() if k not in {"CELERY_BROKER_URL", "DEBUG"}}
    env.update(SECRET_KEY="k", DJANGO_SETTINGS_MODULE="config.settings")
    result = subprocess.run(
        [sys.executable, "-m", "celery", "-A", "config", *command.format(tmp=tmp_path).split()],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    assert "CELERY_BROKER_URL is not set" in result.stdout + result.stderr


@pytest.mark.django_db
def test_seed_demo_is_idempotent():
    from io import StringIO

    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    call_command("seed_demo", stdout=StringIO())
    call_command("seed_demo", stdout=StringIO())
    assert get_user_model().objects.filter(username="demo").count() == 1


def _niceness(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as stat:
        return int(stat.read().rsplit(")", 1)[1].split()[16])  # field 19, nice


def test_a_worker_lowers_its_cpu_priority_when_it_starts(redis_url):
    """``WORKER_NICENESS``: the web processes of the same machine come first (docs/deploy.md)."""
    env = {k: v for k, v in os.environ.items() if k != "DEBUG"}
    env.update(
        SECRET_KEY="k",
        DJANGO_SETTINGS_MODULE="config.settings",
        CELERY_BROKER_URL=redis_url,
        WORKER_NICENESS="7",
    )
    command = ["worker", "--pool", "solo", "-Q", "niceness-probe", "--loglevel", "INFO"]  # a queue of its own
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", *command],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline, seen = time.monotonic() + 60, ""
        while " ready." not in seen and time.monotonic() < deadline and worker.poll() is None:
            if select.select([worker.stdout], [], [], 1)[0]:
                seen += worker.stdout.readline()
        assert " ready." in seen, seen[-2000:]
        assert _niceness(worker.pid) == _niceness(os.getpid()) + 7
    finally:
        worker.terminate()
        worker.wait(timeout=30)


def test_a_worker_told_niceness_0_keeps_its_priority(settings, monkeypatch):
    calls = []
    monkeypatch.setattr(celery_config.os, "nice", calls.append)
    settings.WORKER_NICENESS = 0
    celery_config.yield_to_web_processes()
    settings.WORKER_NICENESS = 3
    celery_config.yield_to_web_processes()
    assert calls == [3]
