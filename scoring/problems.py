"""The domain errors scorekeeping refuses with (docs/scoring.md lists every code; their HTTP status
is core.problems' ``STATUS``).

409: the request conflicts with what is stored (a deal posted twice with other content, a stale
correction, a finished match). 422: the request is well formed but the rules refuse it (a play
that breaks G5, a tribute that breaks G7, a result the deals contradict). 403: the caller's role
does not allow it (a correction after the correction period, a scorekeeper of another table).
"""

from __future__ import annotations

import re

from core.errors import Conflict, DomainError, Forbidden, NotFound, Refused
from engine.errors import BadInput, EngineError, RuleViolation

_INDEX = re.compile(r"\[(\d+)\]")  # the engine's ``plays[3]``, the API's ``plays.3``


class ScoreConflict(Conflict):
    default_code = "conflict"


class RuleRefused(Refused):
    """The rules engine refused the deal or result (G5-G8); ``errors`` names the field(s)."""

    default_code = "rule_violation"


class NotAllowed(Forbidden):
    default_code = "permission_denied"


class Missing(NotFound):
    default_code = "not_found"


def match_over() -> ScoreConflict:
    return ScoreConflict("The match is over; no more deals.", "match_over", field="number")


def deal_voided(deal) -> ScoreConflict:
    """A stored answer to a deal post whose deal was voided since: replaying it would tell the phone
    that a deal is on the record which is not (docs/scoring.md "Correcting a deal")."""
    return ScoreConflict(
        f"Deal {deal.number} (version {deal.version}) was voided after this request stored it: "
        "it is no longer on the record; post the deal again with a new Idempotency-Key.",
        "deal_voided",
        field="number",
        extra={
            "deal": deal.number,
            "version": deal.version,
            "voided_at": deal.voided_at.isoformat() if deal.voided_at else None,
            "void_note": deal.void_note,
        },
    )


def engine_refusal(error: EngineError, *, prefix: str = "", checked: bool = False) -> DomainError:
    """What an engine error that a scoring service catches means there, decided here and nowhere else.

    - a broken rule (``RuleViolation``, a sheet's ``DealRefused``): ``RuleRefused`` (422), its field
      under ``prefix``;
    - a deal posted after the match ended (``BadInput`` ``match_over``): ``match_over`` (409);
    - any other ``BadInput``, a malformed deal body: a ``DomainError`` (400) whose one field error
      carries the same code (the body the referee questions answer for a malformed question);
    - ``checked``: the input passed its serializer and is read as the rules' facts (a result's level
      sheet, a timed match closed by the clock), so whatever the engine finds wrong with it is the
      rules refusing it (422), as a broken rule is.
    """
    if isinstance(error, RuleViolation) or checked:
        return _refused(error, prefix=prefix)
    if isinstance(error, BadInput) and error.code == "match_over":
        return match_over()
    field = _INDEX.sub(r".\1", error.field) if error.field else None
    return DomainError(
        error.detail, error.code, errors=[{"field": field, "code": error.code, "message": error.detail}]
    )


def _refused(error: EngineError, *, prefix: str = "") -> RuleRefused:
    """An engine error, re-raised as a 422 naming the field under ``prefix``."""
    field = error.field or ""
    for bracket in ("[", "]"):
        field = field.replace(bracket, "." if bracket == "[" else "")
    if prefix:
        field = f"{prefix}.{field}" if field else prefix
    # A sheet's DealRefused says more: the answer's extra members and one error per problem.
    extra, errors = getattr(error, "extra", None), getattr(error, "errors", None)
    return RuleRefused(error.detail, error.code, field=field or None, extra=extra, errors=errors)
