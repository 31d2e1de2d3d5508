"""Shuangkou events scored through the API (docs/rules/shuangkou.md S8-S10, "Scorekeeping"; the
generic scoresheet plumbing of docs/scoring.md "Every game keeps its matches on a scoresheet")."""

from __future__ import annotations

import random

from rest_framework.test import APIClient

from engine.shuangkou.simulate import simulate_deal
from tests.scoring.conftest import API, result_url
from tests.scoring.shuangkou import deals_url, keeper, post, post_all, referee, short, sk, table_1

__all__ = ["keeper", "referee", "sk", "table_1"]  # fixtures


def levels(answer: dict) -> dict:
    return answer["state"]["levels"]


# S8, the level table (threshold 80, 10 points a level; 10, J and K cannot be skipped):
#   attackers' points   dealer side keeps?   who rises, by
#   0                   yes                  dealer side +8 (stops at 10)
#   35                  yes                  dealer side +4
#   75                  yes                  dealer side +0
#   80                  no (attackers deal)  attackers +0
#   125                 no                   attackers +4
def test_s8_dealer_side_rises_per_ten_points_short_of_eighty(sk, keeper):
    answer = post_all(keeper, sk["match"], [short("N", 35)])
    assert levels(answer) == {"NS": "6", "EW": "2"}
    assert answer["state"]["dealer"] == "S"  # S9: the partner deals next


def test_s8_seventy_five_keeps_the_deal_without_a_rise(sk, keeper):
    answer = post_all(keeper, sk["match"], [short("N", 75)])
    assert levels(answer) == {"NS": "2", "EW": "2"}
    assert answer["state"]["dealer"] == "S"


def test_s8_eighty_passes_the_deal_without_a_rise(sk, keeper):
    answer = post_all(keeper, sk["match"], [short("N", 80)])
    assert levels(answer) == {"NS": "2", "EW": "2"}
    assert answer["state"]["dealer_side"] == "EW"


def test_s8_attackers_rise_per_ten_points_over_eighty(sk, keeper):
    answer = post_all(keeper, sk["match"], [short("N", 125)])
    assert levels(answer) == {"NS": "2", "EW": "6"}


def test_s8_a_shutout_stops_at_the_mandatory_ten(sk, keeper):
    answer = post_all(keeper, sk["match"], [short("N", 0)])
    assert levels(answer) == {"NS": "10", "EW": "2"}


def test_s8_the_deal_is_stored_with_its_level_and_record(sk, keeper):
    post_all(keeper, sk["match"], [short("N", 35), short("S", 85)])
    deals = keeper.get(deals_url(sk["match"])).json()
    assert [d["level"] for d in deals] == ["2", "6"]
    assert deals[1]["record"] == {
        "form": "short",
        "dealer": "S",
        "attackers_points": 85,
        "j_last_trick": False,
    }
    one = keeper.get(f"{deals_url(sk['match'])}2").json()
    assert one["record"]["attackers_points"] == 85


def test_s8_j_rule_sends_the_dealer_side_back_to_two(sk, keeper):
    # NS climb to 10 (0 points: +8, stopped at 10), then to J (65 points: +1); at J the attackers
    # take the deal with 95 and the last trick won by a J: NS go back to 2 (S8, the J rule)
    answer = post_all(keeper, sk["match"], [short("N", 0), short("S", 65)])
    assert levels(answer) == {"NS": "J", "EW": "2"}
    answer = post_all(keeper, sk["match"], [short("N", 95, True)], start=3)
    assert levels(answer) == {"NS": "2", "EW": "3"}
    assert answer["state"]["changes"][-1]["j_reset"] is True


def test_s8_a_j_last_trick_at_another_level_changes_nothing_for_the_dealer_side(sk, keeper):
    answer = post_all(keeper, sk["match"], [short("N", 95, True)])
    assert levels(answer) == {"NS": "2", "EW": "3"}


def test_s9_wrong_dealer_is_refused(sk, keeper):
    post_all(keeper, sk["match"], [short("N", 35)])
    response = post(keeper, sk["match"], 2, short("E", 35))
    assert response.status_code == 422
    assert response.json()["code"] == "wrong_dealer"


def test_s8_a_wrong_level_is_refused(sk, keeper):
    post_all(keeper, sk["match"], [short("N", 35)])
    response = post(keeper, sk["match"], 2, short("S", 35, level="2"))
    assert response.status_code == 422
    assert response.json()["code"] == "wrong_level"
    assert post(keeper, sk["match"], 2, short("S", 35, level="6")).status_code == 201


def test_s10_the_no_trump_deal_won_ends_the_match(sk, keeper):
    # NS: 0 -> 10 (stop), 65 -> J (+1), 0 -> K (stop), 0 -> past A: the no-trump deal
    answer = post_all(keeper, sk["match"], [short("N", 0), short("S", 65), short("N", 0)])
    assert levels(answer)["NS"] == "K"
    answer = post_all(keeper, sk["match"], [short("S", 0)], start=4)
    assert levels(answer)["NS"] == "NT"
    assert answer["state"]["no_trump_deal"] is True
    answer = post_all(keeper, sk["match"], [short("N", 40)], start=5)
    assert answer["state"]["finished"] is True
    assert answer["state"]["winner"] == "NS"
    response = post(keeper, sk["match"], 6, short("S", 40))
    assert response.status_code == 409
    assert response.json()["code"] == "match_over"


def test_s3_a_whole_deal_is_replayed(sk, keeper):
    deal = simulate_deal(rng=random.Random(7), level=2).request()
    body = {
        k: deal[k]
        for k in ("declarations", "hands", "bottom", "buried", "tricks", "dealer")
        if deal[k] is not None
    }
    response = post(keeper, sk["match"], 1, body)
    assert response.status_code == 201, response.json()
    record = response.json()["deal"]["record"]
    assert record["form"] == "whole"
    assert record["tricks"] == deal["tricks"]
    assert response.json()["state"]["deals"] == 1


def test_s5_a_whole_deal_breaking_a_rule_is_a_422_naming_the_play(sk, keeper):
    deal = simulate_deal(rng=random.Random(7), level=2).request()
    body = {
        k: deal[k]
        for k in ("declarations", "hands", "bottom", "buried", "tricks", "dealer")
        if deal[k] is not None
    }
    first, second = body["tricks"][0]["plays"][:2]
    body["tricks"][0]["plays"][0], body["tricks"][0]["plays"][1] = second, first  # out of turn
    response = post(keeper, sk["match"], 1, body)
    assert response.status_code == 422
    problem = response.json()
    assert problem["code"] == "not_your_turn"
    assert problem["errors"][0]["field"] == "tricks.0.plays.0"


def test_sheet_a_repost_of_the_same_deal_is_answered_again(sk, keeper):
    first = post(keeper, sk["match"], 1, short("N", 35))
    post_all(keeper, sk["match"], [short("S", 90)], start=2)
    again = post(keeper, sk["match"], 1, short("N", 35))
    assert again.status_code == 200
    assert again.json()["deal"] == first.json()["deal"]
    assert again.json()["state"] == first.json()["state"]


def test_sheet_other_content_under_a_posted_number_is_a_conflict(sk, keeper):
    post(keeper, sk["match"], 1, short("N", 35))
    response = post(keeper, sk["match"], 1, short("N", 45))
    assert response.status_code == 409
    assert response.json()["code"] == "deal_conflict"


def test_sheet_a_deal_out_of_order_is_a_conflict(sk, keeper):
    response = post(keeper, sk["match"], 2, short("N", 35))
    assert response.status_code == 409
    assert response.json()["code"] == "deal_out_of_order"


def test_sheet_a_bad_field_is_a_400_naming_it(sk, keeper):
    response = post(keeper, sk["match"], 1, short("N", -5))
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "attackers_points"
    response = post(keeper, sk["match"], 1, short("Q", 5))
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "dealer"


def test_sheet_a_correction_re_derives_the_later_deals(sk, keeper):
    post_all(keeper, sk["match"], [short("N", 35), short("S", 35)])  # NS 2 -> 6 -> 10
    response = keeper.put(
        f"{deals_url(sk['match'])}1", {**short("N", 55), "note": "miscounted"}, format="json"
    )
    assert response.status_code == 201, response.json()
    assert levels(response.json()) == {"NS": "4", "EW": "2"}
    deals = keeper.get(deals_url(sk["match"])).json()
    assert [(d["number"], d["version"], d["level"]) for d in deals] == [(1, 2, "2"), (2, 2, "4")]
    state = keeper.get(f"{API}/matches/{sk['match'].pk}/").json()["state"]
    assert state["levels"] == {"NS": "8", "EW": "2"}


def test_sheet_a_correction_that_makes_a_later_deal_impossible_is_refused(sk, keeper):
    post_all(keeper, sk["match"], [short("N", 35), short("S", 35)])  # S deals deal 2 (NS kept)
    response = keeper.put(f"{deals_url(sk['match'])}1", short("N", 95), format="json")  # now E deals 2
    assert response.status_code == 422
    assert response.json()["code"] == "later_deal_conflict"


def test_sheet_voiding_from_a_deal_folds_the_deals_before_it(sk, keeper):
    post_all(keeper, sk["match"], [short("N", 35), short("S", 35)])
    response = keeper.post(f"{deals_url(sk['match'])}void", {"from": 2, "note": "wrong table"}, format="json")
    assert response.status_code == 200, response.json()
    assert [d["number"] for d in response.json()["voided"]] == [2]
    assert response.json()["state"]["levels"] == {"NS": "6", "EW": "2"}
    again = post(keeper, sk["match"], 2, short("S", 85))
    assert again.status_code == 201
    assert again.json()["deal"]["version"] == 2


def win_for_ns() -> list[dict]:
    return [short("N", 0), short("S", 65), short("N", 0), short("S", 0), short("N", 40)]


def test_s10_the_result_comes_from_the_deals_and_is_confirmed(sk, keeper, table_1):
    match = sk["match"]
    post_all(keeper, match, win_for_ns())
    response = keeper.post(result_url(match), {"side": "NS"}, format="json")
    assert response.status_code == 201, response.json()
    response = table_1.post(result_url(match, "/confirm"), {}, format="json")
    assert response.status_code == 200, response.json()
    official = response.json()["official"]
    assert official["winner"] == "NS"
    assert official["games"][0]["end_reason"] == "no_trump_won"
    assert official["games"][0]["deals_played"] == 5


def test_s10_a_result_before_the_end_is_refused(sk, keeper):
    post_all(keeper, sk["match"], [short("N", 35)])
    response = keeper.post(result_url(sk["match"]), {}, format="json")
    assert response.status_code == 422
    assert response.json()["code"] == "match_not_finished"


def test_s10_time_up_closes_the_match_on_the_levels(sk, keeper):
    post_all(keeper, sk["match"], [short("N", 35), short("S", 90)])  # NS 6, EW 3
    response = keeper.post(result_url(sk["match"]), {"time_up": True}, format="json")
    assert response.status_code == 201, response.json()
    submitted = response.json()["versions"][-1]
    assert submitted["winner"] == "NS"
    assert submitted["games"][0]["end_reason"] == "time_limit"
    assert submitted["levels"] == {"NS": "6", "EW": "3"}


def test_sheet_a_table_token_posts_deals_of_its_table(sk, table_1):
    assert post(table_1, sk["match"], 1, short("N", 35)).status_code == 201
    assert post(table_1, sk["matches"][1], 1, short("N", 35)).status_code == 404  # another table's


def test_sheet_anonymous_cannot_post_a_deal(sk):
    assert post(APIClient(), sk["match"], 1, short("N", 35)).status_code in (401, 403)


def test_sheet_an_offline_batch_posts_short_form_deals(sk, keeper):
    items = [
        {"key": f"k{n}", "kind": "deal", "match": sk["match"].pk, "body": {"number": n, **body}}
        for n, body in enumerate([short("N", 35), short("S", 90)], start=1)
    ]
    response = keeper.post(f"{API}/sync", {"items": items}, format="json")
    assert response.status_code == 200, response.json()
    answers = response.json()["items"]
    assert [a["outcome"] for a in answers] == ["applied", "applied"]
    assert answers[-1]["body"]["state"]["levels"] == {"NS": "6", "EW": "3"}
