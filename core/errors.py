"""The domain errors that services raise: what went wrong, never how HTTP says it.

A service checks the state and refuses with one of these; it knows nothing of status codes.
``core.problems`` maps each kind to its HTTP status in one table (``STATUS``) and renders the
problem+json body, so the same refusal reads the same from every caller (a view, ``/sync``, a
Celery task that logs it). Each error carries a stable ``code`` (the API's ``code``), a human
``detail``, and optionally the ``field`` it is about, several field ``errors`` and ``extra``
members for the body (``expected``, ``stored``…).

- ``DomainError``: the request's content is wrong for this operation (an unknown table, a taken
  pair number);
- ``Forbidden``: the caller's role does not allow it (a scorekeeper of another table);
- ``NotFound``: what it names does not exist (a deal not posted yet);
- ``Conflict``: it conflicts with what is stored (a deal posted twice with other content, a
  round no longer a draft);
- ``Refused``: well formed, but the rules refuse it (a play that breaks G5, a tribute that
  breaks G7).
"""

from __future__ import annotations

from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


class DomainError(Exception):
    """A refusal of a service: a stable ``code``, a ``detail``, and where it applies a ``field``."""

    default_code = "invalid"
    default_detail: str | Promise = _("Invalid request.")

    def __init__(
        self,
        detail: str | Promise | None = None,
        code: str | None = None,
        *,
        field: str | None = None,
        extra: dict[str, Any] | None = None,
        errors: list[dict[str, Any]] | None = None,
    ) -> None:
        self.detail = self.default_detail if detail is None else detail
        self.code = code or self.default_code
        self.field = field
        self.extra = extra or {}
        # several field errors (each {"field", "code", "message"}), when one is not enough
        self.errors = errors
        super().__init__(str(self.detail))


class Forbidden(DomainError):
    default_code = "permission_denied"


class NotFound(DomainError):
    default_code = "not_found"


class Conflict(DomainError):
    default_code = "conflict"
    default_detail = _("The request conflicts with the current state of the resource.")


class Refused(DomainError):
    default_code = "unprocessable"
    default_detail = _("The request is well formed but cannot be processed.")
