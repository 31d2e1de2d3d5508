"""The WSGI application of the server benchmark: the API as deployed (``config.wsgi``), and beside
it, in the same gunicorn workers, the yardsticks (``/bench/…``) served by a Django handler with
**no middleware**.

Issue 21 measures every endpoint against "a bare DRF view under the same gunicorn with no
middleware, no auth, no throttles"; ``bench.views`` declares no authentication, permission or
throttle, and this handler skips the middleware, so what the yardstick pays is Django's URL
resolution, DRF's request and response, and (for writes) one ORM insert.
"""

from __future__ import annotations

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.settings")

from config.wsgi import application as deployed
from core.fast.handlers import ListedMiddlewareHandler

bare = ListedMiddlewareHandler([])  # no middleware at all


def application(environ, start_response):
    """``/bench/…`` to the handler without middleware, everything else to the API's own."""
    if environ.get("PATH_INFO", "").startswith("/bench/"):
        return bare(environ, start_response)
    return deployed(environ, start_response)
