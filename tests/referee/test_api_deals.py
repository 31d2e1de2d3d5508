"""POST /api/v1/referee/deals/replay (docs/referee.md; docs/rules/guandan.md G5, G6) through the real API."""

import random

import pytest

from engine.guandan.profiles import STANDARD
from engine.guandan.simulate import simulate_deal

URL = "/api/v1/referee/deals/replay"
pytestmark = pytest.mark.django_db


def _deal(seed: int = 1) -> dict:
    return simulate_deal(rng=random.Random(seed), level=2, profile=STANDARD).request()


@pytest.mark.parametrize("seed", range(5))
def test_g5_a_simulated_legal_deal_replays_as_valid(api_client, seed):
    deal = simulate_deal(rng=random.Random(seed), level=2, profile=STANDARD)
    body = api_client.post(URL, deal.request(), format="json").json()
    assert body["valid"] is True
    assert body["violation"] is None
    assert body["finished"] is True
    assert len(body["plays"]) == len(deal.actions)
    assert all(p["ok"] for p in body["plays"])
    assert (
        body["finishing_order"][: len(deal.finishing_order)]
        == [s.value for s in deal.finishing_order][: len(body["finishing_order"])]
    )
    assert body["winner_side"] == ("NS" if body["finishing_order"][0] in "NS" else "EW")
    assert body["level_rise"] in (1, 2, 3)


def test_g5_out_of_turn_is_not_your_turn_at_index_0(api_client):
    deal = _deal()
    order = ["N", "W", "S", "E"]
    wrong = order[(order.index(deal["leader"]) + 1) % 4]
    deal["plays"] = [{**deal["plays"][0], "seat": wrong}]
    body = api_client.post(URL, deal, format="json").json()
    assert body["valid"] is False
    assert body["violation"]["index"] == 0
    assert body["violation"]["code"] == "not_your_turn"


def test_g5_card_not_in_hand(api_client):
    deal = _deal()
    leader = deal["leader"]
    missing = next(
        c for c in ["RJ", "BJ", "SA", "HA", "CA", "DA", "S3", "D3"] if deal["hands"][leader].count(c) == 0
    )
    deal["plays"] = [{"seat": leader, "cards": [missing]}]
    body = api_client.post(URL, deal, format="json").json()
    assert body["violation"]["code"] == "card_not_in_hand"


def test_g5_cannot_pass_on_lead(api_client):
    deal = _deal()
    deal["plays"] = [{"seat": deal["leader"], "pass": True}]
    body = api_client.post(URL, deal, format="json").json()
    assert body["violation"] == {
        "index": 0,
        "code": "cannot_pass_on_lead",
        "detail": body["violation"]["detail"],
    }


def test_g5_unfinished_deal_reports_who_is_next(api_client):
    deal = _deal()
    deal["plays"] = deal["plays"][:1]
    body = api_client.post(URL, deal, format="json").json()
    assert body["valid"] is True
    assert body["finished"] is False
    assert body["level_rise"] is None
    assert body["next_to_act"] in {"N", "E", "S", "W"}


def test_wrong_hand_size_is_a_400(api_client):
    deal = _deal()
    deal["hands"]["N"] = deal["hands"]["N"][:26]
    response = api_client.post(URL, deal, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "wrong_hand_size"


def test_malformed_play_is_a_400_with_dotted_field(api_client):
    deal = _deal()
    deal["plays"] = [{"seat": "Q", "cards": ["S3"]}]
    response = api_client.post(URL, deal, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "plays.0.seat"


def test_a_play_without_cards_or_pass_is_a_400(api_client):
    deal = _deal()
    deal["plays"] = [{"seat": deal["leader"]}]
    response = api_client.post(URL, deal, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "plays.0.cards"


def test_g5_seed_001_profile_changes_jie_feng_by_ruleset_key(api_client):
    deal = _deal(3)
    standard = api_client.post(URL, deal, format="json").json()
    seed001 = api_client.post(URL, {**deal, "ruleset": "guandan-seed-001"}, format="json").json()
    assert standard["valid"] is True
    assert seed001["ruleset"] == "guandan-seed-001"
