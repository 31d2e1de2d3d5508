"""Every error the API returns is ``application/problem+json`` (RFC 9457), built here.

One place turns exceptions into responses: DRF's exceptions, Django's
``Http404``/``PermissionDenied``/``SuspiciousOperation``, the database's errors, the services'
domain errors (``core.errors``: their HTTP status is given here, in ``STATUS``, and nowhere else),
the HTTP-level ``Problem`` subclasses, what the apps teach it (the rules engine's ``BadInput``: each app
registers its converter and its translated messages in ``AppConfig.ready``), and anything
unexpected (a logged 500 without a trace). As in DRF's ``exception_handler``, ``convert`` first
turns what is not an API exception into the one it means; one function then renders it, for DRF's
views and for Django's own error handlers alike (core.error_views). Views never build error bodies by hand.

Core depends on nothing above it: it knows no app's exceptions, only the converters they register.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterator
from typing import Any

from django.core.exceptions import (
    BadRequest,
    PermissionDenied,
    RequestDataTooBig,
    SuspiciousOperation,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.db import IntegrityError, InterfaceError, OperationalError, connections
from django.db.models import ProtectedError, RestrictedError
from django.http import Http404
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions, status
from rest_framework.response import Response

from core import errors
from core.request_id import current_request_id

logger = logging.getLogger("core.problems")
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
    413: _("Content too large"),
    415: _("Unsupported media type"),
    422: _("Unprocessable request"),
    428: _("Precondition required"),
    429: _("Too many requests"),
    500: _("Internal server error"),
    503: _("Service unavailable"),
}


class Problem(exceptions.APIException):
    """An API error: a status, a stable code and a human detail. Services raise ``core.errors``'
    domain errors instead; ``problem_of`` turns those into this."""

    status_code: int = status.HTTP_400_BAD_REQUEST
    # One message: an ErrorDetail, or its translation once the handler has rendered it.
    detail: Any
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


class PreconditionFailed(Problem):
    status_code = status.HTTP_412_PRECONDITION_FAILED
    default_code = "precondition_failed"
    default_detail = _("The resource changed since you read it (If-Match does not match its ETag).")


class PayloadTooLarge(Problem):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "payload_too_large"
    default_detail = _("The request body is larger than the server accepts.")


class DatabaseUnavailable(Problem):
    """The database did not answer (down, unreachable, out of connections): retry later."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_code = "database_unavailable"
    default_detail = _("The service cannot reach its database; retry shortly.")
    wait = 5  # seconds, sent as Retry-After


# The one place where a domain error (``core.errors``) gets its HTTP status; a subclass takes its
# nearest listed base's.
STATUS: dict[type[errors.DomainError], int] = {
    errors.DomainError: status.HTTP_400_BAD_REQUEST,
    errors.Forbidden: status.HTTP_403_FORBIDDEN,
    errors.NotFound: status.HTTP_404_NOT_FOUND,
    errors.Conflict: status.HTTP_409_CONFLICT,
    errors.Refused: status.HTTP_422_UNPROCESSABLE_ENTITY,
}


def problem_of(error: errors.DomainError) -> Problem:
    """The API problem a domain error is: its status from ``STATUS``, its code, detail and fields."""
    status_code = next(STATUS[kind] for kind in type(error).__mro__ if kind in STATUS)
    problem = Problem(error.detail, error.code, field=error.field, extra=error.extra, errors=error.errors)
    problem.status_code = status_code
    return problem


ENGINE_MESSAGES: dict[str, Any] = {}  # code -> translatable message; apps register theirs

# Functions that turn an app's own exception into an API exception (``None``: not theirs).
Converter = Callable[[BaseException], exceptions.APIException | None]
CONVERTERS: list[Converter] = []


def register_converter(converter: Converter) -> Converter:
    """Let ``convert`` turn an app's exceptions into API exceptions (call it in ``AppConfig.ready``)."""
    if converter not in CONVERTERS:
        CONVERTERS.append(converter)
    return converter


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


def convert(exc: BaseException) -> BaseException:
    """What an exception means as an API exception (itself when it is one, or is unexpected)."""
    for converter in CONVERTERS:
        converted = converter(exc)
        if converted is not None:
            return converted
    if isinstance(exc, errors.DomainError):
        return problem_of(exc)
    if isinstance(exc, ProtectedError | RestrictedError):
        return problem_of(
            errors.Conflict(
                _("It is still referred to (for example by a match); change its status instead."), "in_use"
            )
        )
    if isinstance(exc, IntegrityError) or _sqlstate(exc).startswith("40"):
        # Validation catches these first; a race between two writers can still reach the database
        # (a unique constraint, or PostgreSQL's deadlock and serialization failures, class 40).
        logger.warning("Integrity error: %s", exc)
        return problem_of(
            errors.Conflict(_("The change conflicts with another change made at the same time; retry."))
        )
    if isinstance(exc, OperationalError | InterfaceError):
        # Nothing the client did: the database is down, unreachable or out of connections.
        logger.error("Database unavailable (request id %s): %s", current_request_id(), exc)
        return DatabaseUnavailable()
    if isinstance(exc, RequestDataTooBig):
        return PayloadTooLarge()
    if isinstance(exc, TooManyFieldsSent | TooManyFilesSent):
        return Problem(_("The request has too many fields or files."), "too_many_fields")
    if isinstance(exc, SuspiciousOperation | BadRequest):
        return Problem(_("The request could not be understood."), "bad_request")
    if isinstance(exc, Http404):
        return exceptions.NotFound()
    if isinstance(exc, PermissionDenied):
        return exceptions.PermissionDenied()
    return exc


def _sqlstate(exc: BaseException) -> str:
    """PostgreSQL's error code of a database error (psycopg's error is its cause), else ""."""
    if not isinstance(exc, OperationalError):
        return ""
    return getattr(exc.__cause__, "sqlstate", None) or ""


def api_problem(exc: exceptions.APIException, instance: str | None) -> tuple[dict[str, Any], dict[str, str]]:
    """The body and headers of an API exception (DRF's, or ours)."""
    headers: dict[str, str] = {}
    errors: list[dict[str, Any]] | None
    auth_header = getattr(exc, "auth_header", None)  # NotAuthenticated's
    if auth_header:
        headers["WWW-Authenticate"] = auth_header
    wait = getattr(exc, "wait", None)  # Throttled's
    if wait:
        headers["Retry-After"] = str(math.ceil(wait))
    if isinstance(exc, exceptions.ValidationError):
        errors = validation_errors(exc.detail)
        code = errors[0]["code"] if len(errors) == 1 else "invalid"
        detail = errors[0]["message"] if len(errors) == 1 else _("The request has invalid fields.")
        body = problem_body(
            status_code=exc.status_code, code=code, detail=detail, errors=errors, instance=instance
        )
        return body, headers
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
    return body, headers


def server_error_body(instance: str | None) -> dict[str, Any]:
    return problem_body(
        status_code=500,
        code="server_error",
        detail=_("An unexpected error occurred. Quote the request id when you report it."),
        instance=instance,
    )


def _set_rollback() -> None:
    """What DRF's own handler does for ATOMIC_REQUESTS (rest_framework.views imports the parsers,
    which import this module: hence a copy rather than an import)."""
    for db in connections.all(initialized_only=True):
        if db.settings_dict["ATOMIC_REQUESTS"] and db.in_atomic_block:
            db.set_rollback(True)


def exception_handler(exc: BaseException, context: dict[str, Any]) -> Response:
    request = context.get("request")
    instance = request.path if request is not None else None

    exc = convert(exc)
    if isinstance(exc, exceptions.APIException):
        _set_rollback()
        return _response(*api_problem(exc, instance))

    logger.exception("Unhandled exception on %s (request id %s)", instance, current_request_id())
    return _response(server_error_body(instance))


def problem_of_exception(exc: BaseException, instance: str | None = None) -> dict[str, Any]:
    """The problem+json body a view would answer for ``exc`` (a job records it, core.jobs); anything
    unexpected is logged and is the 500 ``server_error``."""
    converted = convert(exc)
    if isinstance(converted, exceptions.APIException):
        return api_problem(converted, instance)[0]
    logger.error("Unhandled exception in %s", instance, exc_info=(type(exc), exc, exc.__traceback__))
    return server_error_body(instance)
