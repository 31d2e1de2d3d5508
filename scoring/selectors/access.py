"""Which match a caller reaches: by its id (every ``/matches/{id}/…`` view and ``POST /sync``), or
by a table token's table (``GET /table/``)."""

from __future__ import annotations

from tournaments.models import Match, RoundStatus
from tournaments.selectors import MATCH_WITH_PLAYERS, match_of_visible_event, visible_matches


def visible_match(request, pk) -> Match | None:
    """The match ``pk`` with its round, stage, event and pairs when the caller sees it (its event
    visible, and the match itself: a table token sees its own table's), else None."""
    found = match_of_visible_event(request, pk)
    if found is None:
        return None
    return (
        visible_matches(request, found.round.event, Match.objects.filter(pk=found.pk))
        .select_related("round__event", "round__stage", "ns_pair", "ew_pair")
        .first()
    )


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
