"""The Daguai Luzi referee questions through the API (docs/rules/daguai.md "API", docs/referee.md):
plays/validate and deals/replay with ``"game": "daguai"``, 报否 in a replay, and its rule profiles."""

from __future__ import annotations

import random

import pytest

from adapters.wire import DaguaiPlayVerdictSerializer, DaguaiReplaySerializer
from engine.daguai.profiles import BUILTIN
from engine.daguai.simulate import simulate_deal
from tests.engine.daguai.builders import ask, pass_, play, request

pytestmark = pytest.mark.django_db
PLAYS = "/api/v1/referee/plays/validate"
DEALS = "/api/v1/referee/deals/replay"
GAME = {"game": "daguai"}


def post(client, url, body, **headers):
    return client.post(url, body, format="json", **headers)


def as_documented(serializer_class, body: dict) -> dict:
    return serializer_class(body).data


def only_error(response) -> dict:
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/problem+json")
    (error,) = response.json()["errors"]
    return error


# --- plays/validate ---------------------------------------------------------------------------------


def test_k3_a_full_house_with_a_joker_beats_a_straight(api_client):
    question = {**GAME, "cards": ["S8", "H8", "RJ", "C4", "D4"], "previous": ["S3", "S4", "H5", "C6", "D7"]}
    body = post(api_client, PLAYS, question).json()
    assert (body["game"], body["ruleset"]) == ("daguai", "daguai-standard")
    assert body["reading"] == {"type": "full_house", "rank": "8", "size": 5, "wilds": ["8"]}  # the strongest
    assert {r["rank"] for r in body["readings"]} == {"8", "4"}
    assert body["previous_reading"]["type"] == "straight"
    assert body["beats_previous"] is True and body["reason"] is None
    assert body == as_documented(DaguaiPlayVerdictSerializer, body)


def test_k2_big_and_small_joker_are_a_small_joker_pair(api_client):
    body = post(api_client, PLAYS, {**GAME, "cards": ["RJ", "BJ"], "previous": ["S2", "H2"]}).json()
    assert body["reading"]["type"] == "pair"
    assert body["reading"]["rank"] == "BJ"
    assert body["beats_previous"] is True


def test_k3_a_lower_single_does_not_beat_a_200_verdict(api_client):
    response = post(api_client, PLAYS, {**GAME, "cards": ["SA"], "previous": ["S2"]})  # 2 is the trump rank
    assert response.status_code == 200
    assert response.json()["reason"]["code"] == "does_not_beat"


def test_k2_no_combination_is_a_200_verdict(api_client):
    body = post(api_client, PLAYS, {**GAME, "cards": ["S3", "S4"]}).json()
    assert (body["legal"], body["reason"]["code"]) == (False, "illegal_combination")


def test_k2_a_four_card_play_is_a_400_at_cards(api_client):
    error = only_error(post(api_client, PLAYS, {**GAME, "cards": ["S8", "H8", "C8", "D8"]}))
    assert (error["field"], error["code"]) == ("cards", "invalid_play_size")


def test_k1_a_fourth_copy_is_a_400_at_the_card(api_client):
    error = only_error(post(api_client, PLAYS, {**GAME, "cards": ["S9"] * 3, "previous": ["S9"]}))
    assert (error["field"], error["code"]) == ("previous.0", "too_many_copies")


def test_the_verdict_in_chinese(api_client):
    body = post(
        api_client, PLAYS, {**GAME, "cards": ["S4"], "previous": ["S5"]}, HTTP_ACCEPT_LANGUAGE="zh-Hans"
    ).json()
    assert body["reason"] == {"code": "does_not_beat", "detail": "这手牌压不过桌上的牌。"}


# --- deals/replay -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_a_simulated_legal_deal_replays_as_valid(api_client, seed):
    deal = simulate_deal(rng=random.Random(seed), ask_rate=0.2)
    body = post(api_client, DEALS, {**GAME, **deal.request()}).json()
    assert body["valid"] is True, body["violation"]
    assert body["finished"] is True
    assert body["finishing_order"] == [seat.value for seat in deal.finishing_order]
    assert body["score"]["finished"] is True
    assert len(body["plays"]) == len(deal.actions)
    assert any(entry["asked"] for entry in body["plays"])  # 报否 in the record, answered rightly
    assert body == as_documented(DaguaiReplaySerializer, body)


def test_k4_a_four_card_play_in_a_replay_is_a_400_at_the_play(api_client):
    question = request(hands={"1": "S8 H8 C8 D8"}, plays=[play("1", "S8 H8 C8 D8")])
    error = only_error(post(api_client, DEALS, {**GAME, **question}))
    assert (error["field"], error["code"]) == ("plays.0.cards", "invalid_play_size")


def test_k4_5_the_answer_above_ten_cards_is_bu_bao(api_client):
    question = request(hands={"1": "S3"}, plays=[ask("1", "3", "不报"), play("1", "S3")])
    body = post(api_client, DEALS, {**GAME, **question}).json()
    assert body["valid"] is True
    assert body["plays"][0] == {
        "index": 0,
        "seat": "1",
        "ok": True,
        "passed": False,
        "went_out": False,
        "asked": "3",
        "reading": None,
    }


def test_k4_5_a_count_above_ten_cards_is_a_wrong_report(api_client):
    question = request(plays=[ask("1", "3", 7)])
    body = post(api_client, DEALS, {**GAME, **question}, HTTP_ACCEPT_LANGUAGE="zh-Hans").json()
    assert body["violation"] == {"index": 0, "code": "wrong_report", "detail": "所报张数不对。"}


def test_k4_5_on_lead_only_a_teammate_may_be_asked(api_client):
    body = post(api_client, DEALS, {**GAME, **request(plays=[ask("1", "2", "不报")])}).json()
    assert (body["violation"]["index"], body["violation"]["code"]) == (0, "ask_not_allowed")
    body = post(api_client, DEALS, {**GAME, **request(plays=[ask("2", "4", "不报")])}).json()
    assert body["violation"]["code"] == "ask_out_of_turn"


def test_k4_a_pass_on_lead_and_a_play_out_of_turn(api_client):
    body = post(api_client, DEALS, {**GAME, **request(plays=[pass_("1")])}).json()
    assert body["violation"]["code"] == "cannot_pass_on_lead"
    body = post(api_client, DEALS, {**GAME, **request(hands={"3": "S3"}, plays=[play("3", "S3")])}).json()
    assert body["violation"]["code"] == "not_your_turn"


def test_k6_a_deal_stopped_by_the_clock_is_scored_as_it_stands(api_client):
    question = request(hands={"1": "S3"}, plays=[play("1", "S3")], stopped=True)
    body = post(api_client, DEALS, {**GAME, **question}).json()
    assert body["finished"] is False
    assert body["score"]["finished"] is False
    assert body["score"]["points"] == 0  # nobody went out
    assert body["next_to_act"] == "2"
    assert body == as_documented(DaguaiReplaySerializer, body)


def test_k1_six_hands_of_27_are_needed(api_client):
    question = request()
    del question["hands"]["6"]
    error = only_error(post(api_client, DEALS, {**GAME, **question}))
    assert error["code"] == "missing_hand"


# --- rule profiles ----------------------------------------------------------------------------------


def test_the_rule_profiles_of_the_game(api_client):
    body = api_client.get("/api/v1/rulesets/", {"game": "daguai"}).json()
    assert [item["key"] for item in body["results"]] == list(BUILTIN)
    assert body["results"][0]["settings"] == BUILTIN["daguai-standard"].to_dict()
    assert body["results"][0]["game"] == "daguai"
