"""A member's history across the club's events (docs/clubs.md "A member's history"): the events
they played, their partners, their placing and each of their matches with its opponents and score.

Read through the event's own selectors and checks, so that the history shows exactly what the
event shows the caller: the events the caller sees (``visible_events``: published ones, and those
where the caller has a role), the placing when the event's standings are visible to the caller
(``standings_visible``; the row of ``standings_table``, cached per results version) and the matches
when its results are (``results_visible``; the rows of ``results_table``). One query finds every
entry of the member with its event and its players; each event then costs the fixed number of
queries of its standings and results tables (none for its standings once cached), whatever the
number of its pairs or rounds.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from scoring.permissions import results_visible, standings_visible
from scoring.selectors.results import results_table
from scoring.selectors.standings import standings_table
from tournaments.models import Member, Pair
from tournaments.selectors import visible_events

SIDES = ("NS", "EW")


def member_entries(request, member: Member) -> list[Pair]:
    """The member's entries (the pair, team or lone player's entry they played in) in the club's
    events the caller sees, latest event first: one query, with each entry's event and players."""
    played = Q(player_1__member=member) | Q(player_2__member=member) | Q(player_3__member=member)
    return list(
        Pair.objects.filter(played, event__club=member.club_id, event__in=visible_events(request))
        .select_related("event", "player_1", "player_2", "player_3")
        .order_by("-event__starts_on", "-event__id")
    )


def member_history(request, member: Member) -> dict[str, Any]:
    """What ``GET /clubs/{slug}/members/{id}/history`` answers (and the member's page shows)."""
    events = []
    for pair in member_entries(request, member):
        event = pair.event
        placing = _placing(standings_table(event), pair) if standings_visible(request, event) else None
        results = _results(results_table(event), pair) if results_visible(request, event) else None
        events.append(
            {
                "event": {
                    "slug": event.slug,
                    "name": event.name,
                    "starts_on": event.starts_on,
                    "game": event.game,
                    "status": event.status,
                },
                "pair": {"id": pair.pk, "number": pair.number, "name": pair.display_name},
                "partners": [
                    {"name": player.name, "member": player.member_id}
                    for player in pair.players
                    if player.member_id != member.pk
                ],
                "placing": placing,
                "results": results,
            }
        )
    return {
        "member": {"id": member.pk, "name": member.name, "affiliation": member.affiliation},
        "club": member.club.slug,
        "events": events,
    }


def _placing(table: dict[str, Any], pair: Pair) -> dict[str, Any] | None:
    """The entry's row of the event's standings: its place, whether shared, its match points."""
    for row in table["rows"]:
        if row["pair"]["id"] == pair.pk:
            return {
                "rank": row["rank"],
                "shared": row["shared"],
                "of": len(table["rows"]),
                "match_points": row["match_points"],
                "provisional": row["provisional"],
            }
    return None


def _results(table: dict[str, Any], pair: Pair) -> list[dict[str, Any]]:
    """The entry's matches in the event's results: each with its opponents and its score."""
    return [result for row in table["rows"] if (result := _result(row, pair.pk)) is not None]


def _result(row: dict[str, Any], pk: int) -> dict[str, Any] | None:
    sides = {side: row[f"{side.lower()}_pair"] for side in SIDES}
    seat = next((seat for seat in row["seats"] if seat["pair"]["id"] == pk), None)
    if seat is not None:  # a table of four: the three others are the opponents
        opponents = [other["pair"] for other in row["seats"] if other is not seat]
        own, match_points, level_points = seat["seat"], seat["match_points"], seat["level_points"]
    else:
        own = next((side for side in SIDES if sides[side] and sides[side]["id"] == pk), None)
        if own is None:
            return None
        other = SIDES[1 - SIDES.index(own)]
        opponents = [sides[other]] if sides[other] else []
        match_points = (row["match_points"] or {}).get(own)
        level_points = (row["level_points"] or {}).get(own)
    return {
        "match": row["match"],
        "round": row["round"],
        "table": row["table"],
        "side": own,
        "opponents": opponents,
        "outcome": _outcome(row, own, seat is not None),
        "levels": row["levels"],
        "points": row["points"],
        "forfeit": row["forfeit"],
        "match_points": match_points,
        "level_points": level_points,
    }


def _outcome(row: dict[str, Any], own: str, at_table: bool) -> str | None:
    """``win``, ``loss``, ``draw`` or ``bye`` of a two-sided match once scored; None before (and at
    a table of four, where the points say it)."""
    if row["status"] == "bye":
        return "bye"
    if at_table or row["match_points"] is None:
        return None
    if row["winner"] is None:
        return "draw"
    return "win" if row["winner"] == own else "loss"
