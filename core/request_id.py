"""A request id on every request, echoed in ``X-Request-ID`` and in every log line.

Its own module, beneath everything else in core: the problem bodies and the logs read it, and the
middleware that sets it imports nothing of theirs.
"""

from __future__ import annotations

import contextvars
import logging
import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

_request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")
_VALID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")


def current_request_id() -> str:
    return _request_id.get()


@contextmanager
def request_id_of(request_id: str) -> Iterator[None]:
    """Outside a request: logs and problem bodies in the block carry ``request_id`` (a job's work
    carries the id of the request that asked for it, core.jobs)."""
    token = _request_id.set(request_id or "-")
    try:
        yield
    finally:
        _request_id.reset(token)


class RequestIdMiddleware:
    """Take the client's ``X-Request-ID`` when it is sane, else make one."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        # META, not request.headers: the headers' mapping is built from all of META on first use.
        given = request.META.get("HTTP_X_REQUEST_ID")
        request_id = given if given and _VALID.match(given) else uuid.uuid4().hex
        request.request_id = request_id
        token = _request_id.set(request_id)
        try:
            response = self.get_response(request)
        finally:
            _request_id.reset(token)
        response["X-Request-ID"] = request_id
        return response


class RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = _request_id.get()
        return True
