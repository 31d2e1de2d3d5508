"""Who may do what in scorekeeping, results, standings, disputes, audit and webhooks (a table à la pretix).

The event of tests/tournaments: round 1 published (tables 1 and 2), round 2 a draft. The limited
scorekeeper and the table token keep table 1. A submitted result waits on table 2 for confirmation.
Round 3 is published: deal 1 is posted at its table 1, and its table 2 has an official result.
Round 4 closed two hours ago (past the 30-minute correction period): its table 1 has an official
result. A webhook is registered. On a draft event, callers without a role find nothing (404);
anonymous writes stay 401.

Both events are built once for the module (``setups``); each case runs in a savepoint rolled back
after it, on its own copy of the event.
"""

from __future__ import annotations

import copy
import datetime

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from scoring.actors import Actor
from scoring.models import MatchResult, ResultSource, Webhook
from scoring.services.deals import deal_submit
from tests.conftest import rolled_back
from tests.tournaments.conftest import (
    ACTORS,
    MatchFactory,
    RoundFactory,
    actor_client,
    assert_problem,
    call,
    check_status,
    confirm,
    event_with_rounds,
    permission_cases,
    table_client,
)
from tournaments.models import EventStatus, Match, Role, RoundStatus

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
KEEPERS_200 = (401, 403, 200, 200, 200, 200, 200, 200, 200)
REFEREES_201 = (401, 403, 201, 201, 201, 403, 403, 403, 201)
REFEREES_OF_2 = (401, 403, 200, 200, 200, 403, 404, 404, 200)
REFEREES_OF_2_201 = (401, 403, 201, 201, 201, 403, 404, 404, 201)
CHIEFS_201 = (401, 403, 201, 201, 403, 403, 403, 403, 201)
AUTHENTICATED = (401, 200, 200, 200, 200, 200, 200, 200, 200)
D1 = "/api/v1/matches/{dealt_table_1}"
O2 = "/api/v1/matches/{official_table_2}"
C1 = "/api/v1/matches/{closed_table_1}"
HOOK = f"{E}/webhooks/{{webhook}}/"

SHEET = {"levels": {"NS": "A+", "EW": "K"}, "deals_played": 9}
SHEET_Q = {"levels": {"NS": "A+", "EW": "Q"}, "deals_played": 9}
DEAL = {"number": 1, "finishing_order": ["N", "S"]}
READS = [
    ("GET", f"{M1}/deals/", None, ALL_200),
    ("GET", f"{M2}/deals/", None, TABLE_2),
    ("GET", f"{M2}/result", None, TABLE_2),
    ("GET", f"{M1}/result", None, ALL_200),
    ("GET", f"{D1}/deals/1", None, ALL_200),
    ("GET", f"{M1}/deal-form", None, ALL_200),
    ("GET", f"{M2}/deal-form", None, TABLE_2),
    ("GET", f"{E}/standings/", None, ALL_200),
    ("GET", f"{E}/standings/units/", None, ALL_200),
    ("GET", f"{E}/standings/export", None, ALL_200),
    ("GET", f"{E}/standings/units/export", None, ALL_200),
    ("GET", f"{E}/results/", None, ALL_200),
    ("GET", f"{E}/results/export", None, ALL_200),
    ("GET", f"{E}/disputes/", None, REFEREES),
    ("GET", f"{E}/audit/", None, REFEREES),
    ("GET", f"{E}/webhooks/", None, ORGANIZER),
    ("GET", "/api/v1/table/", None, TABLE_ONLY),
]
WRITES = [
    ("POST", f"{M1}/deals/", {"number": 1, "finishing_order": ["N", "S"]}, KEEPERS_201),
    ("POST", f"{M1}/result", SHEET, KEEPERS_201),
    # a preview writes nothing, but it is a keeper's (the post's checks, its keeper first)
    ("POST", f"{M1}/deals/preview", {"number": 1, "finishing_order": ["N", "S"]}, KEEPERS_200),
    ("POST", f"{M2}/result/confirm", {}, KEEPERS_OF_2),
    (
        "POST",
        f"{E}/webhooks/",
        {"url": "http://127.0.0.1:9/hook"},
        (401, 403, 201, 403, 403, 403, 403, 403, 201),
    ),
    ("PATCH", HOOK, {"active": False}, (401, 403, 200, 403, 403, 403, 403, 403, 200)),
    ("DELETE", HOOK, None, (401, 403, 204, 403, 403, 403, 403, 403, 204)),
    # POST /sync takes any token; each item then needs the rights of its single endpoint (below).
    (
        "POST",
        "/api/v1/sync",
        {"items": [{"key": "k-1", "kind": "deal", "match": "{table_1}", "body": DEAL}]},
        AUTHENTICATED,
    ),
    # correcting deals: the table's keepers while no result is submitted, then referees only
    ("PUT", f"{D1}/deals/1", {"finishing_order": ["N", "W", "S"], "note": "S came third"}, KEEPERS_201),
    ("POST", f"{D1}/deals/void", {"from": 1}, KEEPERS_200),
    ("POST", f"{M2}/deals/void", {"from": 1}, REFEREES_OF_2),
    # what only a referee does: a forfeit, confirm: true, correcting an official result
    ("POST", f"{M1}/result", {"forfeit": {"side": "EW"}}, REFEREES_201),
    ("POST", f"{M1}/result", {**SHEET, "confirm": True}, REFEREES_201),
    ("POST", f"{O2}/result", {"corrects": 1, **SHEET_Q}, REFEREES_OF_2_201),
    # after the correction period of a closed round: the chief referee (or an organizer)
    ("POST", f"{C1}/result", {"corrects": 1, **SHEET_Q}, CHIEFS_201),
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
    event, pairs = setup["event"], [table_2.ns_pair, table_2.ew_pair]
    stage = table_2.round.stage
    third = RoundFactory(event=event, stage=stage, number=3, status=RoundStatus.PUBLISHED)
    dealt = MatchFactory(round=third, table=1, ns_pair=pairs[0], ew_pair=pairs[1])
    organizer, _ = get_user_model().objects.get_or_create(username="setup-organizer")
    actor = Actor(user=organizer, token=None, roles=frozenset({Role.ORGANIZER}), tables=None)
    body = {"finishing_order": DEAL["finishing_order"], "tribute": None, "hands": None, "plays": None}
    deal_submit(match=dealt, number=1, body=body, actor=actor)
    official = confirm(MatchFactory(round=third, table=2, ns_pair=pairs[1], ew_pair=pairs[0]), pairs[1])
    fourth = RoundFactory(event=event, stage=stage, number=4, status=RoundStatus.PUBLISHED)
    closed = confirm(MatchFactory(round=fourth, table=1, ns_pair=pairs[0], ew_pair=pairs[1]), pairs[0])
    fourth.status, fourth.closed_at = RoundStatus.CLOSED, timezone.now() - datetime.timedelta(hours=2)
    fourth.save()
    hook = Webhook.objects.create(event=event, url="http://127.0.0.1:9/hook")
    setup["ids"].update(
        dealt_table_1=dealt.pk, official_table_2=official.pk, closed_table_1=closed.pk, webhook=hook.pk
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
    ("method", "url", "body", "actor", "expected"),
    list(permission_cases(READS + WRITES, draft=False, keep_for_outsiders=("/table/", "/sync"))),
)
def test_published_event(setups, method, url, body, actor, expected):
    setup = setups[EventStatus.PUBLISHED]
    check_status(call(actor_client(setup["event"], actor), method, url, body, setup["ids"]), expected)


@pytest.mark.parametrize(
    ("method", "url", "body", "actor", "expected"),
    list(permission_cases(READS + WRITES, draft=True, keep_for_outsiders=("/table/", "/sync"))),
)
def test_draft_event(setups, method, url, body, actor, expected):
    setup = setups[EventStatus.DRAFT]
    check_status(call(actor_client(setup["event"], actor), method, url, body, setup["ids"]), expected)


# ---- POST /sync: each item needs the rights of its single endpoint -----------------------------------
@pytest.mark.parametrize("status", [EventStatus.PUBLISHED, EventStatus.DRAFT])
@pytest.mark.parametrize(
    ("actor", "expected"),
    [
        ("outsider", 403),  # 404 on a draft event, as at the single endpoint
        ("organizer", 201),
        ("chief_referee", 201),
        ("referee", 201),
        ("scorekeeper", 201),
        ("table_scorekeeper", 201),
        ("table_token", 201),
        ("superuser", 201),
    ],
)
def test_a_sync_item_needs_the_rights_of_its_single_endpoint(setups, status, actor, expected):
    setup = setups[status]
    batch = {"items": [{"key": "k-1", "kind": "deal", "match": "{table_1}", "body": DEAL}]}
    response = call(actor_client(setup["event"], actor), "POST", "/api/v1/sync", batch, setup["ids"])
    assert response.status_code == 200
    (item,) = response.json()["items"]
    if actor == "outsider" and status == EventStatus.DRAFT:
        expected = 404
    assert item["status"] == expected, item


@pytest.mark.parametrize("actor", ["table_scorekeeper", "table_token"])
def test_a_sync_item_for_another_table_is_not_found(setups, actor):
    setup = setups[EventStatus.PUBLISHED]
    batch = {"items": [{"key": "k-2", "kind": "deal", "match": "{published_table_2}", "body": DEAL}]}
    response = call(actor_client(setup["event"], actor), "POST", "/api/v1/sync", batch, setup["ids"])
    assert response.json()["items"][0]["status"] == 404


def test_a_table_token_posting_to_another_tables_match_gets_a_404(setups):
    setup = setups[EventStatus.PUBLISHED]
    other_table = Match.objects.get(pk=setup["ids"]["dealt_table_1"])  # the token keeps table 2 here
    token = table_client(setup["event"], 2)
    response = token.post(f"/api/v1/matches/{other_table.pk}/deals/", {**DEAL, "number": 2}, format="json")
    assert_problem(response, 404, "not_found")
    assert other_table.deals.count() == 1
