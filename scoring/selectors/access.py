"""Which match a caller reaches: by its id (every ``/matches/{id}/…`` view and ``POST /sync``), or
by a table token's table (``GET /table/``)."""

from __future__ import annotations

from tournaments.models import Match, RoundStatus
from tournaments.selectors import MATCH_WITH_PLAYERS, sees_match, visible_events


def visible_match(request, pk, *, lock: bool = False) -> Match | None:
    """The match ``pk`` with its round, stage, event and pairs when the caller sees it (its event
    visible, and the match itself: a table token sees its own table's), else None.

    One query: the event's visibility is its filter, and the match's own is asked of the row loaded
    (``tournaments.selectors.sees_match``). ``lock``: the match row is locked for the rest of the
    caller's transaction in that same query (``select_for_update``), so that a write loads it once
    (its service is told so: ``scoring.services.common.lock_match``'s ``locked``).
    """
    matches = Match.objects.filter(round__event__in=visible_events(request), pk=pk).select_related(
        "round__event", "round__stage", "ns_pair", "ew_pair"
    )
    if lock:
        matches = matches.select_for_update(of=("self",))
    match = matches.first()
    return match if match is not None and sees_match(request, match) else None


def table_match(event_id: int, table: int) -> Match | None:
    """A table's current match: the one of the latest published round, else of the latest closed
    round, with both pairs' players."""
    matches = Match.objects.filter(
        round__event=event_id,
        table=table,
        round__status__in=(RoundStatus.PUBLISHED, RoundStatus.CLOSED),
    ).select_related(*MATCH_WITH_PLAYERS)
    match = matches.filter(round__status=RoundStatus.PUBLISHED).order_by("-round__number").first()
    return match or matches.order_by("-round__number").first()
