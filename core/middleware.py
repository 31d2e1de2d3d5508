"""A request id on every request, echoed in ``X-Request-ID`` and in every log line."""

from __future__ import annotations

import contextvars
import logging
import re
import uuid

_request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")
_VALID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")


def current_request_id() -> str:
    return _request_id.get()


class RequestIdMiddleware:
    """Take the client's ``X-Request-ID`` when it is sane, else make one."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        given = request.headers.get("X-Request-ID", "")
        request_id = given if _VALID.match(given) else uuid.uuid4().hex
        request.request_id = request_id
        token = _request_id.set(request_id)
        try:
            response = self.get_response(request)
        finally:
            _request_id.reset(token)
        response["X-Request-ID"] = request_id
        return response


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
        from django.core.exceptions import PermissionDenied
        from django.http import Http404

        from core import problems

        if isinstance(exception, Http404):
            return problems.page_not_found(request, exception)
        if isinstance(exception, PermissionDenied):
            return problems.permission_denied(request, exception)
        # A database that does not answer is a 503, a body too large a 413…; the rest a logged 500.
        return problems.django_exception_response(request, exception)


class RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = _request_id.get()
        return True
