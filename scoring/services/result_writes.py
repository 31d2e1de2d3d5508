"""Writing a match's results (scoring/services/results.py): the versions, audited, and the match's
status, which forgets the match's stored state in the same ``UPDATE`` (docs/scoring.md "The stored
state"; ``scoring.services.sheet_store``)."""

from __future__ import annotations

import copy
from typing import Any

from core.bulk_audit import insert_audited, save_audited
from scoring.models import MatchResult
from scoring.services import sheet_store
from tournaments.models import Match


def set_result_status(version: MatchResult, status: str) -> None:
    if version.status != status:
        save_result(version, {"status": status})


def save_result(result: MatchResult, changes: dict[str, Any] | None = None) -> None:
    """Insert a new result version (``changes`` None), or set and save the ``changes`` of one read
    with the match locked (``match_results``): its fields are what the row holds, so its audit
    entry is made from it (``save_audited``: django-auditlog would read the row again first). Either
    is audited (its entry joins the service's ``core.bulk_audit.batched`` block) and does not forget
    the match's stored state: every write of this service ends in ``save_match``, which forgets it
    once."""
    result.keeps_sheet = True
    if changes is None:
        insert_audited(result)
        return
    before = copy.copy(result)
    for name, value in changes.items():
        setattr(result, name, value)
    save_audited(result, before, list(changes))


def set_match_status(match: Match, status: str) -> None:
    save_match(match, {"status": status} if match.status != status else {})


def save_match(match: Match, changes: dict[str, Any]) -> None:
    """Set and save the match's ``changes``, and forget its stored state in the same ``UPDATE`` (a
    result was written: the next deal post reads the results again; sheet_store.forget). The match is
    locked, as loaded: its fields are what the row holds, so the audit entry is made from them
    (``save_audited``) and ``sheet`` None means nothing is stored."""
    before = copy.copy(match)
    for name, value in changes.items():
        setattr(match, name, value)
    fields = list(changes)
    if match.sheet is not None:
        match.sheet = None
        if not fields:  # nothing else to save: a bare UPDATE
            sheet_store.forget(match.pk)
            return
        fields.append("sheet")
    if fields:
        save_audited(match, before, fields)
