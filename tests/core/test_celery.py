"""The Celery app: eager by default, and a real round trip through Redis in CI."""

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


@pytest.mark.django_db
def test_seed_demo_is_idempotent():
    from io import StringIO

    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    call_command("seed_demo", stdout=StringIO())
    call_command("seed_demo", stdout=StringIO())
    assert get_user_model().objects.filter(username="demo").count() == 1
