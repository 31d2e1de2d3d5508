"""Errors outside DRF's views are problem+json too (the request id lives in core.request_id); the
language of a request without the URL's language prefix looked for."""

from __future__ import annotations

from django.conf import settings
from django.conf.urls.i18n import is_language_prefix_patterns_used
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.middleware import locale
from django.utils import translation
from django.utils.cache import patch_vary_headers

from core import error_views


class ProblemMiddleware:
    """Errors outside DRF's views (Django views, other middleware) are problem+json too.

    Django turns them into its own pages, which are HTML when DEBUG is on; an API client
    must never see those.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, Http404):
            return error_views.page_not_found(request, exception)
        if isinstance(exception, PermissionDenied):
            return error_views.permission_denied(request, exception)
        # A database that does not answer is a 503, a body too large a 413…; the rest a logged 500.
        return error_views.django_exception_response(request, exception)


class LocaleMiddleware(locale.LocaleMiddleware):
    """Django's, without looking for a language in the path where no URL has one.

    Django's looks for it twice a request (going in and going out) and only then asks whether the
    URLs carry a language prefix (``i18n_patterns``); ours do not, so the answer is the same
    without it: the language of the cookie or of ``Accept-Language``, ``Vary: Accept-Language``
    and ``Content-Language``. Where the URLs do carry one, Django's own middleware answers.
    """

    def process_request(self, request):
        if _prefixed(request):
            return super().process_request(request)
        translation.activate(translation.get_language_from_request(request, check_path=False))
        request.LANGUAGE_CODE = translation.get_language()
        return None

    def process_response(self, request, response):
        if _prefixed(request):
            return super().process_response(request, response)
        patch_vary_headers(response, ("Accept-Language",))
        response.headers.setdefault("Content-Language", translation.get_language())
        return response


def _prefixed(request) -> bool:
    """Whether the request's URLs have a language prefix (``i18n_patterns``; the answer is cached)."""
    return is_language_prefix_patterns_used(getattr(request, "urlconf", settings.ROOT_URLCONF))[0]
