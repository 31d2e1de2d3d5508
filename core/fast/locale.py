"""Django's LocaleMiddleware without looking for a language in the path where no URL carries one:
the fast path ``locale_path`` (off, Django's own for every request)."""

from __future__ import annotations

from django.conf import settings
from django.conf.urls.i18n import is_language_prefix_patterns_used
from django.middleware import locale
from django.utils import translation
from django.utils.cache import patch_vary_headers

from core import fast


class LocaleMiddleware(locale.LocaleMiddleware):
    """Django's, without looking for a language in the path where no URL has one.

    Django's looks for it twice a request (going in and going out) and only then asks whether the
    URLs carry a language prefix (``i18n_patterns``); ours do not, so the answer is the same
    without it: the language of the cookie or of ``Accept-Language``, ``Vary: Accept-Language``
    and ``Content-Language``. Where the URLs do carry one, Django's own middleware answers.
    """

    def process_request(self, request):
        if not fast.on("locale_path") or _prefixed(request):
            return super().process_request(request)
        translation.activate(translation.get_language_from_request(request, check_path=False))
        request.LANGUAGE_CODE = translation.get_language()
        return None

    def process_response(self, request, response):
        if not fast.on("locale_path") or _prefixed(request):
            return super().process_response(request, response)
        patch_vary_headers(response, ("Accept-Language",))
        response.headers.setdefault("Content-Language", translation.get_language())
        return response


def _prefixed(request) -> bool:
    """Whether the request's URLs have a language prefix (``i18n_patterns``; the answer is cached)."""
    return is_language_prefix_patterns_used(getattr(request, "urlconf", settings.ROOT_URLCONF))[0]
