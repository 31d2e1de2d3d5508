"""Events built from the factories (tests/factories.py, re-exported here for the tests that import
them from this module), clients per role, and helpers.

The API tests of the tournaments app go through the real API with DRF's ``APIClient``;
factories only set up what a test is not about.
"""

from __future__ import annotations

import itertools

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from scoring.models import MatchResult, ResultSource, ResultStatus
from tests.factories import (
    EventFactory,
    MatchFactory,
    PairFactory,
    PlayerFactory,
    RoundFactory,
    StageFactory,
    UnitFactory,
    next_number,
)
from tournaments.models import (
    Event,
    EventRole,
    EventStatus,
    Match,
    MatchStatus,
    Pair,
    Role,
    Round,
    RoundStatus,
    TableToken,
)

PROBLEM = "application/problem+json"
_users = itertools.count(1)


def next_users_from(start: int) -> None:
    """The next accounts' numbers from ``start`` (tests/conftest.py: the same names in two runs)."""
    global _users
    _users = itertools.count(start)


# ---- clients and roles -----------------------------------------------------------------------
def client_for(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    client.user = user
    return client


def new_user(prefix: str = "user", **extra):
    return get_user_model().objects.create_user(username=f"{prefix}-{next(_users)}", **extra)


def grant(event: Event, role: str, *, user=None, tables: list[int] | None = None):
    user = user or new_user(role)
    EventRole.objects.create(event=event, user=user, role=role, tables=tables or [])
    return user


def role_client(event: Event, role: str, *, tables: list[int] | None = None) -> APIClient:
    return client_for(grant(event, role, tables=tables))


def table_client(event: Event, table: int) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Table {TableToken.objects.create(event=event, table=table).key}")
    return client


ACTORS = (
    "anonymous",
    "outsider",
    "organizer",
    "chief_referee",
    "referee",
    "scorekeeper",
    "table_scorekeeper",
    "table_token",
    "superuser",
)


def actor_client(event: Event, actor: str) -> APIClient:
    """A client for one kind of caller; limited scorekeepers and table tokens keep table 1."""
    if actor == "anonymous":
        return APIClient()
    if actor == "outsider":
        return client_for(new_user("outsider"))
    if actor == "superuser":
        return client_for(new_user("root", is_superuser=True, is_staff=True))
    if actor == "table_scorekeeper":
        return role_client(event, Role.SCOREKEEPER, tables=[1])
    if actor == "table_token":
        return table_client(event, 1)
    return role_client(event, actor)


@pytest.fixture
def event(db) -> Event:
    return EventFactory(published=True)


@pytest.fixture
def organizer(event) -> APIClient:
    return role_client(event, Role.ORGANIZER)


# ---- helpers ---------------------------------------------------------------------------------
def make_pairs(
    event: Event, count: int, *, units: int = 0, seeded: bool = False, first: int | None = None
) -> list[Pair]:
    """``count`` pairs numbered on from the event's highest number, or from ``first``; with ``units``,
    the n-th is in unit (n - 1) % units.

    A ``first`` far from 1 keeps pair numbers apart from pair ids, for tests of what names pairs.
    """
    unit_list = [UnitFactory(event=event) for _ in range(units)]
    first = next_number(Pair, event) if first is None else first
    return [
        PairFactory(
            event=event,
            number=first + index,
            unit=unit_list[index % units] if units else None,
            seed=index + 1 if seeded else None,
        )
        for index in range(count)
    ]


def event_with_rounds(status: str = EventStatus.PUBLISHED) -> dict:
    """An event with 4 pairs, 2 singles and an unused unit; round 1 published, round 2 a draft.

    Round 1: pairs 1 v 2 at table 1, 3 v 4 at table 2; round 2: 1 v 3 and 2 v 4. A user named
    "helper" exists (to be given a role). Returns the event and the ids that URLs need.
    """
    event = EventFactory(status=status)
    pairs = [PairFactory(event=event) for _ in range(4)]
    PlayerFactory.create_batch(2, event=event)
    stage = StageFactory(event=event)
    first = RoundFactory(event=event, stage=stage, number=1, status=RoundStatus.PUBLISHED)
    second = RoundFactory(event=event, stage=stage, number=2, status=RoundStatus.DRAFT)
    MatchFactory(round=first, table=1, ns_pair=pairs[0], ew_pair=pairs[1])
    published_table_2 = MatchFactory(round=first, table=2, ns_pair=pairs[2], ew_pair=pairs[3])
    draft_table_1 = MatchFactory(round=second, table=1, ns_pair=pairs[0], ew_pair=pairs[2])
    MatchFactory(round=second, table=2, ns_pair=pairs[1], ew_pair=pairs[3])
    get_user_model().objects.get_or_create(username="helper")
    return {
        "event": event,
        "ids": {
            "event": event.slug,
            "pair": pairs[0].pk,
            "player": pairs[0].player_1_id,
            "unit": UnitFactory(event=event).pk,
            "stage": stage.pk,
            "published_table_2": published_table_2.pk,
            "draft_table_1": draft_table_1.pk,
        },
    }


def confirm(match: Match, winner: Pair | None) -> Match:
    """Store a confirmed result as scorekeeping does (a level-sheet result: the winner passed A
    against K, a draw is 10 all), bypassing the double entry that tests/scoring covers.

    A result only exists in a published round, so a draft round is published first.
    """
    round_ = match.round
    if round_.status == RoundStatus.DRAFT:
        round_.status = RoundStatus.PUBLISHED
        round_.save(update_fields=["status"])
    side = "" if winner is None else ("NS" if winner.pk == match.ns_pair_id else "EW")
    ns, ew = {"NS": (15, 13), "EW": (13, 15), "": (10, 10)}[side]
    game = {
        "ns_level": ns,
        "ew_level": ew,
        "winner": side or None,
        "draw": not side,
        "deals_played": 8,
        "end_reason": "passed_a" if side else "time_limit",
        "tiebreak": None if side else "draw",
        "passed_a": side or None,
        "on_time": not side,
    }
    version = MatchResult.objects.filter(match=match).count() + 1
    MatchResult.objects.filter(match=match, status=ResultStatus.CONFIRMED).update(
        status=ResultStatus.SUPERSEDED
    )
    MatchResult.objects.create(
        match=match,
        version=version,
        status=ResultStatus.CONFIRMED,
        source=ResultSource.LEVELS,
        ns_level=ns,
        ew_level=ew,
        winner=side,
        deals_played=8,
        end_reason=game["end_reason"],
        games=[game],
        content_hash=f"test-{version}",
        party="test",
    )
    match.winner = winner
    match.status = MatchStatus.CONFIRMED
    match.save(update_fields=["winner", "status"])
    return match


def confirm_round(round_: Round, pick=lambda match: match.ns_pair) -> None:
    for match in round_.matches.exclude(ew_pair=None):
        confirm(match, pick(match))


def assert_problem(response, status: int, code: str) -> dict:
    assert response.status_code == status, (response.status_code, getattr(response, "data", None))
    assert response["Content-Type"].startswith(PROBLEM)
    body = response.json()
    assert body["status"] == status
    assert body["code"] == code, body
    assert body["type"] == f"urn:guandan:problem:{code}"
    return body


def field_errors(response) -> dict[str | None, str]:
    return {error["field"]: error["code"] for error in response.json().get("errors", [])}


def meetings(matches) -> set[frozenset[int]]:
    return {frozenset((m["ns_pair"]["id"], m["ew_pair"]["id"])) for m in matches if m["ew_pair"]}


# ---- the permission tables (tests/*/test_permissions.py) -------------------------------------------
def permission_cases(rows, *, draft: bool, keep_for_outsiders=()):
    """One case per (row, actor). On a draft event an outsider, and anonymous reads, find nothing
    (404), except at the URLs in ``keep_for_outsiders`` — and where a read needs a token whatever the
    event (401 on a published one too), an anonymous caller is told so before anything is looked up."""
    for method, url, body, expected in rows:
        for actor, status in zip(ACTORS, expected, strict=True):
            hidden = actor == "outsider" or (actor == "anonymous" and method == "GET" and status != 401)
            if draft and hidden and not any(part in url for part in keep_for_outsiders):
                status = 404
            yield pytest.param(method, url, body, actor, status, id=f"{method} {url} {actor}")


def call(client, method: str, url: str, body, ids: dict):
    """The request of a permission-table row, its ``{placeholders}`` filled from ``ids``."""
    url = url.format(**ids)
    if body is None:
        return getattr(client, method.lower())(url)
    body = {key: _filled(value, ids) for key, value in body.items()}
    return getattr(client, method.lower())(url, body, format="json")


def _filled(value, ids: dict):
    """``"{stage}"`` alone is the id itself (a JSON number); in a longer string, its text. Lists and
    objects are filled item by item (a ``POST /sync`` batch names its matches inside its items)."""
    if isinstance(value, dict):
        return {key: _filled(item, ids) for key, item in value.items()}
    if isinstance(value, list):
        return [_filled(item, ids) for item in value]
    if isinstance(value, str) and value.startswith("{") and value.endswith("}") and value[1:-1] in ids:
        return ids[value[1:-1]]
    return value.format(**ids) if isinstance(value, str) else value


def check_status(response, expected: int) -> None:
    assert response.status_code == expected, response.content[:300]
    if expected >= 400:
        assert response["Content-Type"].startswith("application/problem+json")
