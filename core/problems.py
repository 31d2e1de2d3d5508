"""Every error the API returns is ``application/problem+json`` (RFC 9457), built here.

One place turns exceptions into responses: DRF's exceptions, Django's
``Http404``/``PermissionDenied``, the rules engine's ``BadInput``, our own
``Problem`` subclasses, and anything unexpected (a logged 500 without a trace).
Views never build error bodies by hand.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError
from django.db.models import ProtectedError, RestrictedError
from django.http import Http404, JsonResponse
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from core.middleware import current_request_id
from referee.games.errors import EngineError

logger = logging.getLogger("core.problems")
_INDEX = re.compile(r"\[(\d+)\]")  # the engine writes plays[3].cards; the API writes plays.3.cards
PROBLEM_CONTENT_TYPE = "application/problem+json"

TITLES = {
    400: _("Invalid request"),
    401: _("Authentication required"),
    403: _("Permission denied"),
    404: _("Not found"),
    405: _("Method not allowed"),
    406: _("Not acceptable"),
    409: _("Conflict"),
    412: _("Precondition failed"),
    415: _("Unsupported media type"),
    422: _("Unprocessable request"),
    428: _("Precondition required"),
    429: _("Too many requests"),
    500: _("Internal server error"),
    503: _("Service unavailable"),
}


class Problem(exceptions.APIException):
    """Base of our own API errors: a status, a stable code and a human detail."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "invalid"
    default_detail = _("Invalid request.")

    def __init__(
        self,
        detail=None,
        code=None,
        *,
        field: str | None = None,
        extra: dict | None = None,
        errors: list[dict] | None = None,
    ):
        super().__init__(detail, code)
        self.code = code or self.default_code
        self.field = field
        self.extra = extra or {}
        self.errors = (
            errors  # several field errors (each {"field", "code", "message"}), when one is not enough
        )


class Conflict(Problem):
    status_code = status.HTTP_409_CONFLICT
    default_code = "conflict"
    default_detail = _("The request conflicts with the current state of the resource.")


class PreconditionFailed(Problem):
    status_code = status.HTTP_412_PRECONDITION_FAILED
    default_code = "precondition_failed"
    default_detail = _("The resource changed since you read it (If-Match does not match its ETag).")


class Unprocessable(Problem):
    status_code = status.HTTP_422_UNPROCESSABLE_ENTITY
    default_code = "unprocessable"
    default_detail = _("The request is well formed but cannot be processed.")


ENGINE_MESSAGES: dict[str, Any] = {}  # code -> translatable message; apps register theirs


def engine_message(code: str, english: str) -> str:
    """The engine's own (English) sentence, or the translated message of its code."""
    if get_language() in (None, "en") or code not in ENGINE_MESSAGES:
        return english
    return str(ENGINE_MESSAGES[code])


def problem_body(
    *,
    status_code: int,
    code: str,
    detail: Any,
    errors: list[dict] | None = None,
    instance: str | None = None,
    extra: dict | None = None,
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "type": f"urn:guandan:problem:{code}",
        "title": str(TITLES.get(status_code, _("Error"))),
        "status": status_code,
        "detail": str(detail),
        "code": code,
    }
    if instance:
        body["instance"] = instance
    if errors is not None:
        body["errors"] = errors
    body["request_id"] = current_request_id()
    if extra:
        body.update(extra)
    return body


def _flatten(detail: Any, prefix: str = "") -> Iterator[tuple[str | None, exceptions.ErrorDetail]]:
    """Turn DRF's nested error structure into (dotted field path, error) pairs."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = "" if key in ("non_field_errors", "__all__") else str(key)
            path = f"{prefix}.{name}" if prefix and name else (prefix or name)
            yield from _flatten(value, path)
    elif isinstance(detail, list):
        for index, item in enumerate(detail):
            if isinstance(item, dict | list):
                yield from _flatten(item, f"{prefix}[{index}]")
            else:
                yield from _flatten(item, prefix)
    else:
        yield (prefix or None), detail


def validation_errors(detail: Any) -> list[dict[str, Any]]:
    return [
        {"field": field, "code": getattr(error, "code", None) or "invalid", "message": str(error)}
        for field, error in _flatten(detail)
    ]


def _response(body: dict[str, Any], headers: dict[str, str] | None = None) -> Response:
    response = Response(body, status=body["status"], content_type=PROBLEM_CONTENT_TYPE)
    for name, value in (headers or {}).items():
        response[name] = value
    return response


def _problem_errors(exc: Problem) -> list[dict[str, Any]] | None:
    """A problem's field errors, their messages in the caller's language."""
    if exc.errors:
        return [{**e, "message": engine_message(e["code"], e["message"])} for e in exc.errors]
    if exc.field:
        return [{"field": exc.field, "code": exc.code, "message": str(exc.detail)}]
    return None


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response:
    request = context.get("request")
    instance = request.path if request is not None else None

    if isinstance(exc, EngineError):  # a malformed referee question
        field = _INDEX.sub(r".\1", exc.field) if exc.field else None
        detail = engine_message(exc.code, exc.detail)
        errors = [{"field": field, "code": exc.code, "message": detail}]
        return _response(
            problem_body(status_code=400, code=exc.code, detail=detail, errors=errors, instance=instance)
        )

    if isinstance(exc, ProtectedError | RestrictedError):
        exc = Conflict(
            _("It is still referred to (for example by a match); change its status instead."), "in_use"
        )
    elif isinstance(exc, IntegrityError):
        # Validation catches these first; a race between two writers can still reach the database.
        logger.warning("Integrity error on %s: %s", instance, exc)
        exc = Conflict(
            _("The change conflicts with another change made at the same time; retry."), "conflict"
        )
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()

    if isinstance(exc, exceptions.APIException):
        drf_response = drf_exception_handler(exc, context)
        headers = {k: v for k, v in drf_response.items()} if drf_response is not None else {}
        headers.pop("Content-Type", None)
        if isinstance(exc, exceptions.ValidationError):
            errors = validation_errors(exc.detail)
            code = errors[0]["code"] if len(errors) == 1 else "invalid"
            detail = errors[0]["message"] if len(errors) == 1 else _("The request has invalid fields.")
            body = problem_body(
                status_code=exc.status_code, code=code, detail=detail, errors=errors, instance=instance
            )
        else:
            if isinstance(exc, Problem):
                code, extra = exc.code, exc.extra
                exc.detail = engine_message(code, exc.detail)
                errors = _problem_errors(exc)
            else:
                codes = exc.get_codes()
                code, extra, errors = (codes if isinstance(codes, str) else exc.default_code), None, None
            body = problem_body(
                status_code=exc.status_code,
                code=code,
                detail=exc.detail,
                errors=errors,
                instance=instance,
                extra=extra,
            )
        return _response(body, headers)

    logger.exception("Unhandled exception on %s (request id %s)", instance, current_request_id())
    return _response(
        problem_body(
            status_code=500,
            code="server_error",
            detail=_("An unexpected error occurred. Quote the request id when you report it."),
            instance=instance,
        )
    )


# ---- Django's own error views: never an HTML page for an API client ----
def _json_problem(request, status_code: int, code: str, detail: Any) -> JsonResponse:
    body = problem_body(status_code=status_code, code=code, detail=detail, instance=request.path)
    return JsonResponse(
        body, status=status_code, content_type=PROBLEM_CONTENT_TYPE, json_dumps_params={"ensure_ascii": False}
    )


def bad_request(request, exception=None):
    return _json_problem(request, 400, "bad_request", _("The request could not be understood."))


def permission_denied(request, exception=None):
    return _json_problem(request, 403, "permission_denied", _("You do not have permission to do this."))


def page_not_found(request, exception=None):
    return _json_problem(request, 404, "not_found", _("No resource at this address."))


def server_error(request):
    return _json_problem(
        request,
        500,
        "server_error",
        _("An unexpected error occurred. Quote the request id when you report it."),
    )


def csrf_failure(request, reason=""):
    return _json_problem(
        request, 403, "csrf_failed", _("CSRF verification failed: %(reason)s") % {"reason": reason}
    )
