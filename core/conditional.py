"""ETags for every single-resource and public read; If-Match for writes; If-None-Match -> 304.

The ETag is a hash of the representation the client would read, so it changes exactly
when what the client sees changes, with no version column to keep in step.

- A view may work its ETag out before it builds its answer (``get_etag``): from the rows it is
  about to answer, say. A matching ``If-None-Match`` is then a 304 that builds and renders
  nothing, and a 200 carries that ETag instead of a hash of the rendered answer.
- The answer of a successful write of one resource carries the ETag a GET of it would send
  (``write_answer_is_representation``), so a client chains edits with ``If-Match`` without
  reading again.
- A write of one resource is "lock it, check ``If-Match`` against what a GET of it reads, call
  the service", in one transaction: ``with self.locked_write(instance) as locked: …``.
- A view whose ETag is worked out first may keep its rendered answers in the cache, keyed by
  that ETag (``cached_answer``): the next client without the ETag (another club website polling
  the same page) gets the same bytes after the ETag's reads, without building or rendering. An
  ETag names one representation (that is what makes a 304 right), so the bytes kept under it
  are the answer; they are kept for ``representation_seconds``, and only up to
  ``REPRESENTATION_MAX_BYTES`` (a setting: 256 kB in each process's memory, 8 MB with Redis).
  Each process keeps a copy of the bytes it served while the shared cache holds them, and a
  client that accepts gzip gets large ones compressed, with a weak ETag (core.representations).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from django.db import transaction
from rest_framework import status
from rest_framework.response import Response

from core import representations
from core.problems import PreconditionFailed

READS = ("GET", "HEAD")
WRITES = ("PUT", "PATCH", "POST")


#: ``json.dumps(…, sort_keys=True, default=str, separators=(",", ":"))``'s encoder, made once: dumps
#: with arguments makes a new one per call, a tenth of what working out a standings ETag cost.
_ENCODER = json.JSONEncoder(sort_keys=True, default=str, separators=(",", ":"))


def etag_of(data) -> str:
    payload = _ENCODER.encode(data).encode()
    return '"' + hashlib.sha256(payload).hexdigest()[:32] + '"'


def _matches(header: str, etag: str) -> bool:
    candidates = {value.strip().removeprefix("W/") for value in header.split(",")}
    return "*" in candidates or etag in candidates


class _NotModified(Exception):
    def __init__(self, etag: str):
        self.etag = etag


class RenderedResponse(Response):
    """A DRF response whose body was rendered by an earlier answer with the same ETag."""

    def __init__(self, content: bytes, *, encoding: str | None = None):
        super().__init__(data=content)  # not None: the ETag is still set on it (finalize_response)
        self.rendered = content
        if encoding is not None:
            self["Content-Encoding"] = encoding

    @property
    def rendered_content(self) -> bytes:  # type: ignore[override]  # DRF renders bytes; django-stubs say str
        # Response.rendered_content's Content-Type, without rendering ``data`` again.
        renderer = self.accepted_renderer
        content_type = self.content_type
        if content_type is None:
            charset = renderer.charset
            content_type = f"{renderer.media_type}; charset={charset}" if charset else renderer.media_type
        self["Content-Type"] = content_type
        return self.rendered


def _keep(key: str, seconds: int, response) -> None:
    if response.status_code == 200:
        representations.keep(key, response.content, seconds)


def _weak(etag: str) -> str:
    """The ETag of a compressed copy of the answer ``etag`` names: weak (RFC 9110 §8.8.3), as Django's
    GZipMiddleware makes it; ``If-None-Match`` compares weakly, so either form gets the 304."""
    return etag if etag.startswith("W/") else f"W/{etag}"


class ConditionalMixin:
    """For DRF views: ETag on GET, 304 on a matching If-None-Match, 412 on a stale If-Match,
    and the ETag of the resource on the answer of a write of it."""

    #: Whether the answer of a successful PUT, PATCH or POST is what a GET of the resource reads
    #: (then it carries that GET's ETag). None: when the view is a viewset's detail route that can
    #: ``retrieve`` and the answer is a 200 (an edit, or an operation such as ``POST …/{id}/publish``).
    write_answer_is_representation: bool | None = None
    # The DRF view's, this being mixed into one (its request is a DRF Request, which Django's View
    # types as an HttpRequest).
    request: Any
    get_serializer: Callable[..., Any]

    def get_etag(self, request, *args, **kwargs) -> str | None:
        """The ETag of what this GET will answer, worked out before the answer is built.

        Called after authentication, permissions and throttles. None (the default): the ETag is a
        hash of the answer. A view that gives one must answer exactly what the ETag was computed
        from (read the rows once, keep them for the answer).
        """
        return None

    #: Seconds a rendered answer is kept under its ETag by ``cached_answer`` (None: never).
    representation_seconds: int | None = None

    def cached_answer(self, request, build: Callable[[], Response]) -> Response:
        """``build()``'s answer, or the bytes an earlier answer with the same ETag rendered.

        Only for a view whose ``get_etag`` names everything its answer shows (the event's version,
        the rows): the same ETag is then the same answer, for any caller.
        """
        etag, seconds = getattr(self, "_etag", None), self.representation_seconds
        if etag is None or seconds is None or request.method not in READS:
            return build()
        media_type = getattr(request, "accepted_media_type", None) or ""  # ``; indent=4`` renders apart
        key = "representation:" + hashlib.sha256(f"{etag} {media_type}".encode()).hexdigest()[:40]
        content = representations.kept(key, seconds)
        if content is not None:
            if len(content) >= representations.GZIP_MIN_BYTES and representations.accepts_gzip(request):
                return RenderedResponse(representations.compressed(key, content, seconds), encoding="gzip")
            return RenderedResponse(content)
        response = build()
        # A view may move its ETag while building (a standings table turned out to be of another
        # version): those bytes are not the answer of the ETag the key was made from.
        if getattr(self, "_etag", None) == etag:
            response.add_post_render_callback(lambda rendered: _keep(key, seconds, rendered))
        return response

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

    @property
    def default_response_headers(self) -> dict[str, str]:
        headers = super().default_response_headers  # type: ignore[misc]  # the DRF view's
        request = getattr(self, "request", None)
        if self.representation_seconds is not None and request is not None and request.method in READS:
            # Kept answers go out compressed to a client that accepts gzip: a cache must tell them
            # apart. Named with DRF's own ``Vary`` (``Accept``), which it adds to every answer in one
            # go: a Vary patched on its own cost a read as much as its round trip's packing.
            vary = headers.get("Vary")
            headers["Vary"] = "Accept-Encoding" if vary is None else f"{vary}, Accept-Encoding"
        return headers

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        # A plain Django answer (a redirect) has no data: no ETag.
        if response.status_code == status.HTTP_304_NOT_MODIFIED or getattr(response, "data", None) is None:
            return response
        if request.method in READS and response.status_code == 200:
            etag = getattr(self, "_etag", None) or etag_of(response.data)
            if response.has_header("Content-Encoding"):
                etag = _weak(etag)
            if_none_match = request.headers.get("If-None-Match")
            if if_none_match and _matches(if_none_match, etag):
                not_modified = Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": etag})
                return super().finalize_response(request, not_modified, *args, **kwargs)
            response["ETag"] = etag
        elif request.method in WRITES and 200 <= response.status_code < 300:
            representation = self.written_representation(response)
            if representation is not None:
                response["ETag"] = etag_of(representation)
        return response

    def written_representation(self, response):
        """What a GET of the written resource reads now, for the ETag of a write's answer (None: no
        ETag). By default the answer itself when it is that representation; a view whose answer is
        something else (a deal post answers the match state) gives the written resource's own."""
        return response.data if self.answers_representation(response) else None

    def answers_representation(self, response) -> bool:
        """Whether ``response``, a write's answer, is the representation a GET of the resource reads."""
        if not (200 <= response.status_code < 300) or not isinstance(response.data, dict):
            return False
        if self.write_answer_is_representation is not None:
            return self.write_answer_is_representation
        if not hasattr(self, "retrieve"):
            return False
        # An edit or an operation on one resource answers it (200); a create answers the new one (201).
        if response.status_code == 201:
            return getattr(self, "action", None) == "create"
        return response.status_code == 200 and getattr(self, "detail", False)

    def check_if_match(self, representation) -> None:
        """Call inside the write's transaction, with the locked object's current representation."""
        if_match = self.request.headers.get("If-Match")
        if if_match and not _matches(if_match, etag_of(representation)):
            raise PreconditionFailed()

    def representation(self, instance) -> dict:
        """What a GET of ``instance`` answers (its ETag is what ``If-Match`` compares)."""
        return self.get_serializer(instance).data

    @contextmanager
    def locked_write(self, instance, *, lock=None) -> Iterator:
        """One transaction for a write of ``instance``: lock its row (``select_for_update``), check
        ``If-Match`` against its representation as it stands, and give the locked copy to the
        service call in the ``with`` block; a stale ``If-Match`` is a 412 before anything changes.

        ``lock``: lock that row instead (a match's round, which its services lock first) and give
        ``instance`` itself.
        """
        with transaction.atomic():
            if lock is None:
                instance = type(instance)._default_manager.select_for_update().get(pk=instance.pk)
            else:
                list(type(lock)._default_manager.select_for_update().filter(pk=lock.pk).values_list("pk"))
            self.check_if_match(self.representation(instance))
            yield instance
