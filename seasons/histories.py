"""A member's history across the club's events (docs/clubs.md "A member's history"): the events
they played, their partners, their placing and each of their matches with its opponents and score.

Read through the event's own selectors and checks, so that the history shows exactly what the
event shows the caller: the events the caller sees (``visible_events``: published ones, and those
where the caller has a role), the placing when the event's standings are visible to the caller
(``standings_visible``; the row of ``standings_table``, cached per results version) and the matches
when its results are (``results_visible``; the rows of ``results_table``). One query finds every
entry of the member with its event and its players; each event then costs the fixed number of
queries of its standings and results tables (none for its standings once cached), whatever the
number of its pairs or rounds. What an entry shows of its event (placing, results) is cached under
the event's ``results_version``, as the standings are (bumped by every confirmation, correction and
ruling): a history read again costs one query and one cache read, whatever the number of events.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db.models import Q

from scoring.permissions import results_visible, standings_visible
from scoring.selectors.results import results_table
from scoring.selectors.standings import CACHE_SECONDS, standings_table
from tournaments.club_selectors import club_member_or_404, club_or_404
from tournaments.models import Member, Pair, Player, Substitution
from tournaments.selectors import visible_events
from tournaments.substitutes import substitutions_of

SIDES = ("NS", "EW")
#: The cached entries' generation: a release that changes what an entry holds moves it.
CACHE_GENERATION = "history:v1"


def member_entries(request, member: Member) -> list[Pair]:
    """The member's entries (the pair, team or lone player's entry they played in) in the club's
    events the caller sees, latest event first: one query, with each entry's event and players."""
    registered = Q(player_1__member=member) | Q(player_2__member=member) | Q(player_3__member=member)
    substituted = Pair.objects.filter(substitutions__substitute__member=member).values("pk")
    return list(
        Pair.objects.filter(
            registered | Q(pk__in=substituted), event__club=member.club_id, event__in=visible_events(request)
        )
        .select_related("event", "player_1", "player_2", "player_3")
        .order_by("-event__starts_on", "-event__id")
    )


@dataclass(frozen=True)
class Played:
    """Which rounds of an entry the member really played (docs/events.md "Substitutes"): as a
    registered player of it, but for the rounds a substitute took their place, and as a substitute
    in it, for the rounds the substitution covers."""

    pair: Pair
    member: int
    substitutions: tuple[Substitution, ...]

    def mine(self) -> list[Substitution]:
        """The substitutions of the entry the member is in: replaced, or the substitute."""
        own = {player.pk for player in self.pair.players if player.member_id == self.member}
        return [
            s for s in self.substitutions if s.replaced_id in own or s.substitute.member_id == self.member
        ]

    def in_round(self, number: int) -> bool:
        for player in self.pair.players:
            if player.member_id == self.member and not any(
                s.replaced_id == player.pk and s.covers(number) for s in self.substitutions
            ):
                return True
        return any(s.substitute.member_id == self.member and s.covers(number) for s in self.substitutions)

    def partners(self) -> list[Player]:
        """Who played beside the member: the entry's other players, and their substitutes."""
        replaced = {s.replaced_id for s in self.mine() if s.substitute.member_id == self.member}
        others = [p for p in self.pair.players if p.member_id != self.member and p.pk not in replaced]
        taken = {
            s.substitute.pk: s.substitute
            for s in self.substitutions
            if s.replaced_id in {p.pk for p in others}
        }
        return [*others, *(p for p in taken.values() if p.member_id != self.member)]


def member_history(request, member: Member) -> dict[str, Any]:
    """What ``GET /clubs/{slug}/members/{id}/history`` answers (and the member's page shows)."""
    entries = member_entries(request, member)
    shown = {
        pair.pk: (standings_visible(request, pair.event), results_visible(request, pair.event))
        for pair in entries
    }
    keys = {pair.pk: _cache_key(pair, *shown[pair.pk]) for pair in entries}
    cached = cache.get_many(list(keys.values())) if keys else {}
    computed = {}
    for pair in entries:
        if keys[pair.pk] not in cached:
            computed[keys[pair.pk]] = _outcomes(pair, *shown[pair.pk])
    if computed:
        cache.set_many(computed, CACHE_SECONDS)
    outcomes = {**cached, **computed}
    substitutions = substitutions_of(pair.pk for pair in entries)
    played = {pair.pk: Played(pair, member.pk, tuple(substitutions.get(pair.pk, ()))) for pair in entries}
    return {
        "member": {"id": member.pk, "name": member.name, "affiliation": member.affiliation},
        "club": member.club.slug,
        "events": [_entry(played[pair.pk], outcomes[keys[pair.pk]]) for pair in entries],
    }


def _cache_key(pair: Pair, standings: bool, results: bool) -> str:
    event = pair.event
    return f"{CACHE_GENERATION}:{event.pk}:{event.results_version}:{pair.pk}:{int(standings)}{int(results)}"


def _outcomes(pair: Pair, standings: bool, results: bool) -> dict[str, Any]:
    """The entry's placing and results in its event, each when the caller may see it."""
    return {
        "placing": _placing(standings_table(pair.event), pair) if standings else None,
        "results": _results(results_table(pair.event), pair) if results else None,
    }


def _entry(played: Played, outcomes: dict[str, Any]) -> dict[str, Any]:
    """The entry as the member played it: their matches only (a substitute's in their rounds, not
    the registered player's), beside whom, and the substitutions that concern them."""
    pair = played.pair
    event = pair.event
    results = outcomes["results"]
    if results is not None:
        results = [result for result in results if played.in_round(result["round"])]
    return {
        "event": {
            "slug": event.slug,
            "name": event.name,
            "starts_on": event.starts_on,
            "game": event.game,
            "status": event.status,
        },
        "pair": {"id": pair.pk, "number": pair.number, "name": pair.display_name},
        "partners": [{"name": player.name, "member": player.member_id} for player in played.partners()],
        "substitutions": [
            {
                "replaced": {"name": s.replaced.name, "member": s.replaced.member_id},
                "substitute": {"name": s.substitute.name, "member": s.substitute.member_id},
                "from_round": s.from_round,
                "until_round": s.until_round,
            }
            for s in played.mine()
        ],
        **outcomes,
        "results": results,
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
    partners = pair.event.rotating_partners
    return [result for row in table["rows"] if (result := _result(row, pair.pk, partners)) is not None]


#: The side of each seat at a table of an individual event (docs/duplicate.md "Individual events").
SIDE_OF_SEAT = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


def _result(row: dict[str, Any], pk: int, partners: bool = False) -> dict[str, Any] | None:
    sides = {side: row[f"{side.lower()}_pair"] for side in SIDES}
    seat = next((seat for seat in row["seats"] if seat["pair"]["id"] == pk), None)
    partner = None
    if seat is not None and partners:  # an individual event: a partner beside, two opponents
        side = SIDE_OF_SEAT[seat["seat"]]
        beside = [other for other in row["seats"] if other is not seat]
        partner = next(other["pair"] for other in beside if SIDE_OF_SEAT[other["seat"]] == side)
        opponents = [other["pair"] for other in beside if SIDE_OF_SEAT[other["seat"]] != side]
        own, match_points, level_points = seat["seat"], seat["match_points"], seat["level_points"]
    elif seat is not None:  # a table of four: the three others are the opponents
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
        "partner": partner,
        "opponents": opponents,
        "outcome": _outcome(row, SIDE_OF_SEAT[own], False)
        if partner is not None
        else _outcome(row, own, seat is not None),
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


def live_member_or_404(club_slug: str, pk: int) -> Member:
    """The member ``pk`` of the club ``club_slug`` (live or merged, its club loaded), else a 404."""
    return club_member_or_404(club_or_404(club_slug), pk)
