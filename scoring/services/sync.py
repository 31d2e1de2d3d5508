"""``POST /sync``: a phone that was offline sends its deals and results in one batch.

Items are applied in order, each in its own transaction with its own idempotency key, so a batch
cut off half way is safe to send again: what was applied answers ``already_applied`` with its
first answer, the rest is applied now. Each item is answered on its own:

- ``applied``: done now (the answer is what the single endpoint would have answered);
- ``already_applied``: this key (or this very deal) was applied before; its answer again;
- ``conflict``: the server holds something else (another deal under that number, a newer result
  version); the problem names what is stored;
- ``refused``: the item is wrong (a problem with a code and the field), nothing was written.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError
from django.http import Http404
from rest_framework import exceptions
from rest_framework.response import Response

from core.errors import DomainError
from core.idempotency import run_once
from engine.errors import EngineError
from scoring.problems import ScoreConflict, deal_voided
from scoring.selectors.deals import voided_deal_of

APPLIED, ALREADY_APPLIED, CONFLICT, REFUSED = "applied", "already_applied", "conflict", "refused"
# Conflicts with what is stored (the client should look at it), as opposed to wrong requests.
CONFLICT_CODES = {"deal_conflict", "deal_voided", "version_conflict", "result_confirmed", "same_side"}
# What refuses one item (answered as its problem) without stopping the batch.
REFUSALS = (exceptions.APIException, DomainError, EngineError, Http404, PermissionDenied, IntegrityError)


@dataclass(frozen=True)
class SyncItem:
    key: str
    kind: str
    match: int
    body: dict[str, Any]


def item_hash(item: SyncItem) -> str:
    payload = json.dumps(
        {"kind": item.kind, "match": item.match, "body": item.body}, sort_keys=True, default=str
    )
    return hashlib.sha256(payload.encode()).hexdigest()


def sync_apply(
    *,
    items: list[SyncItem],
    principal: str,
    apply: Callable[[SyncItem], tuple[int, Any, bool]],
    problem: Callable[[Exception], Response],
) -> list[dict[str, Any]]:
    """Apply every item in order. ``apply`` does one and returns (status, answer, whether anything
    changed), raising a problem to refuse it; ``problem`` turns an exception into its response."""
    answers = []
    for item in items:
        entry: dict[str, Any] = {"key": item.key, "kind": item.kind, "match": item.match}
        try:
            status, body, replayed = run_once(
                principal=principal,
                key=item.key,
                path=f"/api/v1/sync#{item.kind}:{item.match}",
                request_hash=item_hash(item),
                work=partial(_stored_answer, apply, item),
            )
            if replayed:
                _still_stands(item, body["answer"])
        except REFUSALS as exc:
            response: Response = problem(exc)
            code = response.data.get("code")
            outcome = CONFLICT if isinstance(exc, ScoreConflict) and code in CONFLICT_CODES else REFUSED
            entry.update(outcome=outcome, status=response.status_code, body=response.data)
        else:
            outcome = APPLIED if body["changed"] and not replayed else ALREADY_APPLIED
            entry.update(outcome=outcome, status=status, body=body["answer"])
        answers.append(entry)
    return answers


def _still_stands(item: SyncItem, answer: Any) -> None:
    """Refuse to answer a deal item's stored answer again once its deal was voided (as the deal
    endpoint's replay does): the phone would believe a deal is on the record that is not."""
    voided = voided_deal_of(answer) if item.kind == "deal" else None
    if voided is not None:
        raise deal_voided(voided)


def _stored_answer(
    apply: Callable[[SyncItem], tuple[int, Any, bool]], item: SyncItem
) -> tuple[int, dict[str, Any]]:
    return _stored(*apply(item))


def _stored(status: int, answer: Any, changed: bool) -> tuple[int, dict[str, Any]]:
    return status, {"answer": answer, "changed": changed}
