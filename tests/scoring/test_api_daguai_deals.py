"""Posting Daguai Luzi deals through the API (docs/rules/daguai.md K4-K6, "Scorekeeping"): the dealer
rotation, a stopped deal, a whole deal replayed, malformed bodies, and who may post."""

from __future__ import annotations

import random

import pytest
from rest_framework.test import APIClient

from engine.daguai.seats import Seat
from engine.daguai.simulate import simulate_deal
from tests.scoring.conftest import deals_url, result_url
from tests.tournaments.conftest import (
    EventFactory,
    MatchFactory,
    PairFactory,
    PlayerFactory,
    RoundFactory,
    StageFactory,
    role_client,
    table_client,
)
from tournaments.models import Role, RoundStatus, StageKind

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(db):
    """A published Daguai event, teams 1 v 2 at table 1 of round 1."""
    event = EventFactory(published=True, slug="dg", game="daguai", ruleset="daguai-standard")
    teams = [PairFactory(event=event, player_3=PlayerFactory(event=event)) for _ in range(2)]
    stage = StageFactory(event=event, kind=StageKind.SWISS)
    round_ = RoundFactory(event=event, stage=stage, number=1, status=RoundStatus.PUBLISHED)
    return MatchFactory(round=round_, table=1, ns_pair=teams[0], ew_pair=teams[1])


@pytest.fixture
def keeper(match):
    return role_client(match.round.event, Role.SCOREKEEPER)


def post(client, match, number: int, order: str, dealer: str | None = None, **more):
    body = {"number": number, "dealer": dealer or str(number), "finishing_order": list(order), **more}
    return client.post(deals_url(match), body, format="json")


def test_k5_a_deal_answers_the_match_state_in_points(match, keeper):
    response = post(keeper, match, 1, "12436")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["deal"]["record"]["score"] == {
        "team": "A",
        "points": 1,
        "caught": 0,
        "trapped": 1,
        "finished": True,
        "by_team": {"A": 1, "B": 0},
    }
    assert body["state"]["points"] == {"A": 1, "B": 0} and body["state"]["next_dealer"] == "2"


def test_k5_the_wrong_dealer_is_a_422(match, keeper):
    response = post(keeper, match, 1, "135", dealer="2")
    assert response.status_code == 422
    assert (response.json()["code"], response.json()["errors"][0]["field"]) == ("wrong_dealer", "dealer")


def test_k6_a_stopped_deal_is_scored_as_it_stands(match, keeper):
    body = post(keeper, match, 1, "132", stopped=True).json()
    assert body["deal"]["record"]["stopped"] is True
    assert body["state"]["points"] == {"A": 1, "B": 0}


def test_k5_an_unfinished_deal_not_stopped_is_a_400_at_the_order(match, keeper):
    response = post(keeper, match, 1, "13")
    assert response.status_code == 400
    assert (response.json()["code"], response.json()["errors"][0]["field"]) == (
        "deal_not_finished",
        "finishing_order",
    )


def test_k1_a_seat_that_does_not_exist_is_a_400_naming_it(match, keeper):
    response = post(keeper, match, 1, "137")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "finishing_order.2"


def test_k4_a_whole_deal_is_replayed_and_scored(match, keeper):
    deal = simulate_deal(rng=random.Random(5), dealer=Seat.P1)
    response = keeper.post(deals_url(match), {"number": 1, **deal.request()}, format="json")
    assert response.status_code == 201, response.json()
    record = response.json()["deal"]["record"]
    assert (
        record["finishing_order"]
        == [seat.value for seat in deal.finishing_order][: len(record["finishing_order"])]
    )


def test_k4_a_whole_deal_breaking_a_rule_is_a_422_naming_the_play(match, keeper):
    deal = simulate_deal(rng=random.Random(5), dealer=Seat.P1).request()
    deal["plays"][0] = {"seat": "3", "pass": True}
    response = keeper.post(deals_url(match), {"number": 1, **deal}, format="json")
    assert response.status_code == 422
    assert (response.json()["code"], response.json()["errors"][0]["field"]) == ("not_your_turn", "plays.0")


def test_k5_a_deal_after_the_round_is_a_409(match, keeper):
    for number in range(1, 7):
        assert post(keeper, match, number, "135").status_code == 201
    response = post(keeper, match, 7, "135", dealer="1")
    assert (response.status_code, response.json()["code"]) == (409, "match_over")


def test_k6_time_up_closes_the_match_on_its_points(match, keeper):
    post(keeper, match, 1, "2146")  # B 5
    response = keeper.post(result_url(match), {"time_up": True}, format="json")
    assert response.status_code == 201, response.json()
    submitted = response.json()["versions"][-1]
    assert (submitted["winner"], submitted["points"], submitted["first_outs"]) == (
        "EW",
        {"NS": 0, "EW": 5},
        {"NS": 0, "EW": 1},
    )
    assert submitted["games"][0]["end_reason"] == "time_limit" and submitted["levels"] is None


def test_k5_the_table_token_posts_and_an_anonymous_client_may_not(match):
    assert post(table_client(match.round.event, 1), match, 1, "135").status_code == 201
    assert post(APIClient(), match, 2, "246").status_code in (401, 403)
