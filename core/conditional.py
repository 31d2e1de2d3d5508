"""ETags for every single-resource and public read; If-Match for writes; If-None-Match -> 304.

The ETag is a hash of the representation the client would read, so it changes exactly
when what the client sees changes, with no version column to keep in step.

- A view may work its ETag out before it builds its answer (``get_etag``): from the rows it is
  about to answer, say. A matching ``If-None-Match`` is then a 304 that builds and renders
  nothing, and a 200 carries that ETag instead of a hash of the rendered answer.
- The answer of a successful write of one resource carries the ETag a GET of it would send
  (``write_answer_is_representation``), so a client chains edits with ``If-Match`` without
  reading again.
"""

from __future__ import annotations

import hashlib
import json

from rest_framework import status
from rest_framework.response import Response

from core.problems import PreconditionFailed

READS = ("GET", "HEAD")
WRITES = ("PUT", "PATCH", "POST")


def etag_of(data) -> str:
    payload = json.dumps(data, sort_keys=True, default=str, separators=(",", ":")).encode()
    return '"' + hashlib.sha256(payload).hexdigest()[:32] + '"'


def _matches(header: str, etag: str) -> bool:
    candidates = {value.strip().removeprefix("W/") for value in header.split(",")}
    return "*" in candidates or etag in candidates


class _NotModified(Exception):
    def __init__(self, etag: str):
        self.etag = etag


class ConditionalMixin:
    """For DRF views: ETag on GET, 304 on a matching If-None-Match, 412 on a stale If-Match,
    and the ETag of the resource on the answer of a write of it."""

    #: Whether the answer of a successful PUT, PATCH or POST is what a GET of the resource reads
    #: (then it carries that GET's ETag). None: when the view is a viewset's detail route that can
    #: ``retrieve`` and the answer is a 200 (an edit, or an operation such as ``POST …/{id}/publish``).
    write_answer_is_representation: bool | None = None

    def get_etag(self, request, *args, **kwargs) -> str | None:
        """The ETag of what this GET will answer, worked out before the answer is built.

        Called after authentication, permissions and throttles. None (the default): the ETag is a
        hash of the answer. A view that gives one must answer exactly what the ETag was computed
        from (read the rows once, keep them for the answer).
        """
        return None

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        self._etag = None
        if request.method in READS:
            self._etag = self.get_etag(request, *args, **kwargs)
            if_none_match = request.headers.get("If-None-Match")
            if self._etag is not None and if_none_match and _matches(if_none_match, self._etag):
                raise _NotModified(self._etag)

    def handle_exception(self, exc):
        if isinstance(exc, _NotModified):
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": exc.etag})
        return super().handle_exception(exc)

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        if response.status_code == status.HTTP_304_NOT_MODIFIED or response.data is None:
            return response
        if request.method in READS and response.status_code == 200:
            etag = getattr(self, "_etag", None) or etag_of(response.data)
            if_none_match = request.headers.get("If-None-Match")
            if if_none_match and _matches(if_none_match, etag):
                not_modified = Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": etag})
                return super().finalize_response(request, not_modified, *args, **kwargs)
            response["ETag"] = etag
        elif request.method in WRITES and self.answers_representation(response):
            response["ETag"] = etag_of(response.data)
        return response

    def answers_representation(self, response) -> bool:
        """Whether ``response``, a write's answer, is the representation a GET of the resource reads."""
        if not (200 <= response.status_code < 300) or not isinstance(response.data, dict):
            return False
        if self.write_answer_is_representation is not None:
            return self.write_answer_is_representation
        return response.status_code == 200 and getattr(self, "detail", False) and hasattr(self, "retrieve")

    def check_if_match(self, representation) -> None:
        """Call inside the write's transaction, with the locked object's current representation."""
        if_match = self.request.headers.get("If-Match")
        if if_match and not _matches(if_match, etag_of(representation)):
            raise PreconditionFailed()
