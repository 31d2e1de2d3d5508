"""The Celery app. Without CELERY_BROKER_URL, tasks run eagerly in-process (settings).

A worker or beat process needs a broker: without one it would start "ready" on the in-memory
transport, where no web process can reach it, and do nothing. So both refuse to start then.
"""

import os

from celery import Celery
from celery.signals import beat_init, celeryd_init
from django.conf import settings

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("guandan")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

NO_BROKER = (
    "CELERY_BROKER_URL is not set: a worker or beat process without a broker would receive nothing. "
    "Set CELERY_BROKER_URL (e.g. redis://host:6379/0); without it the web processes run tasks "
    "in-process themselves."
)


@celeryd_init.connect
@beat_init.connect
def refuse_without_broker(**kwargs) -> None:
    """Stop a worker or beat process that has no broker to listen to.

    SystemExit, not an exception: Celery logs and swallows the exceptions of signal handlers.
    """
    if app.conf.task_always_eager or str(app.conf.broker_url).startswith("memory://"):
        raise SystemExit(NO_BROKER)


@celeryd_init.connect
def yield_to_web_processes(**kwargs) -> None:
    """Lower the worker's CPU priority by ``WORKER_NICENESS`` (default 10), before its pool forks.
    ``celeryd_init``: the ``celery worker`` command's, not a worker that a test starts in its own
    process.

    On a machine that also serves the API, a standings refresh at 5,000 pairs is half a second of
    CPU, queued during a round's stream of confirmations: at the same priority it takes a core from
    the posts it follows. Niced, it runs on what the web processes leave, and a round's last result
    still finds the machine idle to finish on (docs/deploy.md "Background work yields").
    """
    if settings.WORKER_NICENESS:
        os.nice(settings.WORKER_NICENESS)
