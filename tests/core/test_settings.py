"""Settings come from the environment, with embedded defaults (issue: service foundation)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import json, django; from django.conf import settings; django.setup(); "
    "print(json.dumps({'engine': settings.DATABASES['default']['ENGINE'],"
    " 'eager': settings.CELERY_TASK_ALWAYS_EAGER, 'broker': settings.CELERY_BROKER_URL,"
    " 'debug': settings.DEBUG, 'lang': settings.LANGUAGE_CODE}))"
)


def _settings(probe: str = PROBE, **env: str) -> subprocess.CompletedProcess:
    clean = {
        k: v
        for k, v in os.environ.items()
        if k
        not in {
            "DATABASE_URL",
            "CELERY_BROKER_URL",
            "SECRET_KEY",
            "DEBUG",
            "NUM_PROXIES",
            "DB_SERVER_SIDE_BINDING",
            "DB_PREPARED_STATEMENTS",
            "DB_CONNECT_TIMEOUT",
        }
    }
    clean.update(env, DJANGO_SETTINGS_MODULE="config.settings")
    return subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, env=clean, capture_output=True, text=True, timeout=60
    )


def test_embedded_defaults_sqlite_eager_celery_debug_off():
    result = _settings(SECRET_KEY="k")
    assert result.returncode == 0, result.stderr
    values = json.loads(result.stdout)
    assert values == {
        "engine": "django.db.backends.sqlite3",
        "eager": True,
        "broker": "memory://",
        "debug": False,
        "lang": "en",
    }


def test_database_url_and_broker_url_are_read_from_the_environment():
    result = _settings(
        SECRET_KEY="k",
        DATABASE_URL="postgres://u@127.0.0.1:5432/x",
        CELERY_BROKER_URL="redis://127.0.0.1:6379/3",
    )
    assert result.returncode == 0, result.stderr
    values = json.loads(result.stdout)
    assert values["engine"] == "core.fast.postgresql"  # Django's, health-checked after idleness only
    assert values["eager"] is False
    assert values["broker"] == "redis://127.0.0.1:6379/3"


def test_missing_secret_key_with_debug_off_is_a_clear_startup_error():
    result = _settings()
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_debug_on_runs_without_secret_key():
    result = _settings(DEBUG="true")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["debug"] is True


def test_eager_tasks_are_healthy_only_with_debug_on():
    """`make run` (DEBUG on, no broker) answers its health check 200; production without a broker
    answers 503 (core/health.py)."""
    probe = (
        "import django; from django.conf import settings; django.setup(); print(settings.EAGER_TASKS_HEALTHY)"
    )
    assert _settings(probe, DEBUG="true").stdout.strip() == "True"
    assert _settings(probe, SECRET_KEY="k").stdout.strip() == "False"


def test_num_proxies_trusts_no_forwarded_header_unless_told():
    probe = (
        "import django; from django.conf import settings; django.setup(); "
        "print(settings.REST_FRAMEWORK['NUM_PROXIES'])"
    )
    assert _settings(probe, SECRET_KEY="k").stdout.strip() == "0"
    assert _settings(probe, SECRET_KEY="k", NUM_PROXIES="1").stdout.strip() == "1"


def test_postgresql_binds_on_the_server_and_prepares_unless_told_not_to():
    """Django's server-side binding with psycopg's prepare_threshold (docs/deploy.md "Planned once"):
    ``DB_PREPARED_STATEMENTS=false`` keeps the binding without preparing (a pooler that does not keep
    a session's statements); ``DB_SERVER_SIDE_BINDING=false`` is Django's client-side binding."""
    probe = (
        "import json, django; from django.conf import settings; django.setup(); "
        "print(json.dumps(settings.DATABASES['default']['OPTIONS']))"
    )
    url = "postgres://u@127.0.0.1:5432/x"
    default = _settings(probe, SECRET_KEY="k", DATABASE_URL=url)
    unprepared = _settings(probe, SECRET_KEY="k", DATABASE_URL=url, DB_PREPARED_STATEMENTS="false")
    client = _settings(probe, SECRET_KEY="k", DATABASE_URL=url, DB_SERVER_SIDE_BINDING="false")
    for run in (default, unprepared, client):
        assert run.returncode == 0, run.stderr
    assert json.loads(default.stdout) == {
        "connect_timeout": 5,
        "server_side_binding": True,
        "prepare_threshold": 5,
    }
    assert json.loads(unprepared.stdout)["server_side_binding"] is True
    assert json.loads(unprepared.stdout)["prepare_threshold"] is None
    assert "server_side_binding" not in json.loads(client.stdout)
    assert "prepare_threshold" not in json.loads(client.stdout)  # Django's default: never prepared
