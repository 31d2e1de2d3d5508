"""Who may do what with incidents, rulings, appeals and penalties (a permission table, as in
tests/scoring/test_permissions.py): the table of tests/tournaments, round 1 published; incidents at
its table 1 (kept by the limited scorekeeper and the table token): one reported, one ruled, one
appealed; a penalty of a ruling. The event does not publish its rulings.

Both events are built once for the module (``setups``); each case runs in a savepoint rolled back
after it, on its own copy of the event."""

from __future__ import annotations

import copy

import pytest
from django.contrib.auth import get_user_model

from referee.incidents import services
from scoring.actors import Actor
from tests.conftest import rolled_back
from tests.tournaments.conftest import actor_client, call, check_status, event_with_rounds, permission_cases
from tournaments.models import EventStatus, Match, Role

pytestmark = pytest.mark.django_db

I = "/api/v1/events/{event}/incidents/"  # noqa: E741
#                anon outsider org  chief ref  sk   sk(t1) token super
STAFF_200 = (401, 403, 200, 200, 200, 200, 200, 200, 200)
KEEPERS_201 = (401, 403, 201, 201, 201, 201, 201, 201, 201)
REFEREES_201 = (401, 403, 201, 201, 201, 403, 403, 403, 201)
PARTIES_201 = (401, 403, 403, 403, 403, 201, 201, 201, 403)
CHIEFS_200 = (401, 403, 200, 200, 403, 403, 403, 403, 200)
REFEREES_200 = (401, 403, 200, 200, 200, 403, 403, 403, 200)
ROWS = [
    ("GET", I, None, STAFF_200),
    ("GET", I + "{reported}/", None, STAFF_200),
    ("POST", I, {"match": "{table_1}", "infraction": "slow_play", "seat": "N"}, KEEPERS_201),
    ("POST", I + "{reported}/rule", {}, REFEREES_201),
    ("POST", I + "{ruled}/appeal", {"side": "NS", "reason": "not us"}, PARTIES_201),
    ("POST", I + "{appealed}/decide", {"decision": "uphold", "reason": "as ruled"}, CHIEFS_200),
    ("POST", "/api/v1/penalties/{penalty}/cancel", {"reason": "a mistake"}, CHIEFS_200),
    # The referee's desk (issue 34): what a ruling may apply, and previews that keep nothing.
    ("GET", I + "{reported}/choices", None, REFEREES_200),
    ("POST", I + "{reported}/rule/preview", {}, REFEREES_200),
    ("POST", I + "{appealed}/decide/preview", {"decision": "uphold", "reason": "as ruled"}, CHIEFS_200),
    ("POST", "/api/v1/penalties/{penalty}/cancel/preview", {"reason": "a mistake"}, CHIEFS_200),
]
#: The reads the public may make once an event publishes its rulings (the others are the referees').
PUBLIC_READS = {I, I + "{reported}/"}


def _setup(status: str) -> dict:
    setup = event_with_rounds(status)
    event = setup["event"]
    table_1 = Match.objects.get(round__event=event, round__number=1, table=1)
    user, _ = get_user_model().objects.get_or_create(username="setup-referee")
    referee = Actor(user=user, token=None, roles=frozenset({Role.REFEREE}), tables=None)
    table = Actor(user=user, token=None, roles=frozenset({Role.SCOREKEEPER}), tables=None)

    def incident(infraction: str):
        return services.incident_report(
            event=event, match=table_1.pk, infraction=infraction, seat="N", description="", actor=referee
        )

    reported, ruled, appealed = incident("slow_play"), incident("exposed_card"), incident("hidden_card")
    services.ruling_make(incident=ruled, ruling=services.RulingInput(), actor=referee)
    ruling = services.ruling_make(incident=appealed, ruling=services.RulingInput(), actor=referee)
    services.appeal_lodge(incident=appealed, side="NS", actor=table)
    setup["ids"].update(
        table_1=table_1.pk,
        reported=reported.pk,
        ruled=ruled.pk,
        appealed=appealed.pk,
        penalty=ruling.penalties.get().pk,
    )
    return setup


@pytest.fixture(scope="module")
def built(django_db_setup, django_db_blocker) -> dict:
    with rolled_back(django_db_blocker):
        yield {status: _setup(status) for status in (EventStatus.PUBLISHED, EventStatus.DRAFT)}


@pytest.fixture
def setups(built, db) -> dict:
    """The published and the draft event with their ids, by status."""
    return copy.deepcopy(built)


@pytest.mark.parametrize(
    ("method", "url", "body", "actor", "expected"), list(permission_cases(ROWS, draft=False))
)
def test_published_event(setups, method, url, body, actor, expected):
    setup = setups[EventStatus.PUBLISHED]
    check_status(call(actor_client(setup["event"], actor), method, url, body, setup["ids"]), expected)


@pytest.mark.parametrize(
    ("method", "url", "body", "actor", "expected"), list(permission_cases(ROWS, draft=True))
)
def test_draft_event(setups, method, url, body, actor, expected):
    if actor == "anonymous" and method == "GET" and url in PUBLIC_READS:
        expected = 404  # rulings may be public (publish_rulings): a hidden event is not found
    setup = setups[EventStatus.DRAFT]
    check_status(call(actor_client(setup["event"], actor), method, url, body, setup["ids"]), expected)


@pytest.mark.parametrize("actor", ["anonymous", "outsider"])
def test_the_public_reads_the_rulings_once_the_event_publishes_them(setups, actor):
    setup = setups[EventStatus.PUBLISHED]
    setup["event"].publish_rulings = True
    setup["event"].save()
    client = actor_client(setup["event"], actor)
    listed = call(client, "GET", I, None, setup["ids"])
    assert listed.status_code == 200
    assert sorted(row["id"] for row in listed.json()["results"]) == [
        setup["ids"]["ruled"],
        setup["ids"]["appealed"],
    ]
    assert all(row["reported_by"] is None for row in listed.json()["results"])
    check_status(call(client, "GET", I + "{reported}/", None, setup["ids"]), 404)
