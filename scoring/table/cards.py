"""The URLs table cards carry (docs/table-app.md "The table card").

A card printed now opens the app: ``{PUBLIC_URL}/t/#table_token=<key>`` (``tournaments.cards``).
A card printed before the app carries ``/api/v1/events/{slug}/matches/?table=N#table_token=<key>``:
a browser that opens it (it prefers ``text/html``) is sent to the app — a redirect keeps the URL's
fragment, so the key arrives — while an API client (``application/json``, ``*/*``) gets the
matches as before.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import URLPattern
from django.views.decorators.csrf import csrf_exempt

from tournaments.cards import APP_PATH
from tournaments.urls import router

#: The event's matches as the API router serves them (``GET …/matches/``, and its ``POST``).
_MATCHES: Callable[..., HttpResponse] = next(
    url.callback for url in router.urls if isinstance(url, URLPattern) and url.name == "event-match-list"
)


def prefers_html(request: HttpRequest) -> bool:
    """A browser navigating (``text/html`` over JSON in ``Accept``); ``*/*`` alone is an API client."""
    return request.get_preferred_type(["application/json", "text/html"]) == "text/html"


@csrf_exempt  # the API view below decides; a redirect is only for a browser's GET
def old_card(request: HttpRequest, event_slug: str) -> HttpResponse:
    if request.method in ("GET", "HEAD") and "table" in request.GET and prefers_html(request):
        response = HttpResponseRedirect(APP_PATH)
        response["Vary"] = "Accept"
        response["Cache-Control"] = "no-store"
        return response
    return _MATCHES(request, event_slug=event_slug)
