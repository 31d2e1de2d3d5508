"""Who may do what, per event role (tournaments/permissions.py), as a table à la pretix.

Each row is (method, URL, body) and the expected status for every kind of caller, on a
published event. Round 1 is published (tables 1 and 2); round 2 is a draft. The limited
scorekeeper and the table token keep table 1. A draft event is the same table, except that it
does not exist for callers without a role there: their reads and writes are 404s (anonymous
writes stay 401: every write needs a token first).

Both events are built once for the module (``setups``); each case runs in a savepoint rolled back
after it, on its own copy of the event.
"""

from __future__ import annotations

import copy

import pytest

from tests.conftest import rolled_back
from tests.tournaments.conftest import (
    ACTORS,
    actor_client,
    call,
    check_status,
    event_with_rounds,
    permission_cases,
)
from tournaments.models import EventStatus

pytestmark = pytest.mark.django_db

E = "/api/v1/events/{event}"
ALL_200 = (200,) * len(ACTORS)
#                 anon outsider org chief ref  sk  sk(t1) token super
DRAFTS = (404, 404, 200, 200, 200, 404, 404, 404, 200)
TABLE_2 = (200, 200, 200, 200, 200, 200, 404, 404, 200)
ORGANIZER_READ = (401, 403, 200, 403, 403, 403, 403, 403, 200)
REFEREES_READ = (401, 403, 200, 200, 200, 403, 403, 403, 200)
CHIEF_WRITE = (401, 403, 200, 200, 403, 403, 403, 403, 200)
CHIEF_CREATE = (401, 403, 201, 201, 403, 403, 403, 403, 201)


def organizer_write(ok: int) -> tuple[int, ...]:
    return (401, 403, ok, 403, 403, 403, 403, 403, ok)


READS = [
    ("GET", f"{E}/", None, ALL_200),
    ("GET", f"{E}/units/", None, ALL_200),
    ("GET", f"{E}/players/", None, ALL_200),
    ("GET", f"{E}/pairs/", None, ALL_200),
    ("GET", f"{E}/pairs/{{pair}}/", None, ALL_200),
    ("GET", f"{E}/stages/", None, ALL_200),
    ("GET", f"{E}/rounds/", None, ALL_200),
    ("GET", f"{E}/rounds/1/", None, ALL_200),
    ("GET", f"{E}/rounds/2/", None, DRAFTS),
    ("GET", f"{E}/matches/", None, ALL_200),
    ("GET", "/api/v1/matches/{published_table_2}/", None, TABLE_2),
    ("GET", "/api/v1/matches/{draft_table_1}/", None, DRAFTS),
    ("GET", f"{E}/roles/", None, ORGANIZER_READ),
    ("GET", f"{E}/rounds/2/check-in", None, REFEREES_READ),
    ("GET", f"{E}/invitations/", None, ORGANIZER_READ),
    ("GET", f"{E}/table-tokens/", None, ORGANIZER_READ),
]
WRITES = [
    ("PATCH", f"{E}/", {"venue": "Hall 2"}, organizer_write(200)),
    ("DELETE", f"{E}/", None, organizer_write(409)),  # it has matches: the role is checked first
    ("POST", f"{E}/units/", {"name": "New Club"}, organizer_write(201)),
    ("PATCH", f"{E}/units/{{unit}}/", {"short_name": "NC"}, organizer_write(200)),
    ("DELETE", f"{E}/units/{{unit}}/", None, organizer_write(204)),
    ("POST", f"{E}/players/", {"name": "Zhao"}, organizer_write(201)),
    ("POST", f"{E}/pairs/", {"player_1": {"name": "a"}, "player_2": {"name": "b"}}, organizer_write(201)),
    ("PATCH", f"{E}/pairs/{{pair}}/", {"status": "withdrawn"}, organizer_write(200)),
    ("POST", f"{E}/pairs/draw-singles", {"seed": 1}, organizer_write(201)),
    ("POST", f"{E}/stages/", {"name": "Final", "kind": "knockout"}, organizer_write(201)),
    ("POST", f"{E}/rounds/", {"stage": "{stage}"}, organizer_write(201)),
    ("PATCH", f"{E}/rounds/1/", {"starts_at": "2026-12-05T09:00:00+08:00"}, organizer_write(200)),
    ("POST", f"{E}/rounds/2/draw", {"seed": 1}, organizer_write(200)),
    ("POST", f"{E}/rounds/2/swap", {"table": 1, "to_table": 2}, organizer_write(200)),
    ("POST", f"{E}/rounds/2/publish", {}, organizer_write(200)),
    ("POST", f"{E}/rounds/1/close", {}, organizer_write(409)),  # results pending: the role is checked first
    ("POST", f"{E}/rounds/2/check-in", {"marks": [{"pair": "{pair}", "status": "late"}]}, CHIEF_WRITE),
    ("POST", f"{E}/rounds/1/clock/start", {}, CHIEF_WRITE),
    ("DELETE", f"{E}/rounds/2/", None, organizer_write(204)),
    (
        "POST",
        f"{E}/matches/",
        {"round": 2, "table": 9, "ns_pair": "{pair}", "ew_pair": None},
        organizer_write(201),
    ),
    ("PATCH", "/api/v1/matches/{draft_table_1}/", {"ew_pair": None}, organizer_write(200)),
    ("DELETE", "/api/v1/matches/{draft_table_1}/", None, organizer_write(204)),
    ("POST", f"{E}/roles/", {"username": "helper", "role": "referee"}, organizer_write(201)),
    ("POST", f"{E}/table-tokens/", {"table": 5}, organizer_write(201)),
    ("POST", f"{E}/invitations/", {"role": "scorekeeper"}, organizer_write(201)),
    (
        "POST",
        f"{E}/substitutions/",
        {"pair": "{pair}", "replaced": "{player}", "name": "Sub", "from_round": 2},
        CHIEF_CREATE,
    ),
]


@pytest.fixture(scope="module")
def built(django_db_setup, django_db_blocker) -> dict:
    with rolled_back(django_db_blocker):
        yield {status: event_with_rounds(status) for status in (EventStatus.PUBLISHED, EventStatus.DRAFT)}


@pytest.fixture
def setups(built, db) -> dict:
    """The published and the draft event with their ids, by status."""
    return copy.deepcopy(built)


@pytest.mark.parametrize(
    ("method", "url", "body", "actor", "expected"), list(permission_cases(READS + WRITES, draft=False))
)
def test_published_event(setups, method, url, body, actor, expected):
    setup = setups[EventStatus.PUBLISHED]
    check_status(call(actor_client(setup["event"], actor), method, url, body, setup["ids"]), expected)


@pytest.mark.parametrize(
    ("method", "url", "body", "actor", "expected"), list(permission_cases(READS + WRITES, draft=True))
)
def test_draft_event(setups, method, url, body, actor, expected):
    setup = setups[EventStatus.DRAFT]
    check_status(call(actor_client(setup["event"], actor), method, url, body, setup["ids"]), expected)
