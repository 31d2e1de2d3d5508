"""Each event's placings, stored once per results version: what a series reads of its events.

A series' standings read 50 or more events. Ranking each of them again (or even reading 50 cached
tables of 40 rows with every tiebreak) on every request would cost what the standings cache spares
a single event, so the placings a series needs — place, match points, status, unit and the members
of each entrant — are kept in one ``EventPlacings`` row per event, under the event's
``results_version``: every result, correction, withdrawal and round closing moves that version
(tournaments.changes), so a stored row whose version is the event's is never stale. A row behind is
written again from the event's standings (``scoring.selectors.standings``, themselves cached) the
first time a series reads it: a handful of queries once per change, none after.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scoring.selectors.standings import standings_table, units_table
from seasons.models import EventPlacings
from tournaments.models import Event, Pair, Round, RoundStatus


def _compute(event: Event) -> dict[str, Any]:
    """The placings of ``event`` now (the standings' tables, one query for the entrants' members
    and units, one for the last round)."""
    table = standings_table(event)
    units = units_table(event)
    entrants = {
        pk: (unit_id, [m for m in (first, second, third)], [n for n in (n1, n2, n3) if n is not None])
        for pk, unit_id, first, second, third, n1, n2, n3 in Pair.objects.filter(event=event).values_list(
            "id",
            "unit_id",
            "player_1__member_id",
            "player_2__member_id",
            "player_3__member_id",
            "player_1__name",
            "player_2__name",
            "player_3__name",
        )
    }
    pairs = []
    for row in table["rows"]:
        pair = row["pair"]
        unit_id, members, players = entrants.get(pair["id"], (None, [], []))
        pairs.append(
            {
                "pair": pair["id"],
                "number": pair["number"],
                "name": pair["name"],
                "unit": unit_id,
                "unit_name": pair["unit"],
                "status": pair["status"],
                "rank": row["rank"],
                "shared": row["shared"],
                "match_points": row["match_points"],
                # A player without a member is None here: such an entrant is known in this event only.
                "members": members[: len(players)],
                "players": players,
            }
        )
    last = Round.objects.filter(event=event).order_by("-number").values_list("status", flat=True).first()
    return {
        "results_version": event.results_version,
        "closed": last == RoundStatus.CLOSED,
        "pairs": pairs,
        "units": [{"unit": row["unit"]["id"], "rank": row["rank"]} for row in units["rows"]],
    }


def fresh_placings(events: Iterable[Event]) -> dict[int, EventPlacings]:
    """The stored placings of ``events`` (id -> row), every one at its event's results version: one
    query, and for each event whose row is behind (or missing) its computation and one write."""
    events = list(events)
    stored = {row.event_id: row for row in EventPlacings.objects.filter(event__in=[e.pk for e in events])}
    for event in events:
        row = stored.get(event.pk)
        if row is not None and row.results_version == event.results_version:
            continue
        # Two readers of a stale event may both write it: the same row, whichever comes last.
        stored[event.pk], _ = EventPlacings.objects.update_or_create(event=event, defaults=_compute(event))
    return stored
