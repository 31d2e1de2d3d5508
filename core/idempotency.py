"""``Idempotency-Key`` for writes a phone may retry (docs/api.md).

One mechanism for views (``IdempotentMixin``) and for the items of a sync batch (``run_once``):
the claim of the key (a row under a unique constraint), the work and the stored answer commit in
ONE transaction. A retry at any moment therefore finds either nothing (the first request failed,
or its process died: nothing of its work persisted, and the retry does the work) or the answer
(and gets it again). On PostgreSQL a retry that arrives while the first request runs waits on the
unique index until the first commits (then replays its answer) or rolls back (then does the work).

A view that locks the row it writes first (``IdempotentMixin.atomic_post``: a deal post) records
the key with its answer at the end instead, in one statement; a retry waits on the lock, and its
work is undone when the key turns out taken.

A retry with the same key and another request is a 422. Only the first scheme of this module
committed a claim before the work (a record whose ``status_code`` is null): such a record is
answered 409 for a while (its request may still be running in a process of the old release), then
taken over.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.files.uploadedfile import UploadedFile
from django.db import IntegrityError, connections, router, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework.response import Response

from core.errors import Conflict, Refused
from core.models import IdempotencyRecord
from core.problems import Problem

HEADER = "Idempotency-Key"
ABANDONED_AFTER = datetime.timedelta(minutes=2)  # for claims left by the first scheme only
PATH_LENGTH = IdempotencyRecord._meta.get_field("path").max_length
_VALID = re.compile(r"^[\x21-\x7e]{1,255}$")
_REPLAYED_HEADERS = ("Content-Type", "Location", "ETag")


@dataclass(frozen=True)
class Answer:
    """What a request with a key answered, stored with the key."""

    status: int
    body: Any
    headers: dict[str, str]


class _Replay(Exception):
    def __init__(self, response: Response):
        self.response = response


class _Undo(Exception):
    """Leave the transaction of a keyed request without committing: its answer was not a success,
    or (``settled``) the key already held an answer, which ``response`` is."""

    def __init__(self, response, *, settled: bool = False):
        self.response = response
        self.settled = settled


def check_key(key: str) -> None:
    if not _VALID.match(key):
        raise Problem(_("Idempotency-Key must be 1 to 255 printable characters."), "invalid_idempotency_key")


def request_principal(request) -> str:
    user = request.user
    token = getattr(user, "token", None)
    if token is not None and getattr(user, "pk", None) is None:
        return f"table:{token.pk}"
    return f"user:{user.pk}"


# ---- what a request means, hashed ----
def _canonical(value: Any) -> Any:
    """The parsed request in a form that does not depend on how it was encoded."""
    if isinstance(value, UploadedFile):
        digest = hashlib.sha256()
        for chunk in value.chunks():
            digest.update(chunk)
        value.seek(0)  # the view reads it next
        return {"file": value.name, "sha256": digest.hexdigest()}
    if hasattr(value, "lists"):  # a QueryDict or MultiValueDict (form and multipart fields, files)
        return {"fields": sorted([key, [_canonical(v) for v in values]] for key, values in value.lists())}
    if isinstance(value, dict):
        return {str(key): _canonical(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_canonical(item) for item in value]
    return value


def request_hash(request) -> str:
    """A hash of what the request means: method, full path, query, media type and parsed body.

    A multipart upload retried with another boundary (its files compared by name and content), or
    JSON with its keys in another order or other spacing, is the same request.
    """
    meaning = {
        "method": request.method,
        "path": request.path,
        "query": _canonical(request.query_params),
        "type": (request.content_type or "").split(";")[0].strip().lower(),
        "data": _canonical(request.data),
    }
    payload = json.dumps(meaning, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(payload.encode()).hexdigest()


# ---- the one mechanism ----
def claim(
    *, principal: str, key: str, method: str, path: str, request_hash: str
) -> IdempotencyRecord | Answer:
    """Inside the caller's transaction: claim the key (a new record, to be completed with ``store``
    in the same transaction) or find the answer stored with it.

    Raises 422 ``idempotency_key_reused`` when the key was used for another request, and 409
    ``idempotency_key_in_use`` for a claim of the first scheme that may still be running.
    """
    for attempt in range(2):
        try:
            with transaction.atomic():  # a savepoint: a taken key leaves the caller's transaction usable
                return IdempotencyRecord.objects.create(
                    principal=principal,
                    key=key,
                    method=method,
                    path=path[:PATH_LENGTH],  # bounded for the column; the hash covers the full path
                    request_hash=request_hash,
                )
        except IntegrityError:
            pass  # on PostgreSQL, only once the transaction holding the key has committed
        held = lookup(principal=principal, key=key, request_hash=request_hash)
        if held is None:
            continue  # purged, or taken over, since: claim it again
        if isinstance(held, Answer):
            return held
        # A claim of the first scheme old enough to have surely died (``lookup``): taken over once.
        if attempt == 0:
            IdempotencyRecord.objects.filter(pk=held.pk, status_code__isnull=True).delete()
            continue
        break
    raise _in_use()


def lookup(*, principal: str, key: str, request_hash: str) -> IdempotencyRecord | Answer | None:
    """What a key already holds: nothing (None), the answer stored with it, or a claim of the first
    scheme old enough to be taken over (the record). Raises 422 ``idempotency_key_reused`` for
    another request, 409 ``idempotency_key_in_use`` for a claim of the first scheme that may still run.
    """
    record = IdempotencyRecord.objects.filter(principal=principal, key=key).first()
    if record is None:
        return None
    if record.request_hash != request_hash:
        raise Refused(_("This Idempotency-Key was used with another request."), "idempotency_key_reused")
    if record.status_code is not None:
        return Answer(record.status_code, record.response_body, record.response_headers)
    if record.created_at < timezone.now() - ABANDONED_AFTER:
        return record
    raise _in_use()


def _in_use() -> Conflict:
    return Conflict(
        _("A request with this Idempotency-Key is still being processed; retry shortly."),
        "idempotency_key_in_use",
    )


def insert_answered(
    *, principal: str, key: str, method: str, path: str, request_hash: str, answer: Answer
) -> bool:
    """The key and its answer in ONE statement (``INSERT … ON CONFLICT DO NOTHING``), unless the key
    is taken: False. On PostgreSQL the insert waits for a transaction holding the same key to end."""
    record = IdempotencyRecord(
        principal=principal,
        key=key,
        method=method,
        path=path[:PATH_LENGTH],  # bounded for the column; the hash covers the full path
        request_hash=request_hash,
        status_code=answer.status,
        response_body=answer.body,
        response_headers=answer.headers,
    )
    connection = connections[router.db_for_write(IdempotencyRecord)]
    fields = [field for field in IdempotencyRecord._meta.concrete_fields if not field.primary_key]
    values = [field.get_db_prep_save(field.pre_save(record, True), connection) for field in fields]
    quote = connection.ops.quote_name
    # Django's ORM has no insert that tells whether ON CONFLICT DO NOTHING inserted (bulk_create
    # ignores conflicts silently), and catching the IntegrityError would cost a savepoint.
    sql = "INSERT INTO {} ({}) VALUES ({}) ON CONFLICT DO NOTHING".format(
        quote(IdempotencyRecord._meta.db_table),
        ", ".join(quote(field.column) for field in fields if field.column),
        ", ".join(["%s"] * len(fields)),
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        return cursor.rowcount == 1


def store(record: IdempotencyRecord, answer: Answer) -> None:
    """Complete the claim with its answer (in the transaction that claimed it)."""
    record.status_code = answer.status
    record.response_body = answer.body
    record.response_headers = answer.headers
    record.save(update_fields=["status_code", "response_body", "response_headers"])


def run_once(
    *, principal: str, key: str, path: str, request_hash: str, work: Callable[[], tuple[int, Any]]
) -> tuple[int, Any, bool]:
    """Do ``work()`` at most once per (principal, key). Returns ``(status, body, replayed)``.

    ``work`` returns ``(status, body)``; if it raises, nothing is stored and the key stays free.
    """
    check_key(key)
    with transaction.atomic():
        found = claim(principal=principal, key=key, method="POST", path=path, request_hash=request_hash)
        if isinstance(found, Answer):
            return found.status, found.body, True
        status, body = work()
        store(found, Answer(status, body, {}))
        return status, body, False


class IdempotentMixin:
    """For DRF views: honour ``Idempotency-Key`` on POST.

    The whole handling of a keyed POST (claim, work, stored answer) is one transaction; an answer
    that is not a success rolls it back, so the key stays free for the retry.

    ``atomic_post``: for a view whose POST locks the row it writes before anything else (a retry
    waits there for the first to end) and only writes the database (and on-commit work). Every POST
    of it is one transaction, with or without a key, and a key is recorded with its answer at the
    end, in one statement (``insert_answered``), rather than claimed first and completed after. A
    key found taken then rolls the work back and answers what the key holds, as a claim would have:
    the stored answer again, 422 for another request, 409 for a running claim of the first scheme.
    """

    atomic_post = False

    def dispatch(self, request, *args, **kwargs):
        if request.method != "POST" or (HEADER not in request.headers and not self.atomic_post):
            return super().dispatch(request, *args, **kwargs)
        self._pending = None
        try:
            with transaction.atomic():
                response = super().dispatch(request, *args, **kwargs)
                if not 200 <= response.status_code < 300:
                    raise _Undo(response)
                record = getattr(self, "_idempotency", None)
                if record is not None:
                    self._idempotency = None
                    store(record, self.answer_of(response))
                if self._pending is not None:
                    self._record_answer(request, response, *args, **kwargs)
        except _Undo as undo:
            if self._pending is not None and not undo.settled:
                # The work failed: the key may hold an earlier answer, which a claim would have found.
                return self._settled(request, self._held, *args, **kwargs) or undo.response
            return undo.response
        return response

    def _record_answer(self, request, response, *args, **kwargs) -> None:
        """Record the key with ``response`` (inside the transaction), or undo the work and answer
        what the key holds."""
        pending, answer = self._pending, self.answer_of(response)
        if insert_answered(**pending, answer=answer):
            return
        held = self._held()
        if held is None:  # purged between the refused insert and the look-up
            if insert_answered(**pending, answer=answer):
                return
            held = self._held() or _in_use()
        if isinstance(held, IdempotencyRecord):  # a claim of the first scheme, abandoned: taken over
            store(held, answer)
            return
        raise _Undo(self._settled(request, lambda: held, *args, **kwargs) or response, settled=True)

    def _held(self) -> IdempotencyRecord | Answer | Exception | None:
        """``lookup`` of the pending key; its 422 or 409 as the exception, to be answered."""
        pending = self._pending
        try:
            return lookup(
                principal=pending["principal"], key=pending["key"], request_hash=pending["request_hash"]
            )
        except (Refused, Conflict) as exc:
            return exc

    def _settled(self, request, held, *args, **kwargs):
        """The answer a key holds (a replay, or its 422/409), finalized as the view answers; None
        when it holds no answer."""
        found = held()
        if isinstance(found, Exception):
            return self.finalize_response(request, self.handle_exception(found), *args, **kwargs)
        if isinstance(found, Answer):
            refusal = self.replay_refusal(found)
            answered = replay(found) if refusal is None else self.handle_exception(refusal)
            return self.finalize_response(request, answered, *args, **kwargs)
        return None

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        self._idempotency = None
        key = request.headers.get(HEADER)
        if request.method != "POST" or key is None or not request.user.is_authenticated:
            return
        check_key(key)
        meaning = {
            "principal": request_principal(request),
            "key": key,
            "method": request.method,
            "path": request.path,
            "request_hash": request_hash(request),
        }
        if self.atomic_post:
            self._pending = meaning  # recorded with the answer (dispatch)
            return
        found = claim(**meaning)
        if isinstance(found, Answer):
            refusal = self.replay_refusal(found)
            if refusal is not None:
                raise refusal
            raise _Replay(replay(found))
        self._idempotency = found

    def replay_refusal(self, answer: Answer) -> Exception | None:
        """Why ``answer``, stored with the key, must not be answered again: what it reported was
        undone since (a deal post's deal voided), and a replay would tell the client it stands.
        None (replay it) unless a view says otherwise; asked only when a key is replayed."""
        return None

    def handle_exception(self, exc):
        if isinstance(exc, _Replay):
            return exc.response
        return super().handle_exception(exc)

    @staticmethod
    def answer_of(response) -> Answer:
        headers = {name: response[name] for name in _REPLAYED_HEADERS if name in response}
        return Answer(response.status_code, response.data, headers)


def replay(answer: Answer) -> Response:
    response = Response(answer.body, status=answer.status)
    for name, value in answer.headers.items():
        response[name] = value
    response["Idempotent-Replayed"] = "true"
    return response
