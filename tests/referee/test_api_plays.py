"""POST /api/v1/referee/plays/validate (docs/referee.md; docs/rules/guandan.md G2-G4) through the real API."""

import pytest

URL = "/api/v1/referee/plays/validate"
pytestmark = pytest.mark.django_db


def ask(client, **body):
    return client.post(URL, body, format="json")


def test_g4_wild_straight_does_not_beat_equal_straight(api_client):
    response = ask(
        api_client, level="2", cards=["H2", "S3", "C4", "S5", "S6"], previous=["D3", "C4", "D5", "D6", "S7"]
    )
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is True
    readings = {(r["type"], r["rank"]) for r in body["readings"]}
    assert readings == {("straight", "6"), ("straight", "7")}
    assert body["beats_previous"] is False
    assert body["reason"]["code"] == "does_not_beat"
    assert body["previous_reading"]["type"] == "straight"


def test_g4_following_picks_the_reading_that_beats(api_client):
    body = ask(
        api_client, level="2", cards=["H2", "S3", "C4", "S5", "S6"], previous=["D2", "C3", "D4", "D5", "D6"]
    ).json()
    assert body["beats_previous"] is True
    assert body["reason"] is None
    assert body["reading"]["type"] == "straight"
    assert body["reading"]["rank"] in {"6", "7"}


def test_g4_leading_wild_default_lowest(api_client):
    body = ask(api_client, level="2", cards=["H2", "S3", "C4", "S5", "S6"]).json()
    assert body["reading"] == {"type": "straight", "rank": "6", "size": 5, "wilds": ["2"]}
    assert body["beats_previous"] is None


def test_g4_wild_default_highest_as_a_rule_override(api_client):
    body = ask(
        api_client, level="2", cards=["H2", "S3", "C4", "S5", "S6"], rules={"wild_default": "highest"}
    ).json()
    assert body["reading"]["rank"] == "7"


def test_g4_declared_reading_is_used(api_client):
    body = ask(
        api_client,
        level="2",
        cards=["H2", "S3", "C4", "S5", "S6"],
        declared={"type": "straight", "rank": "7"},
    ).json()
    assert body["reading"]["rank"] == "7"


def test_g4_declared_reading_that_does_not_exist(api_client):
    body = ask(api_client, level="2", cards=["S3", "S4", "S5", "S6", "S7"], declared={"type": "bomb"}).json()
    assert body["legal"] is False
    assert body["reason"]["code"] == "declared_reading_invalid"


def test_g3_illegal_combination(api_client):
    body = ask(api_client, level="2", cards=["S3", "S4"]).json()
    assert body["legal"] is False
    assert body["readings"] == []
    assert body["reason"]["code"] == "illegal_combination"


def test_g3_joker_bomb_beats_everything(api_client):
    body = ask(
        api_client,
        level="5",
        cards=["BJ", "BJ", "RJ", "RJ"],
        previous=["S9"] * 2 + ["H9"] * 2 + ["C9"] * 2 + ["D9"] * 2,
    ).json()
    assert body["reading"]["type"] == "joker_bomb"
    assert body["beats_previous"] is True


def test_g1_input_accepts_10_lower_case_and_symbols_and_answers_canonically(api_client):
    body = ask(api_client, level="10", cards=["♠10", "s10"], previous=["d9", "♦9"]).json()
    assert body["reading"] == {"type": "pair", "rank": "10", "size": 2, "wilds": []}
    assert body["beats_previous"] is True


def test_unknown_card_is_a_400_problem_naming_the_field(api_client):
    response = ask(api_client, level="2", cards=["S3", "X9"])
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/problem+json")
    body = response.json()
    assert body["code"] == "unknown_card"
    assert body["errors"][0]["field"] == "cards.1"


def test_g1_three_copies_is_too_many(api_client):
    response = ask(api_client, level="2", cards=["S3", "S3"], previous=["S3"])
    assert response.status_code == 400
    assert response.json()["code"] == "too_many_copies"


def test_unknown_level_is_a_400(api_client):
    response = ask(api_client, level="1", cards=["S3"])
    assert response.status_code == 400
    assert response.json()["code"] == "unknown_level"
    assert response.json()["errors"][0]["field"] == "level"


def test_unknown_ruleset_is_a_400(api_client):
    response = ask(api_client, level="2", cards=["S3"], ruleset="no-such-rules")
    assert response.status_code == 400
    assert response.json()["code"] == "unknown_ruleset"
    assert response.json()["errors"][0]["field"] == "ruleset"


def test_bad_rule_override_is_a_400_naming_the_setting(api_client):
    response = ask(api_client, level="2", cards=["S3"], rules={"wild_default": "middle"})
    assert response.status_code == 400
    assert response.json()["errors"][0] == {
        "field": "wild_default",
        "code": "invalid_choice",
        "message": "wild_default must be one of lowest, highest; got 'middle'.",
    }


@pytest.mark.parametrize(
    "body, field",
    [
        ({"cards": ["S3"]}, "level"),
        ({"level": "2"}, "cards"),
        ({"level": "2", "cards": "S3"}, "cards"),
        ({"level": "2", "cards": ["S3"], "declared": {"type": "nonsense"}}, "declared.type"),
    ],
)
def test_malformed_bodies_are_400_with_field_errors(api_client, body, field):
    response = api_client.post(URL, body, format="json")
    assert response.status_code == 400
    assert field in {e["field"] for e in response.json()["errors"]}


def test_empty_play_is_a_400(api_client):
    response = ask(api_client, level="2", cards=[])
    assert response.status_code == 400
    assert response.json()["code"] == "empty_play"


def test_anonymous_may_ask_a_referee_question(api_client):
    assert ask(api_client, level="2", cards=["S3"]).status_code == 200


def test_chinese_messages_on_request(api_client):
    response = api_client.post(URL, {"cards": ["S3"]}, format="json", HTTP_ACCEPT_LANGUAGE="zh-Hans")
    assert response.status_code == 400
    assert response.json()["title"] == "请求无效"


def test_verdicts_and_engine_errors_speak_chinese_on_request(api_client):
    verdict = api_client.post(
        URL, {"level": "2", "cards": ["S3", "S4"]}, format="json", HTTP_ACCEPT_LANGUAGE="zh-Hans"
    )
    assert verdict.json()["reason"] == {"code": "illegal_combination", "detail": "这些牌不构成合法牌型。"}
    error = api_client.post(
        URL, {"level": "2", "cards": ["X9"]}, format="json", HTTP_ACCEPT_LANGUAGE="zh-Hans"
    )
    assert error.json()["errors"][0]["message"] == "未知的牌代码。"
