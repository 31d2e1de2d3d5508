"""Who made a write, for the audit log (django-auditlog's entries, core.models.AuditEntry).

The middleware keeps the current request in a context variable. DRF authenticates inside the
view and copies the user and credential onto the Django request, so when an entry is saved the
request already says who acted and how (a token, a table token, a session); outside a request
(Celery tasks, management commands) the entry is marked ``system``, unless the work is done on
someone's behalf (a job, core.jobs: ``acting``), which then names them as their request would
have. Writes made in bulk are logged by core.bulk_audit.
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager

_request: contextvars.ContextVar = contextvars.ContextVar("audit_request", default=None)
_acting: contextvars.ContextVar = contextvars.ContextVar("audit_acting", default=None)


class AuditContextMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        token = _request.set(request)
        try:
            return self.get_response(request)
        finally:
            _request.reset(token)


def current_actor() -> tuple[object | None, str, str | None]:
    """(account or None, credential description, remote address) of the write being made."""
    request = _request.get()
    if request is None:
        acting = _acting.get()
        return (acting[0], acting[1] or "system", None) if acting is not None else (None, "system", None)
    user = getattr(request, "user", None)
    address = request.META.get("REMOTE_ADDR")
    token = getattr(user, "token", None)
    if token is not None and getattr(user, "pk", None) is None:  # a table token: no account behind it
        return None, f"table:{token.event_id}:{token.table}", address
    if user is None or not user.is_authenticated:
        return None, "anonymous", address
    return user, credential(getattr(request, "auth", None)), address


@contextmanager
def acting(actor, via: str) -> Iterator[None]:
    """Outside a request: writes in the block are audited as made by ``actor`` through ``via`` (the
    account and credential that asked for a job), not as ``system``."""
    token = _acting.set((actor, via))
    try:
        yield
    finally:
        _acting.reset(token)


TOKEN_PREFIX = 8  # of a 40-character key: enough to tell a user's tokens apart, never the key itself


def credential(auth) -> str:
    """How an account acted: ``token:<the first 8 characters of its key>`` (which token: the holder
    recognises it, and the 32 bits shown leave 128 unseen), or ``session``."""
    if auth is None:
        return "session"
    key = getattr(auth, "key", None)
    return f"token:{key[:TOKEN_PREFIX]}" if isinstance(key, str) and key else "token"
