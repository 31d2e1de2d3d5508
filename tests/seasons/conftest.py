"""The seasons tests' clubs: a club with a published event of four member pairs and results
confirmed through the API (the ratings), and a club's season of events played out (round robins
whose results follow a given order) for the series, their pairs' players linked to the members."""

from __future__ import annotations

import pytest

from seasons.models import Series, SeriesEvent, SeriesLink
from tests.factories import (
    ClubFactory,
    EventFactory,
    MatchFactory,
    MemberFactory,
    PairFactory,
    PlayerFactory,
    RoundFactory,
    StageFactory,
    UnitFactory,
)
from tests.tournaments.conftest import client_for, confirm, new_user, role_client
from tournaments.models import ClubRole, ClubStaff, EventStatus, Pair, Role, RoundStatus, StageKind

API = "/api/v1"


def club_organizer(club):
    user = new_user("club-organizer")
    ClubStaff.objects.create(club=club, user=user, role=ClubRole.ORGANIZER)
    return client_for(user)


def members(club, count: int) -> list[list]:
    """``count`` partnerships of two members each."""
    return [[MemberFactory(club=club), MemberFactory(club=club)] for _ in range(count)]


def entered(event, partnerships, *, units=None) -> list[Pair]:
    """A pair of ``event`` for each partnership (its players linked to the two members)."""
    pairs = []
    for index, (first, second) in enumerate(partnerships):
        unit = units[index] if units else None
        pair = PairFactory(event=event, unit=unit, name=f"{first.name} & {second.name}")
        for player, member in ((pair.player_1, first), (pair.player_2, second)):
            player.member, player.name, player.unit = member, member.name, unit
            player.save()
        pairs.append(pair)
    return pairs


def round_robin(event, pairs: list[Pair], *, close: bool = True) -> None:
    """Every pair meets every other once (circle method); the pair earlier in ``pairs`` wins, so the
    standings follow ``pairs``' order. Rounds closed unless ``close`` is False (the last stays open)."""
    stage = StageFactory(event=event)
    ring = list(pairs) + ([None] if len(pairs) % 2 else [])
    n = len(ring)
    order = {pair.pk: index for index, pair in enumerate(pairs)}
    rounds = []
    for number in range(1, n):
        round_ = RoundFactory(event=event, stage=stage, number=number, status=RoundStatus.PUBLISHED)
        for table in range(n // 2):
            a, b = ring[table], ring[n - 1 - table]
            if a is None or b is None:
                continue
            match = MatchFactory(round=round_, table=table + 1, ns_pair=a, ew_pair=b)
            confirm(match, a if order[a.pk] < order[b.pk] else b)
        rounds.append(round_)
        ring = [ring[0], ring[-1], *ring[1:-1]]
    for round_ in rounds if close else rounds[:-1]:
        round_.status = RoundStatus.CLOSED
        round_.save(update_fields=["status"])


def played(club, partnerships, *, slug=None, close=True, status=EventStatus.FINISHED, units=None):
    """An event of ``club`` played out in ``partnerships``' order; ``units``: a unit name for each."""
    event = EventFactory(club=club, status=status, **({"slug": slug} if slug else {}))
    if units:
        made = {name: UnitFactory(event=event, name=name, short_name=name[:2]) for name in set(units)}
        units = [made[name] for name in units]
    pairs = entered(event, partnerships, units=units)
    round_robin(event, pairs, close=close)
    return event, pairs


def series_of(club, events, **fields) -> Series:
    series = Series.objects.create(
        club=club,
        slug=fields.pop("slug", f"{club.slug}-season"),
        name="Season",
        status=fields.pop("status", "published"),
        **fields,
    )
    for position, event in enumerate(events, start=1):
        SeriesEvent.objects.create(series=series, event=event, position=position)
    return series


def link(series, feeder, final, top, **fields) -> SeriesLink:
    return SeriesLink.objects.create(series=series, feeder=feeder, final=final, top=top, **fields)


def member_pair(event, club, *names):
    """A pair of the event whose players are the club's members ``names`` (made here)."""
    players = [
        PlayerFactory(event=event, name=name, member=MemberFactory(club=club, name=name)) for name in names
    ]
    return PairFactory(event=event, player_1=players[0], player_2=players[1])


@pytest.fixture
def club(db):
    return ClubFactory(slug="tea", name="Tea House")


@pytest.fixture
def season(club):
    """Event ``week-1`` of club ``tea``: pairs A/B, C/D, E/F, G/H; round 1 published, tables 1
    (A/B v C/D) and 2 (E/F v G/H)."""
    event = EventFactory(published=True, slug="week-1", club=club)
    pairs = [member_pair(event, club, *names) for names in (("A", "B"), ("C", "D"), ("E", "F"), ("G", "H"))]
    stage = StageFactory(event=event, kind=StageKind.SWISS)
    round_ = RoundFactory(event=event, stage=stage, number=1, status=RoundStatus.PUBLISHED)
    matches = [
        MatchFactory(round=round_, table=1, ns_pair=pairs[0], ew_pair=pairs[1]),
        MatchFactory(round=round_, table=2, ns_pair=pairs[2], ew_pair=pairs[3]),
    ]
    return {"event": event, "pairs": pairs, "round": round_, "matches": matches}


@pytest.fixture
def referee(season):
    return role_client(season["event"], Role.REFEREE)


def result_url(match, suffix: str = "") -> str:
    return f"{API}/matches/{match.pk}/result{suffix}"


def official(referee, match, levels: dict[str, str], *, corrects: int | None = None):
    """A level-sheet result made official by a referee: submitted and confirmed, or a correction."""
    body = {"levels": levels, "deals_played": 9}
    if corrects is not None:
        response = referee.post(result_url(match), {**body, "corrects": corrects}, format="json")
        assert response.status_code == 201, response.json()
        return response
    response = referee.post(result_url(match), {**body, "confirm": False}, format="json")
    assert response.status_code == 201, response.json()
    response = referee.post(result_url(match, "/confirm"), {}, format="json")
    assert response.status_code == 200, response.json()
    return response


NS_WINS = {"NS": "A+", "EW": "K"}
EW_WINS = {"NS": "K", "EW": "A+"}
