"""A club with a published event of four member pairs, and results confirmed through the API."""

from __future__ import annotations

import pytest

from tests.factories import ClubFactory, MemberFactory, PlayerFactory
from tests.tournaments.conftest import (
    EventFactory,
    MatchFactory,
    PairFactory,
    RoundFactory,
    StageFactory,
    role_client,
)
from tournaments.models import Role, RoundStatus, StageKind

API = "/api/v1"


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
