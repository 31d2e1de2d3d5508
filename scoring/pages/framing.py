"""What every public page shares (docs/pages.md): the language it is rendered in, its HTML 404, the
``Vary`` on what picks the language, and the context every template starts from."""

from __future__ import annotations

import functools
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.conf import settings
from django.http import Http404
from django.shortcuts import render
from django.utils import translation
from django.utils.cache import patch_vary_headers

from scoring.pages import data
from tournaments.models import Event

from .i18n import SWITCH, activate, remember


def event_zone(event: Event):
    try:
        return ZoneInfo(event.time_zone)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo(settings.TIME_ZONE)


def page(view):
    """Language from ``?lang=`` (then cookie, Accept-Language); an HTML 404 page for anything not
    found; ``Vary`` on what picks the language."""

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        try:
            code = activate(request)
            response = view(request, *args, **kwargs)
        except Http404:
            response = render(request, "pages/404.html", base_context(request), status=404)
            code = None
        remember(response, code)
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        response.setdefault("Content-Language", translation.get_language())
        return response

    return wrapper


def base_context(request, event: Event | None = None) -> dict:
    path = request.path
    return {
        "event": event,
        "event_zone": event_zone(event) if event else None,
        "shows": data.shows(event) if event else {},
        # Four players to a table, each for themselves (four-player Dou Dizhu, D10): the pages show
        # seats N, E, S, W and players where they show two sides and pairs.
        "four": event.at_tables if event else False,
        "languages": [
            {"code": code, "name": name, "lang": lang, "url": f"{path}?lang={code}"}
            for code, name, lang in SWITCH
        ],
        "language": translation.get_language(),
        "html_lang": "zh-Hans" if translation.get_language() == "zh-hans" else "en",
    }
