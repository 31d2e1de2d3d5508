"""A published Shuangkou event with a round in play, for the sheet-game scorekeeping tests."""

from __future__ import annotations

import pytest

from tests.scoring.conftest import API, deals_url
from tests.tournaments.conftest import (
    EventFactory,
    MatchFactory,
    PairFactory,
    RoundFactory,
    StageFactory,
    role_client,
    table_client,
)
from tournaments.models import Role, RoundStatus, StageKind


@pytest.fixture
def sk(db):
    """Event ``sk`` (Shuangkou, published), 4 pairs, round 1 published: tables 1 (1 v 2) and 2 (3 v 4)."""
    event = EventFactory(published=True, slug="sk", game="shuangkou", ruleset="shuangkou-standard")
    pairs = [PairFactory(event=event) for _ in range(4)]
    stage = StageFactory(event=event, kind=StageKind.SWISS)
    round_ = RoundFactory(event=event, stage=stage, number=1, status=RoundStatus.PUBLISHED)
    matches = [
        MatchFactory(round=round_, table=1, ns_pair=pairs[0], ew_pair=pairs[1]),
        MatchFactory(round=round_, table=2, ns_pair=pairs[2], ew_pair=pairs[3]),
    ]
    return {"event": event, "pairs": pairs, "round": round_, "matches": matches, "match": matches[0]}


@pytest.fixture
def keeper(sk):
    return role_client(sk["event"], Role.SCOREKEEPER)


@pytest.fixture
def referee(sk):
    return role_client(sk["event"], Role.REFEREE)


@pytest.fixture
def table_1(sk):
    return table_client(sk["event"], 1)


def short(dealer: str, points: int, j: bool = False, **more) -> dict:
    return {"dealer": dealer, "attackers_points": points, "j_last_trick": j, **more}


def post(client, match, number: int, body: dict):
    return client.post(deals_url(match), {"number": number, **body}, format="json")


def post_all(client, match, deals, *, start: int = 1) -> dict:
    """Post short-form deals ``start``, ``start + 1``, …; the last answer's body."""
    answer: dict = {}
    for number, body in enumerate(deals, start=start):
        response = post(client, match, number, body)
        assert response.status_code == 201, response.json()
        answer = response.json()
    return answer


__all__ = ["API", "deals_url", "keeper", "post", "post_all", "referee", "short", "sk", "table_1"]
