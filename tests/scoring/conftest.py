"""A published event with a round in play, the clients of its staff, and helpers for scorekeeping."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tests.tournaments.conftest import (
    EventFactory,
    MatchFactory,
    PairFactory,
    RoundFactory,
    StageFactory,
    role_client,
    table_client,
)
from tournaments import gate
from tournaments.models import Role, RoundStatus, StageKind

API = "/api/v1"


@pytest.fixture
def play(db):
    """Event ``play`` (published), 4 pairs, round 1 published: table 1 pairs 1 v 2, table 2 pairs 3 v 4."""
    event = EventFactory(published=True, slug="play")
    pairs = [PairFactory(event=event) for _ in range(4)]
    stage = StageFactory(event=event, kind=StageKind.SWISS)
    round_ = RoundFactory(event=event, stage=stage, number=1, status=RoundStatus.PUBLISHED)
    table_1 = MatchFactory(round=round_, table=1, ns_pair=pairs[0], ew_pair=pairs[1])
    table_2 = MatchFactory(round=round_, table=2, ns_pair=pairs[2], ew_pair=pairs[3])
    return {"event": event, "pairs": pairs, "stage": stage, "round": round_, "matches": [table_1, table_2]}


@pytest.fixture
def referee(play):
    return role_client(play["event"], Role.REFEREE)


@pytest.fixture
def organizer(play):
    return role_client(play["event"], Role.ORGANIZER)


@pytest.fixture
def chief(play):
    return role_client(play["event"], Role.CHIEF_REFEREE)


@pytest.fixture
def keeper(play):
    """A scorekeeper of every table."""
    return role_client(play["event"], Role.SCOREKEEPER)


@pytest.fixture
def other_keeper(play):
    return role_client(play["event"], Role.SCOREKEEPER)


@pytest.fixture
def table_1(play):
    """The QR-code token of table 1."""
    return table_client(play["event"], 1)


def deals_url(match) -> str:
    return f"{API}/matches/{match.pk}/deals/"


def result_url(match, suffix: str = "") -> str:
    return f"{API}/matches/{match.pk}/result{suffix}"


def post_deals(client, match, orders, *, start: int = 1) -> dict:
    """Post finishing orders as deals ``start``, ``start + 1``, …; return the last answer's body."""
    body = {}
    for number, order in enumerate(orders, start=start):
        response = client.post(deals_url(match), {"number": number, "finishing_order": order}, format="json")
        assert response.status_code == 201, response.json()
        body = response.json()
    return body


# NS win every deal 1-2 (+3): 2 -> 5 -> 8 -> J -> A (A must be played), then pass A.
NS_SWEEP = [["N", "S"]] * 5
EW_SWEEP = [["E", "W"]] * 5


@pytest.fixture
def shared(settings):
    """``EVENT_GATE_CACHE`` on (tournaments.gate): the tests' cache is one process's memory, which is
    what every process sharing Redis sees."""
    settings.EVENT_GATE_CACHE = True
    cache.clear()
    gate._event_of.clear()  # this process's hints of earlier tests' events
    yield
    cache.clear()
