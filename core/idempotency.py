"""``Idempotency-Key`` for writes a phone may retry (docs/api.md).

The first request with a key claims it (a row under a unique constraint, committed before
the work starts), does the work, and stores its answer. A retry with the same key and the
same request gets that answer again; with a different request it is a 422. A retry that
arrives while the first is still running gets a 409 and should try again shortly. A first
request that fails releases its key, so the retry does the work.
"""

from __future__ import annotations

import datetime
import hashlib
import re

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework.response import Response

from core.models import IdempotencyRecord
from core.problems import Conflict, Problem, Unprocessable

HEADER = "Idempotency-Key"
ABANDONED_AFTER = datetime.timedelta(minutes=2)
_VALID = re.compile(r"^[\x21-\x7e]{1,255}$")
_REPLAYED_HEADERS = ("Content-Type", "Location", "ETag")


class _Replay(Exception):
    def __init__(self, response: Response):
        self.response = response


def request_principal(request) -> str:
    user = request.user
    token = getattr(user, "token", None)
    if token is not None and getattr(user, "pk", None) is None:
        return f"table:{token.pk}"
    return f"user:{user.pk}"


def _request_hash(request) -> str:
    digest = hashlib.sha256(f"{request.method} {request.path}\n".encode())
    length = int(request.META.get("CONTENT_LENGTH") or 0)
    if length and length <= settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
        digest.update(request._request.body)
    else:
        digest.update(f"length:{length}".encode())
    return digest.hexdigest()


class IdempotentMixin:
    """For DRF views: honour ``Idempotency-Key`` on POST."""

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        self._idempotency = None
        key = request.headers.get(HEADER)
        if request.method != "POST" or key is None or not request.user.is_authenticated:
            return
        if not _VALID.match(key):
            raise Problem(
                _("Idempotency-Key must be 1 to 255 printable characters."), "invalid_idempotency_key"
            )
        self._idempotency = _claim(request_principal(request), key, request, _request_hash(request))

    def handle_exception(self, exc):
        if isinstance(exc, _Replay):
            return exc.response
        return super().handle_exception(exc)

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        record = getattr(self, "_idempotency", None)
        if record is not None:
            self._idempotency = None
            if 200 <= response.status_code < 300:
                record.status_code = response.status_code
                record.response_body = response.data
                record.response_headers = {h: response[h] for h in _REPLAYED_HEADERS if h in response}
                record.save(update_fields=["status_code", "response_body", "response_headers"])
            else:  # the work did not happen: free the key for the retry
                record.delete()
        return response


def _claim(principal: str, key: str, request, request_hash: str, *, again: bool = True) -> IdempotencyRecord:
    """Claim the key, or raise: the stored answer (a replay), 422 reused, 409 still running."""
    try:
        with transaction.atomic():
            return IdempotencyRecord.objects.create(
                principal=principal,
                key=key,
                method=request.method,
                path=request.path,
                request_hash=request_hash,
            )
    except IntegrityError:
        pass
    record = IdempotencyRecord.objects.get(principal=principal, key=key)
    if record.request_hash != request_hash:
        raise Unprocessable(
            _("This Idempotency-Key was used with another request."), "idempotency_key_reused"
        )
    if record.status_code is None:
        if again and record.created_at < timezone.now() - ABANDONED_AFTER:
            # The first request died mid-way (its process was killed): take the key over.
            IdempotencyRecord.objects.filter(pk=record.pk, status_code__isnull=True).delete()
            return _claim(principal, key, request, request_hash, again=False)
        raise Conflict(
            _("A request with this Idempotency-Key is still being processed; retry shortly."),
            "idempotency_key_in_use",
        )
    response = Response(record.response_body, status=record.status_code)
    for name, value in record.response_headers.items():
        response[name] = value
    response["Idempotent-Replayed"] = "true"
    raise _Replay(response)


def run_once(*, principal: str, key: str, path: str, request_hash: str, work) -> tuple[int, object, bool]:
    """Do ``work()`` at most once per (principal, key): the claim, the work and the stored answer
    commit together, so a retry at any moment finds either nothing (and does the work) or the
    answer (and replays it). Returns ``(status, body, replayed)``.

    ``work`` returns ``(status, body)``; if it raises, nothing is stored and the key stays free.
    On PostgreSQL a second request with the same key waits on the unique index until the first
    commits (then replays its answer) or rolls back (then does the work itself).
    """
    if not _VALID.match(key):
        raise Problem(_("Idempotency-Key must be 1 to 255 printable characters."), "invalid_idempotency_key")
    with transaction.atomic():
        try:
            with transaction.atomic():
                record = IdempotencyRecord.objects.create(
                    principal=principal, key=key, method="POST", path=path[:500], request_hash=request_hash
                )
        except IntegrityError:
            record = IdempotencyRecord.objects.get(principal=principal, key=key)
            if record.request_hash != request_hash:
                raise Unprocessable(
                    _("This Idempotency-Key was used with another request."), "idempotency_key_reused"
                ) from None
            if record.status_code is None:
                raise Conflict(
                    _("A request with this Idempotency-Key is still being processed; retry shortly."),
                    "idempotency_key_in_use",
                ) from None
            return record.status_code, record.response_body, True
        status, body = work()
        record.status_code, record.response_body = status, body
        record.save(update_fields=["status_code", "response_body"])
        return status, body, False
