"""Writing a match's results (scoring/services/results.py): the versions, audited, and the match's
status; every such write ends in ``save_match``, which forgets the match's stored state
(``scoring.services.changes.record``; docs/scoring.md "The stored state")."""

from __future__ import annotations

import copy
from typing import Any

from core.bulk_audit import insert_audited, save_audited
from scoring.models import MatchResult
from scoring.services import changes
from tournaments.models import Match


def set_result_status(version: MatchResult, status: str) -> None:
    if version.status != status:
        save_result(version, {"status": status})


def save_result(result: MatchResult, fields: dict[str, Any] | None = None) -> None:
    """Insert a new result version (``changes`` None), or set and save the ``changes`` of one read
    with the match locked (``match_results``): its fields are what the row holds, so its audit
    entry is made from it (``save_audited``: django-auditlog would read the row again first). Either
    is audited (its entry joins the service's ``core.bulk_audit.batched`` block); every write of
    this service ends in ``save_match``, which forgets the match's stored state once."""
    if fields is None:
        insert_audited(result)
        return
    before = copy.copy(result)
    for name, value in fields.items():
        setattr(result, name, value)
    save_audited(result, before, list(fields))


def set_match_status(match: Match, status: str) -> None:
    save_match(match, {"status": status} if match.status != status else {})


def save_match(match: Match, fields: dict[str, Any]) -> None:
    """Set and save the match's ``fields``, and forget its stored state (a result was written: the
    next deal post reads the results again; ``changes.record``). The match is locked, as loaded: its
    fields are what the row holds, so the audit entry is made from them (``save_audited``)."""
    before = copy.copy(match)
    for name, value in fields.items():
        setattr(match, name, value)
    if fields:
        save_audited(match, before, list(fields))
    changes.record(match, tables=bool(fields))  # its row written: the list of the tables moves
