"""Reads of series (docs/series.md): a fixed number of queries each, whatever the number of events.

The standings and the qualifiers read the events' stored placings (``seasons.placings``): one
query for all of them once they are at their events' results versions.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.db.models import Q, QuerySet

from core.errors import DomainError, NotFound
from engine.scoring.ranking.series import EventScore, SeriesRow, placing_points, rank_series
from seasons.identity import entrant_key, live_member, merged_members
from seasons.models import PointsMode, Series, SeriesEvent, SeriesLink, SeriesStatus
from seasons.permissions import is_club_organizer
from seasons.placings import fresh_placings
from tournaments.models import ClubRole, Event, EventStatus, PairStatus

#: Events whose placings a series counts: announced, not called off (their standings published).
SHOWN_STATUSES = (EventStatus.PUBLISHED, EventStatus.RUNNING, EventStatus.FINISHED)


def series_by_slug(slug: str) -> Series | None:
    return Series.objects.select_related("club").filter(slug=slug).first()


def visible_series(request) -> QuerySet[Series]:
    """Published series, and the drafts of the clubs the caller organises (all for a superuser)."""
    queryset = Series.objects.select_related("club").order_by("slug")
    user = request.user
    if user.is_authenticated and getattr(user, "is_superuser", False):
        return queryset
    if user.is_authenticated and getattr(user, "pk", None) is not None:
        return queryset.filter(
            Q(status=SeriesStatus.PUBLISHED)
            | Q(club__staff__user_id=user.pk, club__staff__role=ClubRole.ORGANIZER)
        ).distinct()
    return queryset.filter(status=SeriesStatus.PUBLISHED)


def series_visible(request, series: Series) -> bool:
    return series.is_public or is_club_organizer(request, series.club_id)


def series_events(series: Series, *, public: bool = False) -> QuerySet[SeriesEvent]:
    """The series' events in order; ``public``: without its draft events."""
    entries = SeriesEvent.objects.filter(series=series).select_related("event").order_by("position", "id")
    return entries.exclude(event__status=EventStatus.DRAFT) if public else entries


def series_links(series: Series) -> QuerySet[SeriesLink]:
    return SeriesLink.objects.filter(series=series).select_related("feeder", "final").order_by("id")


def counted(entry: SeriesEvent) -> bool:
    """Whether the event's placings score: it counts, it is public and publishes its standings."""
    event = entry.event
    return entry.counts and event.status in SHOWN_STATUSES and event.publish_standings


def _lots_member(key: str) -> int:
    """A stable number for an entrant's key (its lot, drawn from the series' seed)."""
    return int(hashlib.sha256(key.encode()).hexdigest()[:13], 16)


def series_standings(series: Series, *, as_of: str | None = None) -> dict[str, Any]:
    """The series standings (best ``best_of`` events, the chain) as of the event ``as_of`` (its
    slug: that event and those before it in the series' order), else over every event."""
    entries = list(series_events(series))
    if as_of:
        last = next((entry for entry in entries if entry.event.slug == as_of), None)
        if last is None:
            raise DomainError(f"{as_of!r} is no event of this series.", "unknown_event", field="as_of")
        entries = [entry for entry in entries if entry.position <= last.position]
    scored = [entry for entry in entries if counted(entry)]
    placings = fresh_placings(entry.event for entry in scored)
    merged = merged_members(series.club_id)
    scores: dict[str, list[EventScore]] = {}
    shown: dict[str, dict[str, Any]] = {}
    results: dict[str, list[dict[str, Any]]] = {}
    for entry in scored:
        for row in placings[entry.event_id].pairs:
            if row["status"] == PairStatus.DISQUALIFIED:
                continue  # a disqualified pair's place is no placing (G12)
            key = entrant_key(row["pair"], row["members"], merged)
            if series.points == PointsMode.MATCH_POINTS:
                points = float(row["match_points"])
            else:
                points = placing_points(row["rank"], series.placing_points)
            scores.setdefault(key, []).append(EventScore(entry.position, row["rank"], points))
            results.setdefault(key, []).append(
                {"event": entry.event.slug, "place": row["rank"], "points": points}
            )
            shown[key] = {"key": key, "name": row["name"], "players": row["players"]}  # the latest event's
    numbers = {key: _lots_member(key) for key in scores}
    by_number = {number: key for key, number in numbers.items()}
    rows = rank_series(
        {numbers[key]: value for key, value in scores.items()},
        best=series.best_of,
        chain=series.tiebreaks,
        shared_places=series.shared_places,
        seed=series.lots_seed,
    )
    slug_of = {entry.position: entry.event.slug for entry in scored}
    return {
        "series": series.slug,
        "as_of": as_of or None,
        "points": series.points,
        "placing_points": list(series.placing_points),
        "best_of": series.best_of,
        "tiebreaks": list(series.tiebreaks),
        "shared_places": series.shared_places,
        "lots_seed": series.lots_seed,
        "events": [
            {
                "slug": entry.event.slug,
                "name": entry.event.name,
                "position": entry.position,
                "stage": entry.stage,
                "counted": counted(entry),
            }
            for entry in entries
            if entry.event.is_public  # a draft event is nobody's business but its staff's
        ],
        "rows": [_row(row, by_number[row.entrant], shown, results, slug_of) for row in rows],
    }


def _row(row: SeriesRow, key: str, shown: dict, results: dict, slug_of: dict[int, str]) -> dict[str, Any]:
    counted = {slug_of[position] for position in row.counted}
    return {
        "rank": row.rank,
        "shared": row.shared,
        "entrant": shown[key],
        "points": float(row.points),
        "events_played": len(results[key]),
        "results": [{**result, "counted": result["event"] in counted} for result in results[key]],
        "tiebreaks": row.values,
        "decided_by": row.decided_by,
    }


def standings_public(event: Event) -> bool:
    """Whether anyone may read the event's standings (as ``scoring.permissions.standings_visible``
    says for an anonymous caller)."""
    return event.status in SHOWN_STATUSES and event.publish_standings


def final_links(series: Series, final_slug: str, *, public: bool = False) -> list[SeriesLink]:
    """The links into the final ``final_slug``, in their feeders' series order; none: a 404.

    ``public``: as the public may see them: a final that is a draft is none, and a feeder whose
    standings are not public is left out (its qualifiers would show its standings)."""
    links = list(series_links(series).filter(final__slug=final_slug))
    if public:
        links = [link for link in links if link.final.is_public and standings_public(link.feeder)]
    if not links:
        raise NotFound(f"No event of this series is fed into {final_slug!r}.", "not_a_final")
    positions = dict(SeriesEvent.objects.filter(series=series).values_list("event_id", "position"))
    return sorted(links, key=lambda link: (positions.get(link.feeder_id, 0), link.pk))


def qualifiers(series: Series, links: list[SeriesLink]) -> dict[str, Any]:
    """Who goes on to the final of ``links`` (see ``_pick``): each feeder with its state, then the
    qualifiers seeded by their place in their feeder, the earlier feeder first among equal places."""
    placings = fresh_placings(link.feeder for link in links)
    picked, skipped = _pick(links, {link.feeder_id: placings[link.feeder_id] for link in links}, series)
    feeders = [
        {
            "event": link.feeder.slug,
            "link": link.pk,
            "top": link.top,
            "by": link.by,
            "closed": placings[link.feeder_id].closed,
            "qualified": sum(1 for row in picked if row["order"] == order),
            "skipped": skipped[order],
        }
        for order, link in enumerate(links)
    ]
    chosen = sorted(picked, key=lambda row: (row["place"], row["order"]))
    return {
        "final": links[0].final.slug,
        "closed": all(feeder["closed"] for feeder in feeders),
        "feeders": feeders,
        "qualifiers": [
            {
                "seed": seed,
                "feeder": row["feeder"],
                "place": row["place"],
                "pair": {key: row[key] for key in ("pair", "number", "name", "unit_name")},
                "players": row["players"],
                "entrant": row["key"],
            }
            for seed, row in enumerate(chosen, start=1)
        ],
    }


def _candidates(links: list[SeriesLink], placings: dict[int, Any]) -> list[tuple[int, int, int, list[dict]]]:
    """Every feeder's claims on the final, best placed first: ``(place, feeder order, position,
    rows)`` — a pair alone (``by: pairs``), or every pair of a unit at the unit's place (``units``)."""
    claims = []
    for order, link in enumerate(links):
        stored = placings[link.feeder_id]
        if link.by == "units":
            for position, unit in enumerate(stored.units):
                rows = [row for row in stored.pairs if row["unit"] == unit["unit"]]
                claims.append((unit["rank"], order, position, rows))
        else:
            claims += [(row["rank"], order, position, [row]) for position, row in enumerate(stored.pairs)]
    return sorted(claims, key=lambda claim: claim[:3])


def _pick(
    links: list[SeriesLink], placings: dict[int, Any], series: Series
) -> tuple[list[dict[str, Any]], list[list[dict[str, Any]]]]:
    """The final's qualifiers and, feeder by feeder, who was passed over and why.

    Each feeder sends its top ``top`` pairs in standings order (or every pair of its top ``top``
    units). The claims of every feeder are read together, best placed first (the earlier feeder
    first among equal places), so that when one person qualifies twice — the same partnership in two
    feeders, or a member with two partners, or two records merged into one member — the better
    placed pair goes on, and the other is passed over and replaced by the next of its feeder: one
    person plays an event once (docs/clubs.md). A pair withdrawn or disqualified in its feeder, or
    one that declined the final, is passed over too."""
    merged = merged_members(series.club_id)
    taken: dict[str, dict[str, Any]] = {}  # entrant key -> the qualifier
    going: dict[int, dict[str, Any]] = {}  # live member -> the qualifier they go on with
    picked: list[dict[str, Any]] = []
    skipped: list[list[dict[str, Any]]] = [[] for _ in links]
    goes = [0] * len(links)
    for place, order, _, rows in _candidates(links, placings):
        link = links[order]
        if goes[order] >= link.top:
            continue
        took = False
        for row in rows:
            key = entrant_key(row["pair"], row["members"], merged)
            people = {live_member(m, merged) for m in row["members"] if m is not None}
            clash = next((m for m in sorted(people) if m in going), None)
            reason, member, instead = None, None, None
            if row["status"] != PairStatus.ACTIVE:
                reason = row["status"]
            elif row["pair"] in set(link.declined or ()):
                reason = "declined"
            elif key in taken:
                reason, instead = "already_qualified", taken[key]
            elif clash is not None:
                reason, member, instead = "member_qualified", clash, going[clash]
            if reason:
                skipped[order].append(_skip(row, reason, member, instead, merged))
                continue
            qualifier = {**row, "key": key, "place": place, "order": order, "feeder": link.feeder.slug}
            taken[key] = qualifier
            going.update(dict.fromkeys(people, qualifier))
            picked.append(qualifier)
            took = True
        goes[order] += took
    return picked, skipped


def _skip(
    row: dict[str, Any], reason: str, member: int | None, instead: dict | None, merged: dict[int, int]
) -> dict[str, Any]:
    """A pair passed over: why, and for one whose people go on already, the member (and their name in
    this pair) and the qualifier they go on with."""
    player = next(
        (
            name
            for name, entry in zip(row["players"], row["members"], strict=False)
            if member is not None and entry is not None and live_member(entry, merged) == member
        ),
        None,
    )
    return {
        "pair": row["pair"],
        "number": row["number"],
        "name": row["name"],
        "players": row["players"],
        "place": row["rank"],
        "reason": reason,
        "member": member,
        "player": player,
        "goes_with": None
        if instead is None
        else {
            "feeder": instead["feeder"],
            "pair": instead["pair"],
            "place": instead["place"],
            "name": instead["name"],
            "players": instead["players"],
        },
    }


def event_in_club(slug: str, club_id: int) -> Event | None:
    """The club's event by that slug (whatever its status: the club's organisers link drafts too)."""
    return Event.objects.filter(slug=slug, club_id=club_id).first()
