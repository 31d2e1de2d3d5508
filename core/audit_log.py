"""What each app registers with the audit log (django-auditlog): a model's writes logged with their
changed fields, each entry naming the event it belongs to (``GET /events/{slug}/audit/`` reads an
event's own), masked fields showing only that they changed. The apps' ``audit`` modules call
``register`` from their ``AppConfig.ready`` (scoring.audit, referee.incidents.audit, seasons.audit).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from auditlog.registry import auditlog


def register(
    model: Any,
    find_event: Callable[[Any], int | None],
    *,
    masked: Iterable[str] = (),
    excluded: Iterable[str] = (),
    mask_callable: str | None = None,
    find_club: Callable[[Any], int | None] | None = None,
) -> None:
    """Log ``model``'s writes; ``find_event(row)`` is the id of the event a row belongs to (None:
    none, as a club's or a series' own rows); ``find_club(row)``, for the rows of a club that belong
    to no event, the club's id (``GET /clubs/{slug}/audit/`` reads a club's own)."""

    def get_additional_data(self) -> dict:
        if find_club is None:
            return {"event_id": find_event(self)}
        return {"event_id": find_event(self), "club_id": find_club(self)}

    setattr(model, "get_additional_data", get_additional_data)  # noqa: B010 - auditlog's hook, on each model
    auditlog.register(
        model, mask_fields=list(masked), mask_callable=mask_callable, exclude_fields=list(excluded)
    )
