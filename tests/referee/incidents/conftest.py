"""The event of tests/scoring (``play``: round 1 published, tables 1 and 2) with its staff, and helpers
for the referee's records (docs/referees.md)."""

from __future__ import annotations

import pytest

from tests.scoring.conftest import chief, keeper, organizer, play, referee, table_1  # noqa: F401
from tests.tournaments.conftest import role_client
from tournaments.models import Role

API = "/api/v1"


def incidents_url(event, suffix: str = "") -> str:
    return f"{API}/events/{event.slug}/incidents/{suffix}"


def report(client, event, match, infraction: str, **fields) -> dict:
    body = {"match": match.pk, "infraction": infraction, "description": "called at the table", **fields}
    if "seat" not in body and "side" not in body:
        body["side"] = "NS"
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
