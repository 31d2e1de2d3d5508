"""A penalty or ruling written changes the level changes a match folds (G12): the match's stored
state is folded again at its next deal post (``scoring.services.sheet_store``; docs/scoring.md
"The stored state")."""

from __future__ import annotations

from django.db.models.signals import post_delete, post_save

from referee.models import Penalty, Ruling
from scoring.services import sheet_store


def _penalty_written(sender, instance: Penalty, raw=False, **kwargs) -> None:
    if not raw:
        sheet_store.forget(instance.match_id)


def _ruling_written(sender, instance: Ruling, raw=False, **kwargs) -> None:
    # A ruling overturned or replaced takes its penalties' level changes away.
    if not raw:
        sheet_store.forget(instance.incident.match_id)


post_save.connect(_penalty_written, sender=Penalty, dispatch_uid="sheet-penalty")
post_delete.connect(_penalty_written, sender=Penalty, dispatch_uid="sheet-penalty-delete")
post_save.connect(_ruling_written, sender=Ruling, dispatch_uid="sheet-ruling")
post_delete.connect(_ruling_written, sender=Ruling, dispatch_uid="sheet-ruling-delete")
