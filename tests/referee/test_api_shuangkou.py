"""The Shuangkou referee questions through the API (docs/rules/shuangkou.md "API", docs/referee.md):
plays/validate (a follower's play given the lead and the hand) and deals/replay (the calls, the
burying and every trick) with ``"game": "shuangkou"``, and its rule profiles."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from adapters.wire import ShuangkouPlayVerdictSerializer, ShuangkouReplaySerializer
from engine.shuangkou.profiles import BUILTIN
from engine.shuangkou.simulate import simulate_deal

pytestmark = pytest.mark.django_db
PLAYS = "/api/v1/referee/plays/validate"
DEALS = "/api/v1/referee/deals/replay"
GAME = {"game": "shuangkou"}
AFTER_SA = {**GAME, "level": "2", "trump": "H", "trick": [["SA"]]}  # spades led, hearts trump


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


def test_s5_following_suit_the_lead_stays_winning(api_client):
    body = post(api_client, PLAYS, {**AFTER_SA, "cards": ["S5"], "hand": ["S5", "D9", "HK"]}).json()
    assert (body["game"], body["ruleset"]) == ("shuangkou", "shuangkou-standard")
    assert body["legal"] is True and body["reason"] is None
    assert body["lead"]["type"] == "single"
    assert body["winning"] == 0  # the ace led
    assert body["points"] == 5
    assert body == as_documented(ShuangkouPlayVerdictSerializer, body)


def test_s5_a_trump_ruff_wins_when_void_in_the_led_suit(api_client):
    body = post(api_client, PLAYS, {**AFTER_SA, "cards": ["HK"], "hand": ["D5", "C9", "HK"]}).json()
    assert body["legal"] is True
    assert body["winning"] == 1
    assert body["points"] == 10


def test_s5_not_following_suit_while_able_is_a_200_verdict_in_chinese(api_client):
    question = {**AFTER_SA, "cards": ["D5"], "hand": ["D5", "C9", "HK", "S3"]}
    response = post(api_client, PLAYS, question, HTTP_ACCEPT_LANGUAGE="zh-Hans")
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is False
    assert body["reason"] == {"code": "not_following_suit", "detail": "该座位必须跟同花色的牌。"}
    assert body["card"] == 0
    assert body["winning"] == 0  # an illegal play does not count


def test_s2_a_play_question_names_its_trump_suit(api_client):
    # Left out, it used to mean "no trump suit", which a client that forgot it did not mean.
    question = {key: value for key, value in AFTER_SA.items() if key != "trump"}
    response = post(api_client, PLAYS, {**question, "cards": ["D5"], "hand": ["D5", "C9"]})
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [("trump", "required")]
    no_trump = post(api_client, PLAYS, {**question, "trump": "none", "cards": ["D5"], "hand": ["D5", "C9"]})
    assert no_trump.status_code == 200


def test_s5_a_card_not_in_the_hand(api_client):
    body = post(api_client, PLAYS, {**AFTER_SA, "cards": ["S4"], "hand": ["S5"]}).json()
    assert body["reason"]["code"] == "card_not_in_hand"


def test_s5_a_pair_led_is_followed_with_a_pair(api_client):
    question = {**GAME, "level": "2", "trump": "H", "trick": [["S9", "S9"]], "cards": ["S3", "S5"]}
    body = post(api_client, PLAYS, {**question, "hand": ["S3", "S5", "S6", "S6"]}).json()
    assert body["reason"]["code"] == "not_following_pairs"


def test_s5_a_throw_is_checked_against_the_others(api_client):
    question = {**GAME, "level": "2", "trump": "H", "cards": ["SK", "SA"], "hand": ["SK", "SA", "D3"]}
    body = post(api_client, PLAYS, {**question, "others": ["SA", "S3"]}).json()
    assert body["reason"]["code"] == "throw_not_highest"
    assert body["remedy"] == ["SK"]
    assert body["throw_checked"] is True
    unchecked = post(api_client, PLAYS, question).json()
    assert (unchecked["legal"], unchecked["throw_checked"]) == (True, False)


def test_s1_a_third_copy_is_a_400_at_the_card(api_client):
    error = only_error(post(api_client, PLAYS, {**AFTER_SA, "cards": ["SA"], "hand": ["SA", "SA", "S3"]}))
    assert error["code"] == "too_many_copies"
    assert error["field"].startswith(("hand.", "trick.0."))


ON_SA = {**GAME, "level": "2", "trump": "H"}


def test_an_unknown_card_on_the_table_is_a_400_at_the_card(api_client):
    question = {**ON_SA, "trick": [["SA"], ["Z9"]], "cards": ["S5"], "hand": ["S5"]}
    error = only_error(post(api_client, PLAYS, question))
    assert (error["field"], error["code"]) == ("trick.1.0", "unknown_card")


def test_a_play_on_the_table_of_another_size_is_a_400(api_client):
    question = {**ON_SA, "trick": [["SA"], ["S3", "S3"]], "cards": ["S5"], "hand": ["S5"]}
    error = only_error(post(api_client, PLAYS, question))
    assert (error["field"], error["code"]) == ("trick.1", "wrong_number_of_cards")


# --- deals/replay -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_a_simulated_legal_deal_replays_as_valid(api_client, seed):
    deal = simulate_deal(rng=random.Random(seed), level=5)
    body = post(api_client, DEALS, {**GAME, **deal.request()}).json()
    assert body["valid"] is True, body["violation"]
    assert body["finished"] is True
    assert len(body["tricks"]) == len(deal.tricks) and all(trick["complete"] for trick in body["tricks"])
    score = body["score"]
    assert sum(body["trick_points"].values()) + score["bottom_points"] == 200
    assert score["level_change"]["level_from"] in ("5", "2")
    assert score["level_change"]["next_dealer"] in "NESW"
    attackers_last = score["last_trick"] == "attackers"
    assert (score["multiplier"] is not None) is attackers_last  # S7: the bottom counts only for them
    assert body["trump"]["dealer"] == deal.dealt_by.value
    assert body == as_documented(ShuangkouReplaySerializer, body)


def test_a_play_out_of_turn_is_named_at_its_trick_and_play(api_client):
    deal = simulate_deal(rng=random.Random(4))
    question = deal.request()
    first = question["tricks"][0]["plays"]
    wrong = next(seat for seat in "NESW" if seat not in (first[0]["seat"], first[1]["seat"]))
    question["tricks"] = [{"plays": [first[0], {**first[1], "seat": wrong}]}]
    body = post(api_client, DEALS, {**GAME, **question}).json()
    violation = body["violation"]
    assert (violation["part"], violation["index"], violation["play"]) == ("tricks", 0, 1)
    assert violation["code"] == "not_your_turn"
    assert body["finished"] is False and body["score"] is None
    assert body == as_documented(ShuangkouReplaySerializer, body)


def test_s3_a_buried_card_the_dealer_does_not_hold(api_client):
    deal = simulate_deal(rng=random.Random(5))
    question = deal.request()
    held = Counter(question["hands"][deal.dealt_by.value] + question["bottom"])
    foreign = next(code for seat, cards in question["hands"].items() for code in cards if not held[code])
    question["buried"] = [foreign, *question["buried"][1:]]
    body = post(api_client, DEALS, {**GAME, **question}).json()
    assert (body["violation"]["part"], body["violation"]["code"]) == ("buried", "card_not_in_hand")


def test_s1_a_card_of_a_third_deck_in_a_trick_is_a_400_at_the_card(api_client):
    deal = simulate_deal(rng=random.Random(6))
    question = deal.request()
    code = question["hands"]["N"][0]
    question["tricks"][0]["plays"][0]["cards"] = [code, code, code]
    error = only_error(post(api_client, DEALS, {**GAME, **question}))
    assert error["code"] == "too_many_copies"
    assert error["field"].startswith("tricks.0.plays.0.cards.")


def test_the_level_is_read_by_the_engine(api_client):
    deal = simulate_deal(rng=random.Random(6)).request()
    error = only_error(post(api_client, DEALS, {**GAME, **deal, "level": "1"}))
    assert (error["field"], error["code"]) == ("level", "unknown_level")


# --- rule profiles ----------------------------------------------------------------------------------


def test_the_rule_profiles_of_the_game(api_client):
    body = api_client.get("/api/v1/rulesets/", {"game": "shuangkou"}).json()
    assert [item["key"] for item in body["results"]] == list(BUILTIN)
    assert body["results"][0]["settings"]["threshold"] == 80
