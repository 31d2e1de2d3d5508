"""Which match a caller reaches: by its id (every ``/matches/{id}/…`` view and ``POST /sync``), or
by a table token's table (``GET /table/``)."""

from __future__ import annotations

from tournaments.models import Match, RoundStatus
from tournaments.selectors import (
    ALL_ROUNDS,
    MATCH_WITH_PLAYERS,
    PUBLISHED,
    PUBLISHED_ROUNDS,
    match_visibility,
    visible_events,
)


def visible_match(request, pk, *, lock: bool = False) -> Match | None:
    """The match ``pk`` with its round, stage, event and pairs when the caller sees it (its event
    visible, and the match itself: a table token sees its own table's), else None.

    One query: the event's visibility is its filter, the match's own (``visible_matches``, asked of
    the one match loaded) is checked on the row. ``lock``: the match row is locked for the rest of
    the caller's transaction in that same query (``select_for_update``), so that a write loads it
    once (its service is told so: ``scoring.services.common.lock_match``'s ``locked``).
    """
    matches = Match.objects.filter(round__event__in=visible_events(request), pk=pk).select_related(
        "round__event", "round__stage", "ns_pair", "ew_pair"
    )
    if lock:
        matches = matches.select_for_update(of=("self",))
    match = matches.first()
    return match if match is not None and _sees(request, match) else None


def _sees(request, match: Match) -> bool:
    """``tournaments.selectors.visible_matches`` for one loaded match: the rounds and tables the
    caller sees of its event (``match_visibility``)."""
    visibility = match_visibility(request, match.round.event)
    if visibility == ALL_ROUNDS:
        return True
    if visibility is None:
        return False
    if visibility != PUBLISHED_ROUNDS and match.table not in visibility:
        return False
    return match.round.status in PUBLISHED


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
