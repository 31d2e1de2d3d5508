"""Django's WSGI handler built with a middleware list of its own, remembering where each path
resolved to: the fast paths ``api_middleware`` and ``resolver_cache`` (config.wsgi).

``/api/…`` is served by a handler with ``API_MIDDLEWARE`` (config/settings.py): the settings' list
without what serves only the HTML side (static files, the admin's and pages' messages). The admin,
the public pages and the static files keep ``MIDDLEWARE`` whole (docs/deploy.md "One machine").
With ``api_middleware`` off every request goes through ``MIDDLEWARE``.

Both handlers remember where a path resolved to (``resolved``): the URL conf does not change while
a process runs, and the API's patterns are tried one by one (forty regular expressions before the
standings), which cost a 304 about a sixth of its time. With ``resolver_cache`` off Django resolves
every request.
"""

from __future__ import annotations

from functools import lru_cache

from django.conf import settings
from django.core.handlers.wsgi import WSGIHandler
from django.urls import URLResolver, get_resolver
from django.urls.resolvers import ResolverMatch

from core import fast

#: Paths whose match is remembered per process: the API's hot paths hold a slug or an id, so the
#: addresses read in a busy hour are some thousands; the least recently read ones are forgotten.
RESOLVED_PATHS = 4096


@lru_cache(maxsize=RESOLVED_PATHS)
def resolved(resolver: URLResolver, path: str) -> ResolverMatch:
    """``resolver.resolve(path)``, once per (URL conf, path). A path that resolves to nothing raises
    ``Resolver404`` every time (nothing is kept); the API's own catch-all makes that rare. The match
    is shared by the requests of that path: Django and DRF only read it."""
    return resolver.resolve(path)


class ListedMiddlewareHandler(WSGIHandler):
    """Django's handler, built with the ``middleware`` given instead of ``MIDDLEWARE``, resolving
    each path once (``resolved``)."""

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

    def resolve_request(self, request):
        # A middleware chose another URL conf: Django's way.
        if hasattr(request, "urlconf") or not fast.on("resolver_cache"):
            return super().resolve_request(request)
        # get_resolver() is the settings' URL conf, a new resolver when it changes (clear_url_caches).
        match = resolved(get_resolver(), request.path_info)
        request.resolver_match = match
        return match
