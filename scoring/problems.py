"""The domain errors scorekeeping refuses with (docs/scoring.md lists every code; their HTTP status
is core.problems' ``STATUS``).

409: the request conflicts with what is stored (a deal posted twice with other content, a stale
correction, a finished match). 422: the request is well formed but the rules refuse it (a play
that breaks G5, a tribute that breaks G7, a result the deals contradict). 403: the caller's role
does not allow it (a correction after the correction period, a scorekeeper of another table).
"""

from __future__ import annotations

from core.errors import Conflict, Forbidden, NotFound, Refused
from engine.errors import EngineError


class ScoreConflict(Conflict):
    default_code = "conflict"


class RuleRefused(Refused):
    """The rules engine refused the deal or result (G5-G8); ``errors`` names the field(s)."""

    default_code = "rule_violation"


class NotAllowed(Forbidden):
    default_code = "permission_denied"


class Missing(NotFound):
    default_code = "not_found"


def refused(error: EngineError, *, prefix: str = "") -> RuleRefused:
    """An engine error, re-raised as a 422 naming the field under ``prefix``."""
    field = error.field or ""
    for bracket in ("[", "]"):
        field = field.replace(bracket, "." if bracket == "[" else "")
    if prefix:
        field = f"{prefix}.{field}" if field else prefix
    # A sheet's DealRefused says more: the answer's extra members and one error per problem.
    extra, errors = getattr(error, "extra", None), getattr(error, "errors", None)
    return RuleRefused(error.detail, error.code, field=field or None, extra=extra, errors=errors)
