"""Point the Celery app at another broker for one test, and back."""

import os
from contextlib import contextmanager
from unittest import mock

import kombu.pools

from config.celery import app


def _reset_connections() -> None:
    # The app caches its result backend (per thread) and its producer pools.
    app._local.__dict__.pop("backend", None)
    if app._pool is not None:
        app._pool.force_close_all()
        app._pool = None
    app.amqp._producer_pool = None
    kombu.pools.reset()  # kombu keeps producer pools per connection, globally


@contextmanager
def celery_conf(**conf):
    saved = {key: app.conf[key] for key in conf}
    # Celery prefers the CELERY_BROKER_URL environment variable over its conf (CI sets it).
    env = {"CELERY_BROKER_URL": conf["broker_url"]} if "broker_url" in conf else {}
    with mock.patch.dict(os.environ, env):
        app.conf.update(conf)
        _reset_connections()
        try:
            yield app
        finally:
            app.conf.update(saved)
            _reset_connections()
