"""Django's own error views and handlers (``handler400`` … ``handler500``, the CSRF failure view,
``core.middleware.ProblemMiddleware``): never an HTML page for an API client, always the problem
``core.problems`` builds for the same error.
"""

from __future__ import annotations

import logging
import sys
from typing import Any

from django.http import JsonResponse
from django.urls import Resolver404, resolve
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions

from core.problems import PROBLEM_CONTENT_TYPE, api_problem, convert, problem_body, server_error_body
from core.request_id import current_request_id

logger = logging.getLogger("core.problems")


def _json(body: dict[str, Any], headers: dict[str, str] | None = None) -> JsonResponse:
    response = JsonResponse(
        body,
        status=body["status"],
        content_type=PROBLEM_CONTENT_TYPE,
        json_dumps_params={"ensure_ascii": False},
    )
    for name, value in (headers or {}).items():
        response[name] = value
    return response


def _json_problem(request, status_code: int, code: str, detail: Any) -> JsonResponse:
    return _json(problem_body(status_code=status_code, code=code, detail=detail, instance=request.path))


def _converted(request, exc: BaseException | None) -> JsonResponse | None:
    converted = convert(exc) if exc is not None else None
    if isinstance(converted, exceptions.APIException):
        return _json(*api_problem(converted, request.path))
    return None


def django_exception_response(request, exc: BaseException) -> JsonResponse:
    """The problem for an exception raised outside DRF's views (a Django view, a middleware)."""
    response = _converted(request, exc)
    if response is not None:
        return response
    logger.error(
        "Unhandled exception on %s (request id %s)",
        request.path,
        current_request_id(),
        exc_info=(type(exc), exc, exc.__traceback__),
    )
    return _json(server_error_body(request.path))


def bad_request(request, exception=None):
    # Django passes what it refused: a body too large (413), too many fields, a bad Host header…
    return _converted(request, exception) or _json_problem(
        request, 400, "bad_request", _("The request could not be understood.")
    )


def permission_denied(request, exception=None):
    return _json_problem(request, 403, "permission_denied", _("You do not have permission to do this."))


def page_not_found(request, exception=None):
    if not request.path_info.endswith("/") and _is_a_view(request, request.path_info + "/"):
        # Django's APPEND_SLASH would redirect, and a redirected POST loses its body: say it instead.
        detail = _("No resource at this address; did you mean %(path)s (with a trailing slash)?") % {
            "path": request.path + "/"
        }
        return _json_problem(request, 404, "not_found", detail)
    return _json_problem(request, 404, "not_found", _("No resource at this address."))


def _is_a_view(request, path: str) -> bool:
    try:
        match = resolve(path, getattr(request, "urlconf", None))
    except Resolver404:
        return False
    return getattr(match.func, "__wrapped__", match.func) is not page_not_found


def server_error(request):
    # Django calls this while it handles the exception (raised in a middleware, say): a database
    # that does not answer is a 503 with Retry-After, not a bug.
    return _converted(request, sys.exc_info()[1]) or _json(server_error_body(request.path))


def csrf_failure(request, reason=""):
    return _json_problem(
        request, 403, "csrf_failed", _("CSRF verification failed: %(reason)s") % {"reason": reason}
    )
