"""The pages' language: ``?lang=`` (the switch), else the cookie it sets, else ``Accept-Language``.

Django's LocaleMiddleware has already picked the language from the cookie or ``Accept-Language``;
a ``?lang=`` of the switch wins for this request and is remembered in Django's language cookie, so
the next page (and the big screen's polls) keep it. An unknown ``?lang=`` is a 404, never a 500.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404
from django.utils import translation
from django.utils.translation import pgettext

CODES = {code for code, _name in settings.LANGUAGES}
# The switch's entries: each named in its own language, so a reader finds theirs.
SWITCH = (("en", "English", "en"), ("zh-hans", "简体中文", "zh-Hans"))


def chosen_language(request) -> str | None:
    """The ``?lang=`` asked for (normalised), None when none was; a 404 for an unknown one."""
    asked = request.GET.get("lang")
    if asked in (None, ""):
        return None
    code = asked.strip().lower().replace("_", "-")
    if code not in CODES:
        raise Http404("unknown language")
    return code


def activate(request) -> str | None:
    """Activate the ``?lang=`` of the request; returns it (to be remembered in the cookie)."""
    code = chosen_language(request)
    if code is not None:
        translation.activate(code)
        request.LANGUAGE_CODE = code
    return code


def remember(response, code: str | None) -> None:
    if code is not None:
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            code,
            max_age=365 * 24 * 60 * 60,
            samesite="Lax",
            secure=settings.LANGUAGE_COOKIE_SECURE,
        )


def listing(items) -> str:
    """Items as a list reads in the active language: "1, 2" in English, "1、2" (顿号) in Chinese."""
    return pgettext("list separator", ", ").join(str(item) for item in items)
