"""The event of tests/scoring (``play``: round 1 published, tables 1 and 2) with its staff, and helpers
for the referee's records (docs/referees.md)."""

from __future__ import annotations

import pytest

from engine.penalties import TABLES, Infraction, Scope
from engine.registry import get_game
from tests.factories import EventFactory, MatchFactory, PairFactory, PlayerFactory, RoundFactory, StageFactory
from tests.scoring.conftest import chief, keeper, organizer, play, referee, table_1  # noqa: F401
from tests.tournaments.conftest import role_client
from tournaments.models import Match, Pair, Role, RoundStatus, StageKind, TableSeat

API = "/api/v1"


def incidents_url(event, suffix: str = "") -> str:
    return f"{API}/events/{event.slug}/incidents/{suffix}"


def report(client, event, match, infraction: str, **fields) -> dict:
    body = {"match": match.pk, "infraction": infraction, "description": "called at the table", **fields}
    if "seat" not in body and "side" not in body:
        # An infraction counted per player names its seat (issue 35), any other the side.
        per_seat = TABLES["default"].row(Infraction(infraction)).scope == Scope.SEAT
        body.update({"seat": "N"} if per_seat else {"side": "NS"})
    response = client.post(incidents_url(event), body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def rule(client, event, incident: dict, **body):
    return client.post(incidents_url(event, f"{incident['id']}/rule"), body, format="json")


def ruled(client, event, incident: dict, **body) -> dict:
    response = rule(client, event, incident, **body)
    assert response.status_code == 201, response.json()
    return response.json()


def offence(referee_client, event, match, infraction: str, **fields) -> dict:
    """Report an incident and rule it as the table proposes; the ruling answered."""
    incident = report(referee_client, event, match, infraction, **fields)
    return ruled(referee_client, event, incident)["rulings"][-1]


def standings(client, event) -> dict:
    response = client.get(f"{API}/events/{event.slug}/standings/")
    assert response.status_code == 200
    return response.json()


def state(client, match) -> dict:
    response = client.get(f"{API}/matches/{match.pk}/")
    assert response.status_code == 200
    return response.json()["state"]


@pytest.fixture
def table_2(play):  # noqa: F811 - the fixture imported above
    from tests.tournaments.conftest import table_client

    return table_client(play["event"], 2)


@pytest.fixture
def second_referee(play):  # noqa: F811 - the fixture imported above
    return role_client(play["event"], Role.REFEREE)


def table_of(game_code: str) -> tuple[Match, str]:
    """A published round's match of a new event of ``game_code`` (its default rule set and penalty
    table), and a seat its incidents may name (the game's first)."""
    game = get_game(game_code)
    event = EventFactory(published=True, game=game_code, ruleset=game.default_profile)
    stage = StageFactory(event=event, kind=StageKind.SWISS)
    round_ = RoundFactory(event=event, stage=stage, number=1, status=RoundStatus.PUBLISHED)
    if game.individual:
        alone = [
            Pair.objects.create(event=event, number=n, player_1=PlayerFactory(event=event))
            for n in range(1, 5)
        ]
        match = MatchFactory(round=round_, table=1, ns_pair=None, ew_pair=None)
        for seat, pair in zip("NESW", alone, strict=True):
            TableSeat.objects.create(match=match, round=round_, seat=seat, pair=pair)
    else:
        match = MatchFactory(
            round=round_, table=1, ns_pair=PairFactory(event=event), ew_pair=PairFactory(event=event)
        )
    return match, game.seats[0].code
