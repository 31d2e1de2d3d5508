"""Who may do what in scorekeeping, results, standings, disputes, audit and webhooks (a table à la pretix).

The event of tests/tournaments: round 1 published (tables 1 and 2), round 2 a draft. The limited
scorekeeper and the table token keep table 1. A submitted result waits on table 2 for confirmation.
On a draft event, callers without a role find nothing (404); anonymous writes stay 401.
"""

from __future__ import annotations

import pytest

from scoring.models import MatchResult, ResultSource
from tests.tournaments.conftest import (
    ACTORS,
    actor_client,
    call,
    check_status,
    event_with_rounds,
    permission_cases,
)
from tournaments.models import EventStatus, Match

pytestmark = pytest.mark.django_db

E = "/api/v1/events/{event}"
M1 = "/api/v1/matches/{table_1}"
M2 = "/api/v1/matches/{published_table_2}"
#        anon outsider org  chief ref  sk   sk(t1) token super
ALL_200 = (200,) * len(ACTORS)
TABLE_2 = (200, 200, 200, 200, 200, 200, 404, 404, 200)
REFEREES = (401, 403, 200, 200, 200, 403, 403, 403, 200)
ORGANIZER = (401, 403, 200, 403, 403, 403, 403, 403, 200)
TABLE_ONLY = (401, 403, 403, 403, 403, 403, 403, 200, 403)
KEEPERS_201 = (401, 403, 201, 201, 201, 201, 201, 201, 201)
KEEPERS_OF_2 = (401, 403, 200, 200, 200, 200, 404, 404, 200)

SHEET = {"levels": {"NS": "A+", "EW": "K"}, "deals_played": 9}
READS = [
    ("GET", f"{M1}/deals/", None, ALL_200),
    ("GET", f"{M2}/deals/", None, TABLE_2),
    ("GET", f"{M2}/result", None, TABLE_2),
    ("GET", f"{E}/standings/", None, ALL_200),
    ("GET", f"{E}/standings/units/", None, ALL_200),
    ("GET", f"{E}/standings/export", None, ALL_200),
    ("GET", f"{E}/results/", None, ALL_200),
    ("GET", f"{E}/disputes/", None, REFEREES),
    ("GET", f"{E}/audit/", None, REFEREES),
    ("GET", f"{E}/webhooks/", None, ORGANIZER),
    ("GET", "/api/v1/table/", None, TABLE_ONLY),
]
WRITES = [
    ("POST", f"{M1}/deals/", {"number": 1, "finishing_order": ["N", "S"]}, KEEPERS_201),
    ("POST", f"{M1}/result", SHEET, KEEPERS_201),
    ("POST", f"{M2}/result/confirm", {}, KEEPERS_OF_2),
    (
        "POST",
        f"{E}/webhooks/",
        {"url": "http://127.0.0.1:9/hook"},
        (401, 403, 201, 403, 403, 403, 403, 403, 201),
    ),
]


def _setup(status: str) -> dict:
    setup = event_with_rounds(status)
    table_2 = Match.objects.get(pk=setup["ids"]["published_table_2"])
    setup["ids"]["table_1"] = Match.objects.get(round=table_2.round, table=1).pk
    MatchResult.objects.create(
        match=table_2,
        version=1,
        source=ResultSource.LEVELS,
        ns_level=15,
        ew_level=13,
        winner="NS",
        deals_played=9,
        games=[
            {
                "ns_level": 15,
                "ew_level": 13,
                "winner": "NS",
                "draw": False,
                "deals_played": 9,
                "end_reason": "passed_a",
                "tiebreak": None,
                "passed_a": "NS",
                "on_time": False,
            }
        ],
        content_hash="x",
        side="NS",
        party="side:NS",
    )
    return setup


@pytest.mark.parametrize(
    ("method", "url", "body", "actor", "expected"),
    list(permission_cases(READS + WRITES, draft=False, keep_for_outsiders=("/table/",))),
)
def test_published_event(method, url, body, actor, expected):
    setup = _setup(EventStatus.PUBLISHED)
    check_status(call(actor_client(setup["event"], actor), method, url, body, setup["ids"]), expected)


@pytest.mark.parametrize(
    ("method", "url", "body", "actor", "expected"),
    list(permission_cases(READS + WRITES, draft=True, keep_for_outsiders=("/table/",))),
)
def test_draft_event(method, url, body, actor, expected):
    setup = _setup(EventStatus.DRAFT)
    check_status(call(actor_client(setup["event"], actor), method, url, body, setup["ids"]), expected)
