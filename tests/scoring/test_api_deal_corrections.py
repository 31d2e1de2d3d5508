"""Correcting a wrongly posted deal (docs/scoring.md §1 "Correcting a deal"; services/deals.py).

Deals are versioned like results: ``PUT /matches/{id}/deals/{number}`` makes a new version of a deal
(the deals after it are checked again, and re-derived where their level changes), ``POST
…/deals/void`` voids a deal and every later one. Nothing is deleted: the history is readable
(``?history=true``) and audited. A referee's level-sheet result may set the posted deals aside
(``set_aside_deals``), recorded on the result version.
"""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from core.models import AuditEntry
from scoring.models import Deal, DealStatus, MatchResult
from tests.scoring.conftest import API, NS_SWEEP, deals_url, post_deals, result_url
from tests.tournaments.conftest import assert_problem, field_errors
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db

SHEET = {"levels": {"NS": "A+", "EW": "K"}, "deals_played": 12}


def deal_url(match, number: int) -> str:
    return f"{API}/matches/{match.pk}/deals/{number}"


def void_url(match) -> str:
    return f"{API}/matches/{match.pk}/deals/void"


def correct(client, match, number: int, **body):
    return client.put(deal_url(match, number), body, format="json")


def void(client, match, first: int, **body):
    return client.post(void_url(match), {"from": first, **body}, format="json")


def levels(client, match) -> list[str]:
    """The level line of the match as ``"NS/EW"`` after every deal."""
    state = client.get(f"{API}/matches/{match.pk}/").json()["state"]
    return [f"{entry['NS']}/{entry['EW']}" for entry in state["level_line"]]


@pytest.fixture
def three(play, keeper):
    """Table 1: NS win deals 1 and 2 by 1-2 (5, 8), EW win deal 3 by 1-2 (EW 5, played at 8)."""
    match = play["matches"][0]
    post_deals(keeper, match, [["N", "S"], ["N", "S"], ["E", "W"]])
    return match


# ---- posting an earlier deal again ----------------------------------------------------------------
def test_an_earlier_deal_posted_again_answers_the_state_after_it(play, keeper):
    match = play["matches"][0]
    first = keeper.post(deals_url(match), {"number": 1, "finishing_order": ["N", "S"]}, format="json")
    post_deals(keeper, match, [["N", "S"]], start=2)
    again = keeper.post(deals_url(match), {"number": 1, "finishing_order": ["N", "S"]}, format="json")
    assert again.status_code == 200
    assert again.json()["state"]["levels"] == {"NS": "5", "EW": "2"}
    assert again.json() == first.json()


# ---- a correction is a new version ----------------------------------------------------------------
def test_a_scorekeeper_corrects_a_deal_as_a_new_version_of_it(three, keeper):
    response = correct(keeper, three, 2, finishing_order=["N", "W", "S"], note="S came third")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["deal"]["number"], body["deal"]["version"], body["deal"]["corrects"]) == (2, 2, 1)
    assert (body["deal"]["status"], body["deal"]["note"]) == ("current", "S came third")
    assert body["state"]["levels"] == {"NS": "7", "EW": "2"}  # the match after deals 1 and 2


def test_g6_the_deals_after_a_corrected_one_follow_from_the_corrected_record(three, keeper):
    assert levels(keeper, three) == ["5/2", "8/2", "8/5"]
    correct(keeper, three, 2, finishing_order=["N", "W", "S"])
    assert levels(keeper, three) == ["5/2", "7/2", "7/5"]
    deal_3 = keeper.get(deal_url(three, 3)).json()
    assert (deal_3["version"], deal_3["level"], deal_3["finishing_order"][:2]) == (2, "7", ["E", "W"])
    assert deal_3["note"] == "Re-derived after the correction of deal 2."


def test_a_later_deal_whose_record_does_not_change_keeps_its_version(play, keeper):
    match = play["matches"][0]
    post_deals(keeper, match, [["N", "S"], ["E", "W"], ["E", "W"]])  # deal 3 is played at EW's level
    correct(keeper, match, 1, finishing_order=["N", "W", "S"])  # NS 4 instead of 5
    # Deal 2 was played at NS's level (now 4, not 5): re-derived. Deal 3 at EW's 5: as it was.
    assert [d["version"] for d in keeper.get(deals_url(match)).json()] == [2, 2, 1]
    assert levels(keeper, match) == ["4/2", "4/5", "4/8"]


def test_the_same_correction_twice_changes_nothing(three, keeper):
    first = correct(keeper, three, 2, finishing_order=["N", "W", "S"], corrects=1)
    again = correct(keeper, three, 2, finishing_order=["N", "W", "S"], corrects=1)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == first.json()
    assert Deal.objects.filter(match=three).count() == 5  # 3 posted, 2 and 3 corrected once


def test_a_correction_of_a_version_that_is_no_longer_current_is_a_conflict(three, keeper, referee):
    correct(referee, three, 2, finishing_order=["N", "W", "S"], corrects=1)
    response = correct(keeper, three, 2, finishing_order=["N", "E", "S"], corrects=1)
    body = assert_problem(response, 409, "version_conflict")
    assert body["stored"]["version"] == 2


def test_a_stale_if_match_on_a_correction_is_412(three, keeper, referee):
    etag = keeper.get(deal_url(three, 2))["ETag"]
    correct(referee, three, 2, finishing_order=["N", "W", "S"])
    response = keeper.put(
        deal_url(three, 2), {"finishing_order": ["N", "E", "S"]}, format="json", HTTP_IF_MATCH=etag
    )
    assert_problem(response, 412, "precondition_failed")


def test_g8_a_correction_that_ends_the_match_before_a_later_deal_is_refused(play, keeper):
    match = play["matches"][0]
    post_deals(keeper, match, [*NS_SWEEP[:4], ["N", "E", "W"], ["E", "W"]])  # NS fail at A in deal 5
    response = correct(keeper, match, 5, finishing_order=["N", "S"])  # NS really passed A in deal 5
    body = assert_problem(response, 422, "later_deal_conflict")
    assert (body["deal"], body["reason"]) == (6, "match_over")
    assert [d["version"] for d in keeper.get(deals_url(match)).json()] == [1] * 6  # nothing written


def test_the_body_names_the_deal_of_the_url_or_none(three, keeper):
    response = keeper.put(
        deal_url(three, 2), {"number": 3, "finishing_order": ["N", "W", "S"]}, format="json"
    )
    assert_problem(response, 400, "invalid")
    assert field_errors(response) == {"number": "invalid"}


def test_a_deal_that_was_never_posted_is_not_corrected(three, keeper):
    body = assert_problem(correct(keeper, three, 4, finishing_order=["N", "S"]), 404, "deal_not_posted")
    assert body["expected"] == 4


def test_g5_a_correction_is_checked_like_a_post(three, keeper):
    response = correct(keeper, three, 2, finishing_order=["N", "E"])
    assert_problem(response, 400, "finishing_order_incomplete")


# ---- voiding deals from N on ------------------------------------------------------------------------
def test_voided_deals_stay_in_the_history_and_leave_the_record(three, keeper, referee):
    response = void(keeper, three, 2, note="posted for the wrong table")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert [(d["number"], d["status"]) for d in body["voided"]] == [(2, "voided"), (3, "voided")]
    assert body["state"]["levels"] == {"NS": "5", "EW": "2"}
    assert [d["number"] for d in keeper.get(deals_url(three)).json()] == [1]
    history = referee.get(deals_url(three), {"history": "true"}).json()
    assert [(d["number"], d["version"], d["status"]) for d in history] == [
        (1, 1, "current"),
        (2, 1, "voided"),
        (3, 1, "voided"),
    ]
    assert {d["void_note"] for d in history[1:]} == {"posted for the wrong table"}
    assert {d["voided_by"] for d in history[1:]} == {keeper.user.username}


def test_voided_deals_are_posted_again_as_new_versions(three, keeper):
    void(keeper, three, 2)
    body = post_deals(keeper, three, [["N", "W", "S"]], start=2)
    assert (body["deal"]["number"], body["deal"]["version"], body["deal"]["corrects"]) == (2, 2, 1)
    assert levels(keeper, three) == ["5/2", "7/2"]


def test_voiding_twice_changes_nothing(three, keeper):
    void(keeper, three, 2)
    again = void(keeper, three, 2)
    assert (again.status_code, again.json()["voided"]) == (200, [])
    assert Deal.objects.filter(match=three, status=DealStatus.VOIDED).count() == 2


def test_the_history_is_for_the_events_staff(three, keeper, api_client):
    void(keeper, three, 3)
    public = api_client.get(deals_url(three), {"history": "true"}).json()
    assert [(d["number"], d["status"]) for d in public] == [(1, "current"), (2, "current")]


# ---- who may correct deals -------------------------------------------------------------------------
def test_a_scorekeeper_corrects_no_deal_once_a_result_is_submitted(play, keeper, referee):
    match = play["matches"][0]
    post_deals(keeper, match, NS_SWEEP)
    keeper.post(result_url(match), {}, format="json")
    assert_problem(correct(keeper, match, 2, finishing_order=["N", "W", "S"]), 403, "referee_required")
    assert_problem(void(keeper, match, 5), 403, "referee_required")
    assert void(referee, match, 5).status_code == 200


def test_the_table_token_corrects_its_own_deals(three, table_1):
    assert correct(table_1, three, 2, finishing_order=["N", "W", "S"]).status_code == 201


def test_a_scorekeeper_corrects_no_deal_of_a_closed_round(three, keeper, referee):
    round_ = three.round
    round_.status, round_.closed_at = RoundStatus.CLOSED, timezone.now()
    round_.save()
    assert_problem(correct(keeper, three, 2, finishing_order=["N", "W", "S"]), 403, "round_closed")
    assert correct(referee, three, 2, finishing_order=["N", "W", "S"]).status_code == 201


def test_after_the_correction_period_only_the_chief_referee_corrects_deals(three, referee, chief):
    round_ = three.round
    round_.status, round_.closed_at = RoundStatus.CLOSED, timezone.now() - datetime.timedelta(hours=1)
    round_.save()
    assert_problem(void(referee, three, 3), 403, "correction_period_over")
    assert void(chief, three, 3).status_code == 200


def test_a_deal_correction_leaves_the_results_alone(play, keeper, referee):
    match = play["matches"][0]
    post_deals(keeper, match, NS_SWEEP)
    keeper.post(result_url(match), {}, format="json")
    referee.post(result_url(match, "/confirm"), {}, format="json")
    void(referee, match, 4)
    official = referee.get(result_url(match)).json()["official"]
    assert (official["version"], official["levels"]) == (1, {"NS": "A+", "EW": "2"})


def test_deal_corrections_are_audited(three, keeper, referee):
    correct(keeper, three, 2, finishing_order=["N", "W", "S"])
    void(keeper, three, 3)
    updates = AuditEntry.objects.filter(content_type__model="deal", action=AuditEntry.Action.UPDATE)
    statuses = sorted(tuple(entry.changes["status"]) for entry in updates)
    assert statuses == [("current", "replaced"), ("current", "replaced"), ("current", "voided")]
    listed = referee.get(f"{API}/events/{three.round.event.slug}/audit/", {"model": "deal"}).json()
    assert {entry["actor"] for entry in listed["results"]} == {keeper.user.username}


# ---- the level sheet instead of the deals --------------------------------------------------------
def test_a_table_that_went_on_on_paper_is_scored_by_a_referee_who_sets_the_deals_aside(play, keeper, referee):
    match = play["matches"][0]
    post_deals(keeper, match, NS_SWEEP[:3])  # then the phone died
    assert_problem(
        referee.post(result_url(match), {**SHEET, "confirm": True}, format="json"), 422, "match_not_finished"
    )
    response = referee.post(
        result_url(match), {**SHEET, "set_aside_deals": True, "confirm": True}, format="json"
    )
    assert response.status_code == 201, response.json()
    official = response.json()["official"]
    assert (official["source"], official["set_aside_deals"], official["levels"]) == (
        "levels",
        True,
        {"NS": "A+", "EW": "K"},
    )
    assert Deal.objects.filter(match=match, status=DealStatus.CURRENT).count() == 3  # set aside, not deleted


def test_a_referees_correction_sets_wrongly_posted_deals_aside(play, keeper, other_keeper, referee):
    match = play["matches"][0]
    post_deals(keeper, match, NS_SWEEP)
    keeper.post(result_url(match), {"side": "NS"}, format="json")
    other_keeper.post(result_url(match), {"side": "EW"}, format="json")  # confirmed: A+ against 2
    correction = {"corrects": 1, **SHEET}
    assert_problem(referee.post(result_url(match), correction, format="json"), 422, "contradicts_deals")
    body = referee.post(result_url(match), {**correction, "set_aside_deals": True}, format="json").json()
    assert (body["official"]["version"], body["official"]["set_aside_deals"]) == (2, True)
    assert MatchResult.objects.get(match=match, version=2).deals_set_aside


def test_only_a_referee_sets_the_deals_aside(play, keeper):
    match = play["matches"][0]
    post_deals(keeper, match, NS_SWEEP[:3])
    response = keeper.post(result_url(match), {**SHEET, "set_aside_deals": True}, format="json")
    assert_problem(response, 403, "referee_required")
    assert field_errors(response) == {"set_aside_deals": "referee_required"}


def test_setting_the_deals_aside_goes_with_the_level_sheet(play, keeper, referee):
    match = play["matches"][0]
    post_deals(keeper, match, NS_SWEEP)
    response = referee.post(result_url(match), {"set_aside_deals": True}, format="json")
    assert_problem(response, 400, "sheet_required")
    assert field_errors(response) == {"set_aside_deals": "sheet_required"}


def test_g9_an_event_that_scores_every_deal_cannot_set_its_deals_aside(play, keeper, referee):
    event = play["event"]
    event.match_points = {"method": "deal_points"}
    event.save()
    match = play["matches"][0]
    post_deals(keeper, match, NS_SWEEP[:3])
    response = referee.post(result_url(match), {**SHEET, "set_aside_deals": True}, format="json")
    assert_problem(response, 422, "deals_required")


def test_a_referee_corrects_a_deal_then_the_result_follows_the_deals(play, keeper, other_keeper, referee):
    match = play["matches"][0]
    post_deals(keeper, match, NS_SWEEP)
    keeper.post(result_url(match), {"side": "NS"}, format="json")
    other_keeper.post(result_url(match), {"side": "EW"}, format="json")
    void(referee, match, 5)
    post_deals(referee, match, [["N", "W", "E"], ["N", "S"]], start=5)  # 1-4 at A fails, then passes
    body = referee.post(result_url(match), {"corrects": 1}, format="json").json()
    assert (body["official"]["version"], body["official"]["deals_played"]) == (2, 6)


def test_a_null_play_is_a_400_not_a_server_error(three, keeper):
    body = {"finishing_order": ["N", "S"], "hands": {}, "leader": "N", "plays": [None, None]}
    for response in (
        correct(keeper, three, 2, **body),
        keeper.post(deals_url(three), {"number": 4, **body}, format="json"),
    ):
        assert_problem(response, 400, "null")
        assert field_errors(response) == {"plays.0": "null"}


def test_the_history_flag_is_true_or_false(three, referee):
    assert_problem(referee.get(deals_url(three), {"history": "maybe"}), 400, "invalid")
    assert len(referee.get(deals_url(three), {"history": "false"}).json()) == 3
