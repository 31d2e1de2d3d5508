"""The Celery app: eager by default, and a real round trip through Redis in CI."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

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
