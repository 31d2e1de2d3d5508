"""``POST /matches/{id}/result`` and ``…/result/confirm``: double entry, disputes, corrections (G8).

scoring/services/results.py and outcome.py; the engine's tie.py and sheet.py decide the result.
"""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from scoring.models import MatchResult
from tests.scoring.conftest import EW_SWEEP, NS_SWEEP, deals_url, post_deals, result_url
from tests.tournaments.conftest import assert_problem, field_errors, role_client
from tournaments.models import MatchStatus, Role, RoundStatus

pytestmark = pytest.mark.django_db


def submit(client, match, **body):
    return client.post(result_url(match), body, format="json")


def confirm(client, match, **body):
    return client.post(result_url(match, "/confirm"), body, format="json")


@pytest.fixture
def played(play, keeper):
    """Table 1 played to its end: NS passed A in five deals."""
    match = play["matches"][0]
    post_deals(keeper, match, NS_SWEEP)
    return match


# ---- a result from the deals, and double entry ----------------------------------------------------
def test_g8_the_result_is_derived_from_the_posted_deals(played, keeper):
    response = submit(keeper, played, side="NS")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["status"] == "submitted"
    (version,) = body["versions"]
    assert (version["levels"], version["passed_a"]) == ({"NS": "A+", "EW": "2"}, {"NS": True, "EW": False})
    assert (version["deals_played"], version["level_difference"], version["winner"]) == (5, 13, "NS")
    assert version["source"] == "deals"
    played.refresh_from_db()
    assert played.status == MatchStatus.FINISHED


def test_a_result_becomes_official_when_the_other_side_agrees(played, play, keeper, other_keeper):
    submit(keeper, played, side="NS")
    response = submit(other_keeper, played, side="EW")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "confirmed"
    assert body["official"]["version"] == 1 and body["official"]["winner_pair"] == play["pairs"][0].pk
    played.refresh_from_db()
    assert (played.status, played.winner_id) == (MatchStatus.CONFIRMED, play["pairs"][0].pk)


def test_the_table_token_confirms_a_scorekeepers_result(played, keeper, table_1):
    submit(keeper, played, side="NS")
    assert confirm(table_1, played).json()["status"] == "confirmed"


def test_the_same_submission_again_changes_nothing(played, keeper):
    first = submit(keeper, played, side="NS").json()
    again = submit(keeper, played, side="NS")
    assert again.status_code == 200
    assert again.json() == first
    assert MatchResult.objects.filter(match=played).count() == 1


def test_a_confirmation_by_the_side_that_submitted_is_refused(played, keeper, other_keeper):
    submit(keeper, played, side="NS")
    assert_problem(confirm(other_keeper, played, side="NS"), 409, "same_side")
    assert_problem(confirm(keeper, played), 409, "same_side")
    assert_problem(submit(other_keeper, played, side="NS"), 409, "same_side")


def test_one_account_entering_both_sides_is_same_side(played, keeper):
    """Issue 23: one account submitting for NS and then the same result for EW got 200 and the
    result stayed submitted; it is no double entry, so 409 as /result/confirm answers."""
    submit(keeper, played, side="NS")
    assert_problem(submit(keeper, played, side="EW"), 409, "same_side")
    assert_problem(submit(keeper, played), 409, "same_side")
    assert MatchResult.objects.get(match=played).status == "submitted"


def test_a_referee_confirms_alone(played, keeper, referee):
    submit(keeper, played, side="NS")
    body = confirm(referee, played).json()
    assert body["status"] == "confirmed"
    assert body["official"]["confirmed_by"] == referee.user.username


def test_nothing_to_confirm_is_a_conflict(play, referee):
    assert_problem(confirm(referee, play["matches"][0]), 409, "no_result")


# ---- disputes ---------------------------------------------------------------------------------------
def test_two_differing_results_open_a_dispute_that_a_referee_settles(play, keeper, other_keeper, referee):
    match = play["matches"][1]  # the level sheet only: no deals posted
    submit(keeper, match, side="NS", levels={"NS": "A+", "EW": "K"}, deals_played=9)
    response = submit(other_keeper, match, side="EW", levels={"NS": "A+", "EW": "Q"}, deals_played=9)
    assert response.json()["status"] == "disputed"
    match.refresh_from_db()
    assert match.status == MatchStatus.DISPUTED
    disputes = referee.get(f"/api/v1/events/{play['event'].slug}/disputes/").json()["results"]
    assert [(d["match"]["id"], [v["levels"]["EW"] for v in d["versions"]]) for d in disputes] == [
        (match.pk, ["K", "Q"])
    ]
    body = confirm(referee, match, version=2).json()
    assert (body["status"], body["official"]["version"]) == ("confirmed", 2)
    assert [v["status"] for v in body["versions"]] == ["superseded", "confirmed"]
    assert referee.get(f"/api/v1/events/{play['event'].slug}/disputes/").json()["results"] == []


def test_a_disputing_side_that_agrees_after_all_confirms_the_other_version(play, keeper, other_keeper):
    match = play["matches"][1]
    submit(keeper, match, side="NS", levels={"NS": "A+", "EW": "K"}, deals_played=9)
    submit(other_keeper, match, side="EW", levels={"NS": "A+", "EW": "Q"}, deals_played=9)
    body = submit(
        other_keeper, match, side="EW", corrects=2, levels={"NS": "A+", "EW": "K"}, deals_played=9
    ).json()
    assert (body["status"], body["official"]["version"]) == ("confirmed", 1)


# ---- versions and corrections ---------------------------------------------------------------------
def test_a_correction_is_a_new_version_naming_the_one_it_corrects(play, keeper):
    match = play["matches"][1]
    submit(keeper, match, side="NS", levels={"NS": "A+", "EW": "K"}, deals_played=9)
    body = submit(keeper, match, side="NS", corrects=1, levels={"NS": "A+", "EW": "J"}, deals_played=9).json()
    assert [(v["version"], v["corrects"], v["status"]) for v in body["versions"]] == [
        (1, None, "superseded"),
        (2, 1, "submitted"),
    ]


def test_another_result_without_naming_the_version_is_a_conflict(play, keeper):
    match = play["matches"][1]
    submit(keeper, match, side="NS", levels={"NS": "A+", "EW": "K"}, deals_played=9)
    body = assert_problem(
        submit(keeper, match, side="NS", levels={"NS": "A+", "EW": "J"}, deals_played=9),
        409,
        "version_conflict",
    )
    assert body["stored"] == {"version": 1}


def test_a_stale_correction_is_a_conflict(play, keeper):
    match = play["matches"][1]
    submit(keeper, match, side="NS", levels={"NS": "A+", "EW": "K"}, deals_played=9)
    submit(keeper, match, side="NS", corrects=1, levels={"NS": "A+", "EW": "J"}, deals_played=9)
    response = submit(keeper, match, side="NS", corrects=1, levels={"NS": "A+", "EW": "Q"}, deals_played=9)
    assert_problem(response, 409, "version_conflict")


def test_the_same_correction_sent_again_changes_nothing(play, keeper):
    """Issue 23: the same result correction sent again without a key was 409 version_conflict while
    the same deal correction is 200; both are 200 with the same body now."""
    match = play["matches"][1]
    submit(keeper, match, side="NS", levels={"NS": "A+", "EW": "K"}, deals_played=9)
    correction = {"side": "NS", "corrects": 1, "levels": {"NS": "A+", "EW": "J"}, "deals_played": 9}
    first = submit(keeper, match, **correction)
    again = submit(keeper, match, **correction)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == first.json()
    assert MatchResult.objects.filter(match=match).count() == 2


def test_a_stale_if_match_is_412(play, keeper):
    match = play["matches"][1]
    etag = keeper.get(result_url(match))["ETag"]
    submit(keeper, match, side="NS", levels={"NS": "A+", "EW": "K"}, deals_played=9)
    response = keeper.post(
        result_url(match),
        {"side": "NS", "corrects": 1, "levels": {"NS": "A+", "EW": "J"}, "deals_played": 9},
        format="json",
        HTTP_IF_MATCH=etag,
    )
    assert_problem(response, 412, "precondition_failed")


def test_a_scorekeeper_cannot_correct_a_confirmed_result(played, keeper, referee):
    submit(keeper, played, side="NS")
    confirm(referee, played)
    response = submit(keeper, played, side="NS", corrects=1, levels={"NS": "A+", "EW": "3"}, deals_played=5)
    assert_problem(response, 403, "referee_required")


def test_a_referees_correction_of_an_official_result_is_official(play, keeper, referee):
    match = play["matches"][1]
    submit(keeper, match, levels={"NS": "A+", "EW": "K"}, deals_played=9, confirm=False)
    confirm(referee, match)
    body = submit(
        referee, match, corrects=1, levels={"NS": "K", "EW": "A+"}, deals_played=9, note="swapped"
    ).json()
    assert (body["official"]["version"], body["official"]["winner"], body["official"]["note"]) == (
        2,
        "EW",
        "swapped",
    )
    match.refresh_from_db()
    assert match.winner_id == match.ew_pair_id


def test_after_the_correction_period_only_the_chief_referee_corrects(play, keeper, referee, chief):
    match = play["matches"][1]
    other = play["matches"][0]
    for table in (match, other):
        submit(keeper, table, levels={"NS": "A+", "EW": "K"}, deals_played=9)
        confirm(referee, table)
    round_ = play["round"]
    round_.status, round_.closed_at = RoundStatus.CLOSED, timezone.now() - datetime.timedelta(minutes=31)
    round_.save()
    correction = {"corrects": 1, "levels": {"NS": "A+", "EW": "Q"}, "deals_played": 9}
    assert_problem(submit(referee, match, **correction), 403, "correction_period_over")
    assert submit(chief, match, **correction).json()["official"]["version"] == 2


def test_within_the_correction_period_a_referee_corrects_a_closed_round(play, keeper, referee):
    match = play["matches"][1]
    submit(keeper, match, levels={"NS": "A+", "EW": "K"}, deals_played=9)
    confirm(referee, match)
    round_ = play["round"]
    round_.status, round_.closed_at = RoundStatus.CLOSED, timezone.now() - datetime.timedelta(minutes=5)
    round_.save()
    correction = {"corrects": 1, "levels": {"NS": "A+", "EW": "Q"}, "deals_played": 9}
    assert submit(referee, match, **correction).status_code == 201
    assert_problem(
        submit(keeper, match, levels={"NS": "A+", "EW": "J"}, deals_played=9), 409, "result_confirmed"
    )


# ---- the level sheet and the rules of G8 -----------------------------------------------------------
def test_g8_a_through_a_sheet_without_a_passed_a_is_not_finished(play, keeper):
    response = submit(keeper, play["matches"][1], levels={"NS": "K", "EW": "Q"}, deals_played=9)
    assert_problem(response, 422, "match_not_finished")


def test_g8_impossible_levels_are_refused(play, keeper):
    response = submit(keeper, play["matches"][1], levels={"NS": "A+", "EW": "K"}, deals_played=3)
    assert_problem(response, 422, "impossible_levels")
    assert field_errors(response) == {"deals_played": "impossible_levels"}


def test_g8_a_sheet_that_contradicts_the_posted_deals_is_refused(played, keeper):
    response = submit(keeper, played, levels={"NS": "A+", "EW": "2"}, deals_played=6)
    assert_problem(response, 422, "contradicts_deals")
    assert submit(keeper, played, levels={"NS": "A+", "EW": "2"}, deals_played=5).status_code == 201


def test_g8_unfinished_deals_are_not_a_result(play, keeper):
    match = play["matches"][0]
    post_deals(keeper, match, NS_SWEEP[:2])
    assert_problem(submit(keeper, match), 422, "match_not_finished")


def test_g8_a_timed_match_is_decided_on_levels_when_time_is_up(play, keeper):
    event = play["event"]
    event.match_format, event.time_limit_minutes = "time_limit", 40
    event.save()
    match = play["matches"][0]
    post_deals(keeper, match, [["N", "S"], ["E", "N", "W"]])  # 5 / 4
    version = submit(keeper, match, time_up=True).json()["versions"][0]
    assert (version["winner"], version["end_reason"], version["level_difference"]) == ("NS", "time_limit", 1)


def test_g8_equal_levels_on_time_are_a_draw_by_default(play, keeper, other_keeper):
    event = play["event"]
    event.match_format = "time_limit"
    event.save()
    match = play["matches"][0]
    post_deals(keeper, match, [["N", "W", "S"], ["E", "S", "W"]])  # NS +1 = 3, EW +1 = 3
    submit(keeper, match, time_up=True, side="NS")
    body = submit(other_keeper, match, time_up=True, side="EW").json()
    assert (body["official"]["draw"], body["official"]["winner"]) == (True, None)
    match.refresh_from_db()
    assert (match.status, match.winner_id) == (MatchStatus.CONFIRMED, None)


def test_g8_a_knockout_match_must_produce_a_winner(play, keeper):
    from tests.tournaments.conftest import MatchFactory, RoundFactory, StageFactory
    from tournaments.models import StageKind

    event = play["event"]
    event.match_format = "deal_count"
    event.deal_limit = 8
    event.save()
    stage = StageFactory(event=event, kind=StageKind.KNOCKOUT)
    round_ = RoundFactory(event=event, stage=stage, number=2, status=RoundStatus.PUBLISHED)
    match = MatchFactory(round=round_, table=1, ns_pair=play["pairs"][0], ew_pair=play["pairs"][2])
    sheet = {"levels": {"NS": "9", "EW": "9"}, "deals_played": 8}
    assert_problem(submit(keeper, match, **sheet), 422, "winner_required")
    assert submit(keeper, match, **sheet, winner="EW").json()["versions"][0]["winner"] == "EW"


def test_g8_a_best_of_three_is_won_by_two_games(play, keeper, referee):
    match = play["matches"][0]
    match.best_of = 3
    match.save()
    state = post_deals(keeper, match, NS_SWEEP)["state"]
    assert (state["finished"], state["game"], state["games_won"]) == (False, 2, {"NS": 1, "EW": 0})
    state = post_deals(keeper, match, EW_SWEEP, start=6)["state"]
    assert state["games_won"] == {"NS": 1, "EW": 1}
    state = post_deals(keeper, match, NS_SWEEP, start=11)["state"]
    assert (state["finished"], state["winner"]) == (True, "NS")
    body = submit(keeper, match, confirm=False).json()
    assert [g["winner"] for g in body["versions"][0]["games"]] == ["NS", "EW", "NS"]
    assert confirm(referee, match).json()["official"]["winner_pair"] == match.ns_pair_id


# ---- forfeits, and what a result closes -------------------------------------------------------------
def test_g11_a_forfeit_is_a_referees_ruling_and_official_at_once(play, keeper, referee):
    match = play["matches"][1]
    assert_problem(submit(keeper, match, forfeit={"side": "EW"}), 403, "referee_required")
    body = submit(referee, match, forfeit={"side": "EW", "kind": "forfeit"}).json()
    assert (body["status"], body["official"]["winner"], body["official"]["forfeit"]) == (
        "confirmed",
        "NS",
        {"side": "EW", "kind": "forfeit"},
    )


def test_no_deal_is_added_once_a_result_was_submitted(played, keeper):
    submit(keeper, played)
    response = keeper.post(deals_url(played), {"number": 6, "finishing_order": ["N", "S"]}, format="json")
    assert_problem(response, 409, "result_submitted")


def test_a_scorekeeper_of_another_table_does_not_see_this_one(play):
    limited = role_client(play["event"], Role.SCOREKEEPER, tables=[2])
    response = submit(limited, play["matches"][0], levels={"NS": "A+", "EW": "K"}, deals_played=9)
    assert_problem(response, 404, "not_found")  # as for reads: another table's match is not there


def test_a_result_given_two_ways_is_refused(play, keeper):
    response = submit(
        keeper, play["matches"][1], levels={"NS": "A+", "EW": "K"}, deals_played=9, forfeit={"side": "EW"}
    )
    assert_problem(response, 400, "ambiguous_result")


def test_if_match_makes_a_submission_a_correction_of_the_version_read(play, keeper):
    match = play["matches"][1]
    submit(keeper, match, side="NS", levels={"NS": "A+", "EW": "K"}, deals_played=9)
    etag = keeper.get(result_url(match))["ETag"]
    body = keeper.post(
        result_url(match),
        {"side": "NS", "levels": {"NS": "A+", "EW": "J"}, "deals_played": 9},
        format="json",
        HTTP_IF_MATCH=etag,
    ).json()
    assert [(v["version"], v["corrects"], v["status"]) for v in body["versions"]] == [
        (1, None, "superseded"),
        (2, 1, "submitted"),
    ]
    again = keeper.post(
        result_url(match),
        {"side": "NS", "levels": {"NS": "A+", "EW": "10"}, "deals_played": 9},
        format="json",
        HTTP_IF_MATCH=etag,
    )
    assert_problem(again, 412, "precondition_failed")  # the version read was replaced in between
