"""``POST /matches/{id}/deals/``: one deal as played; the engine applies G6 and G8 (services/deals.py)."""

from __future__ import annotations

import pytest

from scoring.models import Deal
from tests.scoring.conftest import NS_SWEEP, deals_url, post_deals
from tests.tournaments.conftest import assert_problem, field_errors
from tournaments.models import MatchStatus

pytestmark = pytest.mark.django_db


def post(client, match, **body):
    return client.post(deals_url(match), body, format="json")


def test_g6_a_double_win_raises_the_winners_three_levels(play, keeper):
    match = play["matches"][0]
    response = post(keeper, match, number=1, finishing_order=["N", "S"])
    assert response.status_code == 201
    state = response.json()["state"]
    assert state["levels"] == {"NS": "5", "EW": "2"}
    assert (state["on_stage"], state["deal_level"], state["next_deal"]) == ("NS", "5", 2)
    assert state["level_line"] == [{"deal": 1, "game": 1, "NS": "5", "EW": "2"}]
    match.refresh_from_db()
    assert match.status == MatchStatus.PLAYING


def test_g6_partner_third_raises_two_and_fourth_raises_one(play, keeper):
    match = play["matches"][0]
    post(keeper, match, number=1, finishing_order=["E", "N", "W"])
    state = post(keeper, match, number=2, finishing_order=["N", "W", "E"]).json()["state"]
    assert [entry["NS"] + "/" + entry["EW"] for entry in state["level_line"]] == ["2/4", "3/4"]


def test_g6_a_must_be_played_and_passing_a_ends_the_match(play, keeper):
    match = play["matches"][0]
    state = post_deals(keeper, match, NS_SWEEP[:4])["state"]
    assert state["levels"]["NS"] == "A"  # 2+3+3+3 = 11 (J), then +3 stops at A
    state = post_deals(keeper, match, NS_SWEEP[4:], start=5)["state"]
    assert (state["finished"], state["winner"], state["levels"]["NS"]) == (True, "NS", "A+")
    assert state["next_deal"] is None


def test_g8_a_deal_after_the_end_is_match_over(play, keeper):
    match = play["matches"][0]
    post_deals(keeper, match, NS_SWEEP)
    assert_problem(post(keeper, match, number=6, finishing_order=["N", "S"]), 409, "match_over")


def test_the_same_deal_again_returns_the_same_answer(play, keeper):
    match = play["matches"][0]
    first = post(keeper, match, number=1, finishing_order=["N", "S"])
    again = post(
        keeper, match, number=1, finishing_order=["N", "S", "W", "E"]
    )  # 1-2: the losers' order is moot
    assert again.status_code == 200
    assert again.json() == first.json()
    assert Deal.objects.filter(match=match).count() == 1


def test_another_deal_under_a_stored_number_is_a_conflict_naming_it(play, keeper):
    match = play["matches"][0]
    post(keeper, match, number=1, finishing_order=["N", "S"])
    body = assert_problem(post(keeper, match, number=1, finishing_order=["E", "W"]), 409, "deal_conflict")
    assert body["stored"]["finishing_order"] == ["N", "S", "E", "W"]


def test_a_number_out_of_order_is_refused_with_the_expected_number(play, keeper):
    match = play["matches"][0]
    body = assert_problem(post(keeper, match, number=3, finishing_order=["N", "S"]), 409, "deal_out_of_order")
    assert body["expected"] == 1


def test_g5_an_impossible_finishing_order_is_a_400_on_the_field(play, keeper):
    match = play["matches"][0]
    response = post(keeper, match, number=1, finishing_order=["N", "E"])
    assert_problem(response, 400, "finishing_order_incomplete")
    response = post(keeper, match, number=1, finishing_order=["N", "N", "S"])
    assert field_errors(response) == {"finishing_order": "duplicate_seat"}
    response = post(keeper, match, number=1, finishing_order=["N", "X", "S"])
    assert field_errors(response) == {"finishing_order.1": "unknown_seat"}


def test_g2_a_wrong_level_check_is_refused(play, keeper):
    match = play["matches"][0]
    post(keeper, match, number=1, finishing_order=["N", "S"])
    body = assert_problem(
        post(keeper, match, number=2, level="2", finishing_order=["N", "S"]), 422, "wrong_level"
    )
    assert body["expected"] == "5"


def test_a_bye_has_no_deals(play, keeper):
    from tests.tournaments.conftest import MatchFactory

    bye = MatchFactory(round=play["round"], table=3, ns_pair=play["pairs"][0], ew_pair=None)
    assert_problem(post(keeper, bye, number=1, finishing_order=["N", "S"]), 409, "bye_match")


def test_a_draft_round_cannot_be_scored(play, organizer):
    from tests.tournaments.conftest import MatchFactory, RoundFactory

    draft = RoundFactory(event=play["event"], stage=play["stage"], number=2)
    match = MatchFactory(round=draft, table=1, ns_pair=play["pairs"][0], ew_pair=play["pairs"][2])
    assert_problem(post(organizer, match, number=1, finishing_order=["N", "S"]), 409, "round_not_published")


def test_deals_are_listed_in_order(play, keeper, api_client):
    match = play["matches"][0]
    post_deals(keeper, match, [["N", "S"], ["E", "N", "W"]])
    body = api_client.get(deals_url(match)).json()
    assert [(d["number"], d["level"], d["finishing_order"]) for d in body] == [
        (1, "2", ["N", "S", "E", "W"]),
        (2, "5", ["E", "N", "W", "S"]),
    ]


# ---- the tribute record (G7) and the plays (G5) -----------------------------------------------------
def test_g7_a_recorded_single_tribute_is_checked_and_names_the_leader(play, keeper):
    match = play["matches"][0]
    post(keeper, match, number=1, finishing_order=["E", "N", "W"])  # S last pays E (a 1-3 finish)
    tribute = {
        "tributes": [{"from": "S", "to": "E", "card": "SA"}],
        "returns": [{"from": "E", "to": "S", "card": "D5"}],
    }
    response = post(keeper, match, number=2, finishing_order=["W", "E"], tribute=tribute)
    assert response.status_code == 201, response.json()
    deal = response.json()["deal"]
    assert (deal["tribute"]["kind"], deal["leader"]) == ("single", "S")  # G7: the payer leads


def test_g7_a_tribute_to_the_wrong_seat_is_refused_naming_the_item(play, keeper):
    match = play["matches"][0]
    post(keeper, match, number=1, finishing_order=["E", "N", "W"])
    tribute = {
        "tributes": [{"from": "S", "to": "W", "card": "SA"}],
        "returns": [{"from": "W", "to": "S", "card": "D5"}],
    }
    response = post(keeper, match, number=2, finishing_order=["W", "E"], tribute=tribute)
    assert_problem(response, 422, "tribute_wrong_receiver")
    assert field_errors(response)["tribute.tributes.0.to"] == "tribute_wrong_receiver"
    assert Deal.objects.filter(match=match).count() == 1


def test_g7_a_wild_is_never_tributed(play, keeper):
    match = play["matches"][0]
    post(keeper, match, number=1, finishing_order=["N", "E", "S"])  # W last pays N; NS +2 -> deal 2 at 4
    tribute = {
        "tributes": [{"from": "W", "to": "N", "card": "H4"}],
        "returns": [{"from": "N", "to": "W", "card": "C3"}],
    }
    assert_problem(
        post(keeper, match, number=2, finishing_order=["N", "S"], tribute=tribute), 422, "wild_tributed"
    )


def test_g7_an_anti_tribute_shows_both_big_jokers(play, keeper):
    match = play["matches"][0]
    post(keeper, match, number=1, finishing_order=["N", "S"])  # E and W both pay: a double tribute
    shown = {"anti_tribute": [{"seat": "E", "card": "RJ"}, {"seat": "W", "card": "RJ"}]}
    deal = post(keeper, match, number=2, finishing_order=["E", "W"], tribute=shown).json()["deal"]
    assert (deal["tribute"]["kind"], deal["leader"]) == (
        "anti_tribute",
        "N",
    )  # the last deal's 1st seat leads
    wrong = {"anti_tribute": [{"seat": "N", "card": "RJ"}, {"seat": "W", "card": "RJ"}]}
    assert_problem(
        post(keeper, match, number=3, finishing_order=["E", "W"], tribute=wrong), 422, "invalid_anti_tribute"
    )


def test_g5_recorded_plays_are_replayed_and_give_the_finishing_order(play, keeper):
    from tests.scoring.recorded import recorded_deal

    match = play["matches"][0]
    body = recorded_deal(7)
    order = body.pop("finishing_order")
    response = post(keeper, match, number=1, **body)
    assert response.status_code == 201, response.json()
    assert response.json()["deal"]["finishing_order"][: len(order)] == order[:4]
    assert response.json()["deal"]["recorded_plays"] is True


def test_g5_an_illegal_play_is_a_422_naming_the_play(play, keeper):
    from tests.scoring.recorded import recorded_deal

    match = play["matches"][0]
    body = recorded_deal(7)
    body["plays"][0] = {"seat": "E", "cards": body["plays"][0]["cards"]}  # N leads, not E
    response = post(keeper, match, number=1, **body)
    body = assert_problem(response, 422, "not_your_turn")
    assert field_errors(response) == {"plays.0": "not_your_turn"}
    assert body["violation"] == {"index": 0, "code": "not_your_turn"}


def test_g5_plays_that_contradict_the_finishing_order_are_refused(play, keeper):
    from tests.scoring.recorded import recorded_deal

    match = play["matches"][0]
    body = recorded_deal(7)
    body["finishing_order"] = list(reversed(body["finishing_order"]))
    assert_problem(post(keeper, match, number=1, **body), 422, "finishing_order_mismatch")


def test_g7_a_second_deal_with_hands_checks_the_tribute_in_full(play, keeper):
    from engine.guandan.cards import parse_level
    from tests.scoring.recorded import recorded_deal

    match = play["matches"][0]
    first = recorded_deal(7)
    state = post(keeper, match, number=1, **first).json()["state"]
    second = recorded_deal(8, level=parse_level(state["deal_level"]), previous=first["finishing_order"])
    unpaid = {**second, "tribute": {"tributes": [], "returns": []}}
    response = post(keeper, match, number=2, **unpaid)
    assert_problem(response, 422, "missing_tribute")
    response = post(keeper, match, number=2, **second)
    assert response.status_code == 201, response.json()
    assert response.json()["deal"]["tribute"]["kind"] in ("single", "double", "anti_tribute")
