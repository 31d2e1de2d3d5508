"""The WSGI application: the API through the middleware it needs, everything else through all of it.

``/api/…`` is served by a handler with ``API_MIDDLEWARE`` (config/settings.py): the settings' list
without what serves only the HTML side (static files, the admin's and pages' messages). The admin,
the public pages and the static files keep ``MIDDLEWARE`` whole (docs/deploy.md "One machine").
"""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
pages = get_wsgi_application()

from django.conf import settings  # noqa: E402  (after the settings module is chosen and set up)
from django.core.handlers.wsgi import WSGIHandler  # noqa: E402


class ListedMiddlewareHandler(WSGIHandler):
    """Django's handler, built with the ``middleware`` given instead of ``MIDDLEWARE``."""

    def __init__(self, middleware: list[str]):
        self.middleware = middleware
        super().__init__()  # which loads the middleware

    def load_middleware(self, is_async: bool = False) -> None:
        with_everything = settings.MIDDLEWARE
        try:
            settings.MIDDLEWARE = self.middleware
            super().load_middleware(is_async)
        finally:
            settings.MIDDLEWARE = with_everything


api = ListedMiddlewareHandler(settings.API_MIDDLEWARE)


def application(environ, start_response):
    """``/api/…`` through the API's middleware, anything else through all of it."""
    if environ.get("PATH_INFO", "").startswith("/api/"):
        return api(environ, start_response)
    return pages(environ, start_response)
