"""The WSGI application: the API through the middleware it needs, everything else through all of it
(core.fast.handlers: the fast paths ``api_middleware`` and ``resolver_cache``)."""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup(set_prefix=False)  # as django.core.wsgi.get_wsgi_application does first

from django.conf import settings  # noqa: E402  (after Django is set up)

from core import fast  # noqa: E402
from core.fast.handlers import ListedMiddlewareHandler  # noqa: E402

pages = ListedMiddlewareHandler(settings.MIDDLEWARE)
api = ListedMiddlewareHandler(settings.API_MIDDLEWARE)


def application(environ, start_response):
    """``/api/…`` through the API's middleware, anything else through all of it."""
    if environ.get("PATH_INFO", "").startswith("/api/") and fast.on("api_middleware"):
        return api(environ, start_response)
    return pages(environ, start_response)
