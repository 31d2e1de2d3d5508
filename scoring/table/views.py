"""``/t/``: the table app's page and its service worker (docs/table-app.md "How it is built").

The page is the same for every table and every phone (the table's key stays in the phone, never in
a request but the API's ``Authorization`` header), so a service worker may keep it for offline use.
It carries the app's strings in both languages as JSON data (no inline script) and a strict
``Content-Security-Policy``: the app's own scripts and styles only, its API calls to its own origin.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils import translation
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_safe

from scoring.table.strings import STRINGS

#: The table app's pages allow their own scripts, styles, images (and the API) and nothing else.
CSP = "; ".join(
    (
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    )
)
#: The app's files the service worker keeps (the page itself too), in the static files' URLs.
MODULES = ("app.js", "api.js", "form.js", "i18n.js", "views.js", "app.css")
LANGUAGES = ("zh-hans", "en")  # zh-Hans first: the app's language when the phone's is neither


def catalog() -> dict[str, dict[str, str]]:
    """Every string of the app in each of its languages."""
    strings = {}
    for code in LANGUAGES:
        with translation.override(code):
            strings[code] = {key: str(text) for key, text in STRINGS.items()}
    return strings


def _secure(response: HttpResponse) -> HttpResponse:
    response["Content-Security-Policy"] = CSP
    response["Referrer-Policy"] = "no-referrer"
    response["X-Content-Type-Options"] = "nosniff"
    return response


@require_safe
@gzip_page  # the page carries both languages' strings: compressed, a third of its bytes on a slow network
def app(request) -> HttpResponse:
    """The app's one page (any path under ``/t/``: the app routes inside it)."""
    context: dict[str, Any] = {
        "strings": catalog(),
        "config": {
            "api": "/api/v1",
            "languages": list(LANGUAGES),
            "poll_seconds": settings.TABLE_APP_POLL_SECONDS,
            "files": [static(f"table/{name}") for name in MODULES],
        },
    }
    # Every module asked at once (modulepreload), not one import after another: one round trip.
    context["modules"] = [f"table/{name}" for name in MODULES if name.endswith(".js") and name != "app.js"]
    response = render(request, "table/app.html", context)
    response["Cache-Control"] = "no-cache"  # always revalidated online; the service worker keeps a copy
    return _secure(response)


def _read(name: str) -> str:
    found = finders.find(f"table/{name}")
    return Path(found if isinstance(found, str) else "").read_text(encoding="utf-8")


@require_safe
def service_worker(request) -> HttpResponse:
    """``/t/sw.js``: served from ``/t/`` so that its scope is the app's; the list of files it keeps is
    the static files' current URLs (a new release caches anew)."""
    source = _read("sw.js")
    files = ["/t/", *(static(f"table/{name}") for name in MODULES)]
    digest = hashlib.sha256("".join(_read(name) for name in MODULES).encode()).hexdigest()[:16]
    body = f"const FILES = {json.dumps(files)};\nconst VERSION = {json.dumps(digest)};\n{source}"
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/t/"
    return _secure(response)
