"""A club's season built for the series tests: events of a club played out (round robins whose
results follow a given order), their pairs' players linked to the club's members."""

from __future__ import annotations

import pytest

from seasons.models import Series, SeriesEvent, SeriesLink
from tests.factories import (
    ClubFactory,
    EventFactory,
    MatchFactory,
    MemberFactory,
    PairFactory,
    RoundFactory,
    StageFactory,
    UnitFactory,
)
from tests.tournaments.conftest import client_for, confirm, new_user
from tournaments.models import ClubRole, ClubStaff, EventStatus, Pair, RoundStatus


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
        club=club, slug=fields.pop("slug", f"{club.slug}-season"), name="Season", status="published", **fields
    )
    for position, event in enumerate(events, start=1):
        SeriesEvent.objects.create(series=series, event=event, position=position)
    return series


def link(series, feeder, final, top, **fields) -> SeriesLink:
    return SeriesLink.objects.create(series=series, feeder=feeder, final=final, top=top, **fields)


@pytest.fixture
def club(db):
    return ClubFactory()
