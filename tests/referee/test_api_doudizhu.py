"""The Dou Dizhu referee questions through the API (docs/rules/doudizhu.md "API", docs/referee.md):
plays/validate, bidding/validate and deals/replay with ``"game": "doudizhu4"``, and its rule profiles."""

from __future__ import annotations

import random

import pytest

from adapters.wire import (
    DoudizhuBiddingVerdictSerializer,
    DoudizhuPlayVerdictSerializer,
    DoudizhuReplaySerializer,
)
from engine.doudizhu.profiles import BUILTIN
from engine.doudizhu.simulate import simulate_deal
from tests.engine.doudizhu.builders import FORCED_N, N_AT_ONE, bid, pass_, play, request

pytestmark = pytest.mark.django_db
PLAYS = "/api/v1/referee/plays/validate"
DEALS = "/api/v1/referee/deals/replay"
BIDDING = "/api/v1/referee/bidding/validate"
GAME = {"game": "doudizhu4"}


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


def test_d5_a_bomb_of_five_beats_a_bomb_of_four(api_client):
    body = post(
        api_client,
        PLAYS,
        {**GAME, "cards": ["S9", "H9", "C9", "D9", "S9"], "previous": ["SA", "HA", "CA", "DA"]},
    ).json()
    assert body["game"] == "doudizhu4"
    assert body["ruleset"] == "doudizhu4-standard"
    assert body["legal"] is True
    assert body["readings"] == [{"type": "bomb", "rank": "9", "size": 5}]
    assert body["previous_reading"] == {"type": "bomb", "rank": "A", "size": 4}
    assert body["beats_previous"] is True
    assert body["reason"] is None
    assert body == as_documented(DoudizhuPlayVerdictSerializer, body)


def test_d4_an_airplane_on_lead(api_client):
    body = post(
        api_client, PLAYS, {**GAME, "cards": ["S3", "H3", "C3", "S4", "H4", "C4", "S6", "H6", "S7", "H7"]}
    ).json()
    assert body["reading"] == {"type": "airplane", "rank": "4", "size": 10}
    assert body["beats_previous"] is None


def test_d5_an_equal_pair_does_not_beat_a_200_verdict(api_client):
    response = post(api_client, PLAYS, {**GAME, "cards": ["S4", "H4"], "previous": ["C4", "D4"]})
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is True
    assert body["beats_previous"] is False
    assert body["reason"]["code"] == "does_not_beat"


def test_d4_no_combination_is_a_200_verdict(api_client):
    body = post(api_client, PLAYS, {**GAME, "cards": ["S3", "S4"]}).json()
    assert body["legal"] is False
    assert body["readings"] == []
    assert body["reason"]["code"] == "illegal_combination"


def test_d5_rank_order_is_a_rule_setting(api_client):
    question = {**GAME, "cards": ["S2"], "previous": ["SA"]}
    assert post(api_client, PLAYS, question).json()["beats_previous"] is True  # two_high
    natural = post(api_client, PLAYS, {**question, "rules": {"rank_order": "natural"}}).json()
    assert natural["beats_previous"] is False


def test_d1_a_card_of_a_third_deck_is_a_400_at_the_card(api_client):
    error = only_error(post(api_client, PLAYS, {**GAME, "cards": ["S9", "S9", "S9"]}))
    assert error == {"field": "cards.2", "code": "too_many_copies", "message": error["message"]}
    error = only_error(post(api_client, PLAYS, {**GAME, "cards": ["S9"], "previous": ["S9", "S9"]}))
    assert (error["field"], error["code"]) == ("previous.1", "too_many_copies")


def test_an_unknown_card_is_a_400_at_the_card(api_client):
    error = only_error(post(api_client, PLAYS, {**GAME, "cards": ["S3"], "previous": ["S4", "X1"]}))
    assert (error["field"], error["code"]) == ("previous.1", "unknown_card")


def test_a_guandan_ruleset_is_not_a_dou_dizhu_one(api_client):
    error = only_error(post(api_client, PLAYS, {**GAME, "cards": ["S3"], "ruleset": "guandan-standard"}))
    assert (error["field"], error["code"]) == ("ruleset", "unknown_ruleset")


def test_a_bad_rule_override_names_the_setting(api_client):
    error = only_error(post(api_client, PLAYS, {**GAME, "cards": ["S3"], "rules": {"report_threshold": 99}}))
    assert (error["field"], error["code"]) == ("report_threshold", "out_of_range")


def test_the_verdict_in_chinese(api_client):
    body = post(
        api_client, PLAYS, {**GAME, "cards": ["S4"], "previous": ["S5"]}, HTTP_ACCEPT_LANGUAGE="zh-Hans"
    ).json()
    assert body["reason"] == {"code": "does_not_beat", "detail": "这手牌压不过桌上的牌。"}


# --- bidding/validate -------------------------------------------------------------------------------


def test_d2_d3_the_landlord_its_bid_and_the_bomb_allowances(api_client):
    bids = [bid("N", "pass"), bid("W", 1), bid("S", 2), bid("E", "pass")]
    body = post(api_client, BIDDING, {"dealer": "N", "bids": bids}).json()  # doudizhu4 by default
    assert body["game"] == "doudizhu4"
    assert body["valid"] is True and body["complete"] is True
    assert (body["landlord"], body["bid"], body["forced"]) == ("S", 2, False)
    assert body["bomb_allowances"] == {"N": 1, "W": 1, "S": None, "E": 1}
    assert body == as_documented(DoudizhuBiddingVerdictSerializer, body)


def test_d2_all_pass_makes_the_dealer_a_forced_landlord(api_client):
    body = post(api_client, BIDDING, {**GAME, "dealer": "N", "bids": FORCED_N}).json()
    assert (body["landlord"], body["bid"], body["forced"]) == ("N", 1, True)
    assert body["bomb_allowances"] == {"N": None, "W": 1, "S": 1, "E": 0}  # E plays before N: none


def test_d2_a_bid_not_higher_is_a_200_verdict_at_its_index(api_client):
    bids = [bid("N", 2), bid("W", 1)]
    body = post(
        api_client, BIDDING, {**GAME, "dealer": "N", "bids": bids}, HTTP_ACCEPT_LANGUAGE="zh-Hans"
    ).json()
    assert body["valid"] is False
    assert body["violation"] == {"index": 1, "code": "bid_not_higher", "detail": "叫分必须高于上一次叫分。"}


def test_d2_a_banned_seat_may_not_bid(api_client):
    body = post(api_client, BIDDING, {**GAME, "dealer": "N", "bids": N_AT_ONE, "banned": ["N"]}).json()
    assert body["violation"]["code"] == "bidding_banned"


def test_d2_a_fifth_bid_is_a_bidding_over_verdict_not_a_400(api_client):
    bids = [*FORCED_N, bid("N", 1)]
    response = post(api_client, BIDDING, {**GAME, "dealer": "N", "bids": bids})
    assert response.status_code == 200
    assert response.json()["violation"]["index"] == 4
    assert response.json()["violation"]["code"] == "bidding_over"


def test_d2_more_bids_than_a_question_takes_is_a_400(api_client):
    bids = [*FORCED_N, *FORCED_N, bid("N", 1)]  # nine
    error = only_error(post(api_client, BIDDING, {**GAME, "dealer": "N", "bids": bids}))
    assert (error["field"], error["code"]) == ("bids", "max_length")


def test_d2_a_bid_of_0_is_a_pass(api_client):
    zeros = [bid(entry["seat"], 0) for entry in FORCED_N]
    body = post(api_client, BIDDING, {**GAME, "dealer": "N", "bids": zeros}).json()
    assert (body["landlord"], body["bid"], body["forced"]) == ("N", 1, True)


def test_a_malformed_bid_is_a_400_at_the_field(api_client):
    error = only_error(post(api_client, BIDDING, {**GAME, "dealer": "N", "bids": [bid("N", 4)]}))
    assert (error["field"], error["code"]) == ("bids.0.bid", "invalid_bid")
    error = only_error(post(api_client, BIDDING, {**GAME, "dealer": "Q", "bids": []}))
    assert (error["field"], error["code"]) == ("dealer", "unknown_seat")


def test_a_game_without_bidding_is_a_400_at_game(api_client):
    error = only_error(post(api_client, BIDDING, {"game": "guandan", "dealer": "N", "bids": []}))
    assert (error["field"], error["code"]) == ("game", "not_supported")


# --- deals/replay -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_a_simulated_legal_deal_replays_as_valid(api_client, seed):
    deal = simulate_deal(rng=random.Random(seed))
    body = post(api_client, DEALS, {**GAME, **deal.request()}).json()
    assert body["valid"] is True, body["violation"]
    assert body["finished"] is True
    assert body["first_out"] == deal.first_out.value
    assert body["winner"] == (
        "landlord" if deal.first_out.value == body["bidding"]["landlord"] else "farmers"
    )
    assert body["score"]["winner"] == body["winner"]
    assert len(body["plays"]) == len(deal.actions)
    assert body == as_documented(DoudizhuReplaySerializer, body)


def test_a_play_out_of_turn_is_named_at_its_index(api_client):
    deal = simulate_deal(rng=random.Random(7)).request()
    plays = deal["plays"]
    wrong = next(seat for seat in "NESW" if seat != plays[0]["seat"])
    body = post(api_client, DEALS, {**GAME, **deal, "plays": [{**plays[0], "seat": wrong}]}).json()
    assert body["valid"] is False
    assert body["violation"]["part"] == "plays"
    assert (body["violation"]["index"], body["violation"]["code"]) == (0, "not_your_turn")


def test_d3_a_farmers_second_bomb_after_a_bid_of_one(api_client):
    question = request(
        hands={"N": "S3 S6", "W": "S5 H5 C5 D5 S4 S7 H7 C7 D7"},
        bids=N_AT_ONE,  # N landlord at 1: each farmer one bomb
        plays=[
            play("N", "S3"),
            play("W", "S5 H5 C5 D5"),
            pass_("S"),
            pass_("E"),
            pass_("N"),
            play("W", "S4"),
            pass_("S"),
            pass_("E"),
            play("N", "S6"),
            play("W", "S7 H7 C7 D7"),
        ],
    )
    body = post(api_client, DEALS, {**GAME, **question}, HTTP_ACCEPT_LANGUAGE="zh-Hans").json()
    assert body["violation"] == {
        "part": "plays",
        "index": 9,
        "code": "bomb_limit",
        "detail": "本副牌不能再出炸弹。",
    }
    assert body["bidding"]["bomb_allowances"]["W"] == 1
    assert body["bombs_played"]["W"] == 1
    assert [entry["ok"] for entry in body["plays"]] == [True] * 9 + [False]
    assert body["plays"][1]["reading"] == {"type": "bomb", "rank": "5", "size": 4}


def test_d2_a_bidding_violation_is_part_bids(api_client):
    question = request(bids=[bid("N", 2), bid("W", 2)], plays=[play("N", "S3")])
    body = post(api_client, DEALS, {**GAME, **question}).json()
    assert body["violation"]["part"] == "bids"
    assert (body["violation"]["index"], body["violation"]["code"]) == (1, "bid_not_higher")
    assert body == as_documented(DoudizhuReplaySerializer, body)


def test_d1_a_third_copy_in_the_deal_is_a_400_at_the_card(api_client):
    question = request(hands={"N": "S9 S9"}, bids=N_AT_ONE)
    question["bottom"][0] = "S9"
    error = only_error(post(api_client, DEALS, {**GAME, **question}))
    assert (error["field"], error["code"]) == ("bottom.0", "too_many_copies")


def test_d1_a_hand_of_the_wrong_size_is_a_400_at_the_hand(api_client):
    question = request(bids=N_AT_ONE)
    question["hands"]["W"] = question["hands"]["W"][:24]
    error = only_error(post(api_client, DEALS, {**GAME, **question}))
    assert (error["field"], error["code"]) == ("hands.W", "wrong_hand_size")


# --- rule profiles ----------------------------------------------------------------------------------


def test_the_rule_profiles_of_the_game(api_client):
    body = api_client.get("/api/v1/rulesets/", {"game": "doudizhu4"}).json()
    assert {item["key"] for item in body["results"]} == set(BUILTIN)
    assert {item["game"] for item in body["results"]} == {"doudizhu4"}
    doubling = next(item for item in body["results"] if item["key"] == "doudizhu4-doubling")
    assert doubling["settings"] == BUILTIN["doudizhu4-doubling"].to_dict()
    one = api_client.get("/api/v1/rulesets/doudizhu4-doubling/").json()
    assert one["settings"]["bomb_doubling"] is True
