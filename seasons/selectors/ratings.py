"""What the ratings read: the club's confirmed matches in the order played, its rating table and a
member's rating history (docs/ratings.md)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, F, Max

from core.errors import DomainError
from scoring.models import MatchResult, ResultSource, ResultStatus
from seasons.identity import live_member, merged_members
from seasons.models import Rating, RatingChange, RatingRun, SeriesStatus
from seasons.rating import Game, Skill, places_by_points, team_strength
from tournaments.models import Club, Event, EventStatus, Member, Pair, Substitution, TableSeat
from tournaments.selectors.rows import entrant_people

#: A player of a club event who is no member yet counts in the replay (their partners' ratings
#: need them) under a key of their own, but is stored nowhere.
Guest = tuple[str, int]
#: A pair's substitution as the replay reads it: the player replaced, the substitute's key, the row.
Substitute = tuple[int, int | Guest, Substitution]


@dataclass(frozen=True)
class MatchKey:
    """What a rated game stands for: the match and its event."""

    match_id: int
    event_id: int


def _teams(club_id: int, merged: Mapping[int, int]) -> dict[int, tuple[tuple[int, int | Guest], ...]]:
    """Each entrant of the club's events → its players as (player id, the rating's key: a member,
    a merged record as the member it became, another player as a guest)."""
    return {
        pk: tuple((player, _key(player, member, merged)) for player, member in people)
        for pk, people in entrant_people(Pair.objects.filter(event__club_id=club_id))
    }


def _key(player: int, member: int | None, merged: Mapping[int, int]) -> int | Guest:
    return live_member(member, merged) if member is not None else ("player", player)


def _substitutes(
    club_id: int, merged: Mapping[int, int]
) -> dict[int, list[tuple[int, int | Guest, Substitution]]]:
    """Each entrant's substitutions (docs/events.md "Substitutes"): (the player replaced, the
    substitute's key, the substitution) — the ratings rate who played."""
    rows = Substitution.objects.filter(pair__event__club_id=club_id).select_related("substitute")
    found: dict[int, list[Substitute]] = {}
    for row in rows:
        key = _key(row.substitute_id, row.substitute.member_id, merged)
        found.setdefault(row.pair_id, []).append((row.replaced_id, key, row))
    return found


def _played(teams, substitutes, pair: int, number: int) -> tuple[int | Guest, ...]:
    """The rating keys of who played for ``pair`` in round ``number``."""
    instead = {replaced: key for replaced, key, row in substitutes.get(pair, ()) if row.covers(number)}
    return tuple(instead.get(player, key) for player, key in teams[pair])


def club_games(club_id: int) -> list[Game]:
    """Every confirmed result of the club's events that was played (a forfeit was not), oldest
    event first (by its start date, then as created), round by round, table by table: a two-sided
    match as two teams (a draw: a tie), a table of four as four teams of one placed by points."""
    merged = merged_members(club_id)
    teams, substitutes = _teams(club_id, merged), _substitutes(club_id, merged)
    seats: dict[int, dict[str, int]] = {}
    for match_id, seat, pair_id in TableSeat.objects.filter(round__event__club_id=club_id).values_list(
        "match_id", "seat", "pair_id"
    ):
        seats.setdefault(match_id, {})[seat] = pair_id
    results = (
        MatchResult.objects.filter(status=ResultStatus.CONFIRMED, match__round__event__club_id=club_id)
        .exclude(source=ResultSource.FORFEIT)
        .order_by(
            F("match__round__event__starts_on").asc(nulls_last=True),
            "match__round__event_id",
            "match__round__number",
            "match__table",
        )
        .values_list(
            "match_id",
            "match__round__event_id",
            "match__ns_pair_id",
            "match__ew_pair_id",
            "winner",
            "seats",
            "match__round__number",
        )
    )
    return list(_games(results, teams, substitutes, seats))


def _games(results, teams, substitutes, seats) -> Iterator[Game]:
    for match_id, event_id, ns, ew, winner, totals, number in results:
        key = MatchKey(match_id, event_id)
        if ns is None:  # a table of four: each seat a team of one, placed by its points
            at_table = seats.get(match_id, {})
            if not totals or set(totals) != set(at_table):
                continue
            order = sorted(at_table)
            points = [float(totals[seat].get("points", 0)) for seat in order]
            teams_at = tuple(_played(teams, substitutes, at_table[seat], number) for seat in order)
            yield Game(key, teams_at, places_by_points(points))
        elif ew is not None:
            places = {"NS": (1, 2), "EW": (2, 1)}.get(winner, (1, 1))
            yield Game(
                key,
                (_played(teams, substitutes, ns, number), _played(teams, substitutes, ew, number)),
                places,
            )


def run_of(club: Club) -> RatingRun | None:
    return RatingRun.objects.filter(club=club).first()


@dataclass(frozen=True)
class _Row:
    member: int
    name: str
    affiliation: str
    rating: float
    mu: float
    sigma: float
    matches: int


def rating_table(club: Club, event_ids: Sequence[int] | None = None) -> list[dict[str, Any]]:
    """The club's rated members, best first: ``rating``, ``mu``, ``sigma`` and ``matches``.

    ``event_ids``: over those events only (a series, a month): each member's rating after their last
    match in them and the number of their matches there; members who played none are left out."""
    people = ("member_id", "member__name", "member__affiliation")
    rows: list[_Row]
    if event_ids is None:
        rows = [
            _Row(*row)
            for row in Rating.objects.filter(club=club).values_list(
                *people, "rating", "mu", "sigma", "matches"
            )
        ]
    else:
        # The database counts each member's matches in the scope and finds the last; only the rows
        # at those last matches are read (a season's 28,000 rows would take 300 ms to stream).
        scoped = RatingChange.objects.filter(club=club, event_id__in=event_ids)
        counts = {
            member: (matches, last)
            for member, matches, last in scoped.values("member_id")
            .annotate(matches=Count("id"), last=Max("sequence"))
            .values_list("member_id", "matches", "last")
        }
        lasts = {last for _, last in counts.values()}
        rows = [
            _Row(member, name, affiliation, rating, mu, sigma, counts[member][0])
            for member, name, affiliation, rating, mu, sigma, sequence in scoped.filter(
                sequence__in=lasts
            ).values_list(*people, "rating_after", "mu_after", "sigma_after", "sequence")
            if counts[member][1] == sequence
        ]
    rows.sort(key=lambda row: (-row.rating, row.name, row.member))
    return [
        {
            "rank": place,
            "member": row.member,
            "name": row.name,
            "affiliation": row.affiliation,
            "rating": round(row.rating, 1),
            "mu": round(row.mu, 1),
            "sigma": round(row.sigma, 1),
            "matches": row.matches,
        }
        for place, row in enumerate(rows, start=1)
    ]


def member_history(member: Member) -> list[dict[str, Any]]:
    """The member's rating before and after each rated match, in the order played."""
    rows = (
        RatingChange.objects.filter(member=member)
        .order_by("sequence")
        .values(
            "match_id",
            "event__slug",
            "event__name",
            "match__round__number",
            "match__table",
            "rating_before",
            "rating_after",
            "mu_before",
            "mu_after",
            "sigma_before",
            "sigma_after",
        )
    )
    return [
        {
            "event": {"slug": row["event__slug"], "name": row["event__name"]},
            "match": row["match_id"],
            "round": row["match__round__number"],
            "table": row["match__table"],
            "before": _skill(row, "before"),
            "after": _skill(row, "after"),
        }
        for row in rows
    ]


def _skill(row: Mapping[str, Any], when: str) -> dict[str, float]:
    return {name: round(row[f"{name}_{when}"], 1) for name in ("rating", "mu", "sigma")}


def pair_strengths(event: Event, pair_ids: Sequence[int]) -> dict[int, float]:
    """Each pair's strength as its club rates its players now (``team_strength``); a player the club
    has not rated (no member, no match yet, an event of no club) counts as a newcomer."""
    merged: dict[int, int] = {}
    skills: dict[int, Skill] = {}
    if event.club_id is not None:
        merged = merged_members(event.club_id)
        rated = Rating.objects.filter(club_id=event.club_id).values_list("member_id", "mu", "sigma")
        skills = {member: Skill(mu, sigma) for member, mu, sigma in rated}
    return {
        pk: team_strength(
            [
                skills.get(live_member(member, merged), Skill()) if member is not None else Skill()
                for _, member in people
            ]
        )
        for pk, people in entrant_people(Pair.objects.filter(event=event, pk__in=pair_ids))
    }


def scope_events(club: Club, slugs: Sequence[str]) -> list[Event]:
    """The club's public events named by ``slugs`` (a rating table over a subset of its events); an
    unknown slug, another club's event or a draft is a ``400 unknown_event``."""
    wanted = list(dict.fromkeys(slugs))
    events = list(Event.objects.filter(club=club, slug__in=wanted).exclude(status=EventStatus.DRAFT))
    missing = sorted(set(wanted) - {event.slug for event in events})
    if missing:
        raise DomainError(
            f"The club has no public event {', '.join(missing)}.", "unknown_event", field="events"
        )
    return events


def scope(club: Club, *, events: str = "", series: str = "") -> list[Event] | None:
    """The events a rating table is computed over: ``events`` (comma-separated slugs of the club's
    public events), or every public event of the club's published ``series`` (a slug), or all the
    club's events (None). Both at once is a ``400 scope_conflict``; a series that is not the club's,
    or a draft, is a ``400 unknown_series``."""
    names = [name for name in events.split(",") if name]
    if names and series:
        raise DomainError("Rate over events or over a series, not both.", "scope_conflict", field="series")
    if names:
        return scope_events(club, names)
    if not series:
        return None
    found = club.series.filter(slug=series, status=SeriesStatus.PUBLISHED).first()
    if found is None:
        raise DomainError(f"The club has no published series {series!r}.", "unknown_series", field="series")
    return list(
        Event.objects.filter(series_entries__series=found).exclude(status=EventStatus.DRAFT).order_by("pk")
    )
