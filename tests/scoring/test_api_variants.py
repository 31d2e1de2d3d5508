"""The Guandan variants of issue 24 through the real endpoints: an event's rules (``PATCH /events/{slug}/``,
``GET /rulesets/``) set ``a_goal``, ``streak_debt``, ``equal_tribute_to_first`` and ``equal_tribute_lead``,
and the deals and results of its matches follow them (docs/rules/guandan.md G6, G7, G8)."""

from __future__ import annotations

import pytest

from tests.scoring.conftest import API, NS_SWEEP, deals_url, post_deals, result_url
from tests.tournaments.conftest import assert_problem, field_errors

pytestmark = pytest.mark.django_db

# Deal 1 ends 1-2 (N, S): E and W both pay; counterclockwise W is N's 下家 and E its 上家.
EQUAL_W_TO_N = {
    "tributes": [{"from": "W", "to": "N", "card": "SA"}, {"from": "E", "to": "S", "card": "HA"}],
    "returns": [{"from": "N", "to": "W", "card": "S3"}, {"from": "S", "to": "E", "card": "D4"}],
}
EQUAL_E_FIRST_TO_N = {
    "tributes": [{"from": "E", "to": "N", "card": "HA"}, {"from": "W", "to": "S", "card": "SA"}],
    "returns": [{"from": "N", "to": "E", "card": "S3"}, {"from": "S", "to": "W", "card": "D4"}],
}


def set_rules(organizer, **fields) -> dict:
    response = organizer.patch(f"{API}/events/play/", fields, format="json")
    assert response.status_code == 200, response.json()
    return response.json()["rules"]


def post(client, match, **body):
    return client.post(deals_url(match), body, format="json")


# ---- the settings on the event and in the rulesets ------------------------------------------------


def test_the_nanjing_union_profile_is_listed_with_its_settings(api_client):
    body = api_client.get(f"{API}/rulesets/guandan-nanjing-union/").json()
    assert body["game"] == "guandan"
    assert (body["settings"]["report_threshold"], body["settings"]["equal_tribute_lead"]) == (
        6,
        "first_seat_previous",
    )


def test_an_events_rules_show_the_variants_of_its_profile_and_overrides(organizer):
    rules = set_rules(organizer, ruleset="guandan-seed-001", rule_overrides={"a_goal": "reach_a"})
    assert (rules["a_goal"], rules["streak_debt"], rules["streaks"]) == ("reach_a", False, True)
    assert (rules["equal_tribute_to_first"], rules["equal_tribute_lead"]) == ("next_seat", "payer_to_first")


@pytest.mark.parametrize(
    ("overrides", "code"),
    [
        ({"a_goal": "touch_a"}, "invalid_choice"),
        ({"streak_debt": "yes"}, "invalid"),
        ({"equal_tribute_to_first": "dealer"}, "invalid_choice"),
        ({"equal_tribute_lead": 2}, "invalid"),
    ],
)
def test_a_bad_variant_is_a_400_naming_the_setting(organizer, overrides, code):
    response = organizer.patch(f"{API}/events/play/", {"rule_overrides": overrides}, format="json")
    assert_problem(response, 400, code)
    assert field_errors(response) == {f"rule_overrides.{next(iter(overrides))}": code}


# ---- G6 a_goal reach_a -----------------------------------------------------------------------------


def test_g6_reach_a_the_match_ends_on_the_deal_that_reaches_a_and_its_result_says_so(play, organizer, keeper):
    set_rules(organizer, rule_overrides={"a_goal": "reach_a"})
    match = play["matches"][0]
    state = post_deals(keeper, match, NS_SWEEP[:4])["state"]
    assert (state["finished"], state["winner"], state["levels"]) == (True, "NS", {"NS": "A", "EW": "2"})
    assert state["games"][0]["end_reason"] == "reached_a"
    assert_problem(post(keeper, match, number=5, finishing_order=["N", "S"]), 409, "match_over")
    response = keeper.post(result_url(match), {"side": "NS"}, format="json")
    assert response.status_code == 201, response.json()
    (version,) = response.json()["versions"]
    assert (version["winner"], version["end_reason"], version["level_difference"]) == ("NS", "reached_a", 12)
    assert version["passed_a"] == {"NS": False, "EW": False}


def test_g6_pass_a_default_the_same_deals_leave_the_match_playing_at_a(play, keeper):
    state = post_deals(keeper, play["matches"][0], NS_SWEEP[:4])["state"]
    assert (state["finished"], state["deal_level"]) == (False, "A")


def test_g8_reach_a_a_level_sheet_result_at_a_wins(play, organizer, keeper):
    set_rules(organizer, rule_overrides={"a_goal": "reach_a"})
    match = play["matches"][0]
    response = keeper.post(
        result_url(match), {"side": "NS", "levels": {"NS": "Q", "EW": "A"}, "deals_played": 8}, format="json"
    )
    assert response.status_code == 201, response.json()
    (version,) = response.json()["versions"]
    assert (version["winner"], version["end_reason"]) == ("EW", "reached_a")
    passed = {"side": "NS", "levels": {"NS": "A+", "EW": "K"}, "deals_played": 9}
    assert_problem(keeper.post(result_url(match), passed, format="json"), 422, "impossible_levels")


# ---- G6 streak_debt --------------------------------------------------------------------------------


def test_g6_streak_debt_the_company_rules_repay_a_demotion_stopped_at_2(play, organizer, keeper):
    set_rules(organizer, ruleset="guandan-seed-001", rule_overrides={"streak_debt": True})
    match = play["matches"][0]
    state = post_deals(keeper, match, [["N", "S"]] * 3)["state"]
    # EW double-down three times at 2: -2 stopped at 2 and owed.
    assert (state["levels"]["EW"], state["games"][0]["debts"]) == ("2", {"NS": 0, "EW": 2})
    state = post_deals(keeper, match, [["E", "W"]], start=4)["state"]
    assert (state["levels"]["EW"], state["games"][0]["debts"]["EW"]) == ("3", 0)  # +3: 2 repaid, 1 risen


def test_g6_the_company_profile_keeps_its_published_streaks_without_debt(play, organizer, keeper):
    set_rules(organizer, ruleset="guandan-seed-001")
    state = post_deals(keeper, play["matches"][0], [["N", "S"]] * 3 + [["E", "W"]])["state"]
    assert (state["levels"]["EW"], state["games"][0]["debts"]["EW"]) == ("5", 0)


# ---- G7 equal double tributes -----------------------------------------------------------------------


def test_g7_nanjing_union_after_equal_tributes_the_upstreams_shangjia_leads(play, organizer, keeper):
    set_rules(organizer, ruleset="guandan-nanjing-union")
    match = play["matches"][0]
    post(keeper, match, number=1, finishing_order=["N", "S"])
    response = post(keeper, match, number=2, finishing_order=["E", "W"], tribute=EQUAL_W_TO_N)
    assert response.status_code == 201, response.json()
    assert response.json()["deal"]["leader"] == "E"


def test_g7_standard_after_equal_tributes_the_payer_to_the_upstream_leads(play, keeper):
    match = play["matches"][0]
    post(keeper, match, number=1, finishing_order=["N", "S"])
    response = post(keeper, match, number=2, finishing_order=["E", "W"], tribute=EQUAL_W_TO_N)
    assert response.json()["deal"]["leader"] == "W"


def test_g7_first_paid_the_upstream_takes_the_card_tributed_first(play, organizer, keeper):
    # 篇五 九: 头游拿第一张进贡的牌; 上游的下家先出 (an override: the profile keeps its published values)
    set_rules(
        organizer,
        ruleset="guandan-seed-000",
        rule_overrides={"equal_tribute_to_first": "first_paid", "equal_tribute_lead": "first_seat_next"},
    )
    match = play["matches"][0]
    post(keeper, match, number=1, finishing_order=["N", "S"])
    response = post(keeper, match, number=2, finishing_order=["E", "W"], tribute=EQUAL_E_FIRST_TO_N)
    assert response.status_code == 201, response.json()
    assert response.json()["deal"]["leader"] == "W"


def test_g7_next_seat_default_refuses_the_card_tributed_first_by_the_shangjia(play, keeper):
    match = play["matches"][0]
    post(keeper, match, number=1, finishing_order=["N", "S"])
    response = post(keeper, match, number=2, finishing_order=["E", "W"], tribute=EQUAL_E_FIRST_TO_N)
    assert_problem(response, 422, "tribute_wrong_receiver")
    assert field_errors(response)["tribute.tributes.0.to"] == "tribute_wrong_receiver"
