"""Errors outside DRF's views are problem+json too (the request id lives in core.request_id)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404

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
