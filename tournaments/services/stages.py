"""Stages of an event (docs/rules/guandan.md G11): created, edited and deleted by its organisers."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from tournaments.models import Event, Stage, StageKind
from tournaments.services import save_fields
from tournaments.services.tables import require_stage_kind

STAGE_FIELDS = frozenset({"name", "kind", "order", "advance_count", "first_round", "group_count", "best_of"})


@transaction.atomic
def stage_create(*, event: Event, **fields: Any) -> Stage:
    unknown = set(fields) - STAGE_FIELDS
    if unknown:
        raise TypeError(f"Stage has no editable field {', '.join(sorted(unknown))}.")
    require_stage_kind(event, fields.get("kind", StageKind.SWISS))
    return Stage.objects.create(event=event, **fields)


@transaction.atomic
def stage_update(*, stage: Stage, **fields: Any) -> Stage:
    require_stage_kind(stage.event, fields.get("kind"))
    return save_fields(stage, fields, allowed=STAGE_FIELDS)


@transaction.atomic
def stage_delete(*, stage: Stage) -> None:
    """Delete a stage (refused by the database while rounds belong to it)."""
    stage.delete()
