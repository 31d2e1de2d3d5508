"""Who may call a referee, read the calls, cancel and answer (a permission table, as in
tests/scoring/test_permissions.py): the event of tests/tournaments, round 1 published; an open call
of its table 1 (kept by the limited scorekeeper and the table token) and one of its table 2.

Both events are built once for the module; each case runs in a savepoint rolled back after it."""

from __future__ import annotations

import copy

import pytest
from django.contrib.auth import get_user_model

from referee.calls import services
from scoring.actors import Actor
from tests.conftest import rolled_back
from tests.tournaments.conftest import actor_client, call, check_status, event_with_rounds, permission_cases
from tournaments.models import EventStatus, Match, Role

pytestmark = pytest.mark.django_db

#                 anon outsider org  chief ref  sk   sk(t1) token super
KEEPERS_201 = (401, 403, 201, 201, 201, 201, 201, 201, 201)
KEEPERS_200 = (401, 403, 200, 200, 200, 200, 200, 200, 200)
REFEREES_200 = (401, 403, 200, 200, 200, 403, 403, 403, 200)
# One call: the referees and the keepers of its table see it; anyone else finds nothing (404).
CALL_KEEPERS = (401, 404, 200, 200, 200, 200, 200, 200, 200)
CALL_KEEPERS_OF_2 = (401, 404, 200, 200, 200, 200, 404, 404, 200)
CALL_REFEREES = (401, 404, 200, 200, 200, 403, 403, 403, 200)
CALL_REFEREES_OF_2 = (401, 404, 200, 200, 200, 403, 404, 404, 200)
ROWS = [
    ("POST", "/api/v1/matches/{table_1}/calls/", {"about": "a question"}, KEEPERS_201),
    ("GET", "/api/v1/matches/{table_1}/calls/", None, KEEPERS_200),
    ("GET", "/api/v1/events/{event}/calls/", None, REFEREES_200),
    ("GET", "/api/v1/calls/{call_1}/", None, CALL_KEEPERS),
    ("GET", "/api/v1/calls/{call_2}/", None, CALL_KEEPERS_OF_2),
    ("POST", "/api/v1/calls/{call_1}/cancel", None, CALL_KEEPERS),
    ("POST", "/api/v1/calls/{call_2}/cancel", None, CALL_KEEPERS_OF_2),
    ("POST", "/api/v1/calls/{call_1}/answer", None, CALL_REFEREES),
    ("POST", "/api/v1/calls/{call_2}/answer", None, CALL_REFEREES_OF_2),
]


def _setup(status: str) -> dict:
    setup = event_with_rounds(status)
    event = setup["event"]
    table_1 = Match.objects.get(round__event=event, round__number=1, table=1)
    table_2 = Match.objects.get(round__event=event, round__number=1, table=2)
    user, _ = get_user_model().objects.get_or_create(username="setup-keeper")
    keeper = Actor(user=user, token=None, roles=frozenset({Role.SCOREKEEPER}), tables=None)
    setup["ids"].update(
        table_1=table_1.pk,
        call_1=services.call_referee(match=table_1, about="one", actor=keeper).pk,
        call_2=services.call_referee(match=table_2, about="two", actor=keeper).pk,
    )
    return setup


@pytest.fixture(scope="module")
def built(django_db_setup, django_db_blocker) -> dict:
    with rolled_back(django_db_blocker):
        yield {status: _setup(status) for status in (EventStatus.PUBLISHED, EventStatus.DRAFT)}


@pytest.fixture
def setups(built, db) -> dict:
    return copy.deepcopy(built)


def _expected(url: str, actor: str, status: int) -> int:
    # A new call at table 1 while its call waits: the keepers get 409 call_open, not 201.
    return 409 if status == 201 and url.endswith("/calls/") else status


@pytest.mark.parametrize(
    ("method", "url", "body", "actor", "expected"), list(permission_cases(ROWS, draft=False))
)
def test_published_event(setups, method, url, body, actor, expected):
    setup = setups[EventStatus.PUBLISHED]
    check_status(
        call(actor_client(setup["event"], actor), method, url, body, setup["ids"]),
        _expected(url, actor, expected),
    )


@pytest.mark.parametrize(
    ("method", "url", "body", "actor", "expected"), list(permission_cases(ROWS, draft=True))
)
def test_draft_event(setups, method, url, body, actor, expected):
    setup = setups[EventStatus.DRAFT]
    check_status(
        call(actor_client(setup["event"], actor), method, url, body, setup["ids"]),
        _expected(url, actor, expected),
    )
