"""A result follows the rulings that change it, whatever its state (G12, issue 22, docs/referees.md §2):
a result waiting for confirmation is replaced by the one the rulings give, a level sheet takes the
level changes ruled after it was entered, a forfeit takes none, and an award decides a forfeited match."""

from __future__ import annotations

import pytest

from scoring.models import Webhook, WebhookDelivery
from tests.referee.incidents.conftest import API, incidents_url, offence, report, rule, ruled, standings
from tests.scoring.conftest import post_deals, result_url
from tests.tournaments.conftest import assert_problem, role_client
from tournaments.models import MatchStatus, Role

pytestmark = pytest.mark.django_db

FOUR_DEALS = [["W", "N", "E"], ["N", "S"], ["E", "S", "W"], ["S", "W", "N"]]  # NS 7 : EW 6


@pytest.fixture
def four_deals(play):
    """An event of 4-deal matches (G8 deal_count) scored on the 28-point level table."""
    event = play["event"]
    event.match_format, event.deal_limit = "deal_count", 4
    event.match_points = {"method": "level_table", "scale": 28}
    event.save()
    return play


def points(client, event, match) -> tuple[float, float]:
    rows = {row["pair"]["id"]: row for row in standings(client, event)["rows"]}
    return rows[match.ns_pair_id]["match_points"], rows[match.ew_pair_id]["match_points"]


def result(client, match) -> dict:
    response = client.get(result_url(match))
    assert response.status_code == 200
    return response.json()


def versions(client, match) -> list[tuple[int, str]]:
    return [(v["version"], v["status"]) for v in result(client, match)["versions"]]


# ---- a result waiting for confirmation ------------------------------------------------------------
def test_g12_a_level_penalty_replaces_a_result_waiting_for_confirmation(
    four_deals, referee, table_1, organizer
):
    event, match = four_deals["event"], four_deals["matches"][0]
    Webhook.objects.create(event=event, url="http://127.0.0.1:9/hook", events=["result.confirmed"])
    post_deals(table_1, match, FOUR_DEALS)
    assert table_1.post(result_url(match), {}, format="json").status_code == 201  # v1: NS 7 : EW 6
    incident = report(table_1, event, match, "hidden_card", seat="N", deal=4)
    (ruling,) = ruled(referee, event, incident)["rulings"]  # EW +1 after the last deal: 7 : 7
    assert versions(table_1, match) == [(1, "superseded"), (2, "submitted")]
    pending = result(table_1, match)["versions"][-1]
    cause = {"ruling": ruling["id"], "incident": incident["id"], "change": "ruled"}
    assert (pending["levels"], pending["corrects"], pending["cause"]) == ({"NS": "7", "EW": "7"}, 1, cause)
    stale = table_1.post(result_url(match, "/confirm"), {"version": 1}, format="json")
    assert_problem(stale, 409, "version_conflict")
    confirmed = table_1.post(result_url(match, "/confirm"), {}, format="json")  # the ruled total
    assert confirmed.status_code == 200, confirmed.json()
    official = confirmed.json()["official"]
    assert (official["version"], official["levels"], official["draw"]) == (2, {"NS": "7", "EW": "7"}, True)
    assert points(organizer, event, match) == (14, 14)
    last = WebhookDelivery.objects.filter(event_type="result.confirmed").order_by("id").last()
    assert (last.payload["data"]["version"], last.payload["data"]["cause"]) == (2, cause)


def test_g12_a_ruling_that_leaves_a_pending_result_as_it_was_keeps_it(four_deals, referee, table_1):
    event, match = four_deals["event"], four_deals["matches"][0]
    post_deals(table_1, match, FOUR_DEALS)
    assert table_1.post(result_url(match), {}, format="json").status_code == 201
    offence(referee, event, match, "slow_play", seat="E")
    assert versions(table_1, match) == [(1, "submitted")]


# ---- a result read off the level sheet ---------------------------------------------------------------
def test_g12_a_level_penalty_moves_a_level_sheet_result_and_its_cancellation_restores_it(
    four_deals, referee, chief, table_1, organizer
):
    event, match = four_deals["event"], four_deals["matches"][0]
    sheet = {"levels": {"NS": "7", "EW": "6"}, "deals_played": 4, "confirm": True}
    assert referee.post(result_url(match), sheet, format="json").status_code == 201
    assert points(organizer, event, match) == (15, 13)
    incident = report(table_1, event, match, "hidden_card", seat="N", deal=4)
    (ruling,) = ruled(referee, event, incident)["rulings"]  # EW +1 on the sheet's final levels
    official = result(table_1, match)["official"]
    assert (official["source"], official["levels"], official["draw"]) == (
        "levels",
        {"NS": "7", "EW": "7"},
        True,
    )
    assert (official["version"], official["cause"]["ruling"]) == (2, ruling["id"])
    assert points(organizer, event, match) == (14, 14)
    cancel = chief.post(f"{API}/penalties/{ruling['penalties'][0]['id']}/cancel", {"reason": "no card"})
    assert cancel.status_code == 200, cancel.json()
    official = result(table_1, match)["official"]
    assert (official["version"], official["levels"], official["winner"]) == (3, {"NS": "7", "EW": "6"}, "NS")
    assert points(organizer, event, match) == (15, 13)


def test_g12_a_level_change_the_sheet_holds_and_withdrawn_later_is_taken_off_its_levels(
    four_deals, referee, chief, table_1, organizer
):
    event, match = four_deals["event"], four_deals["matches"][0]
    (penalty,) = offence(referee, event, match, "hidden_card", seat="N")["penalties"]  # EW +1 in play
    sheet = {"levels": {"NS": "7", "EW": "7"}, "deals_played": 4, "confirm": True}  # the table wrote it
    assert referee.post(result_url(match), sheet, format="json").status_code == 201
    offence(referee, event, match, "slow_play", seat="E")  # nothing the sheet lacks: it stands
    assert versions(table_1, match) == [(1, "confirmed")]
    assert points(organizer, event, match) == (14, 14)
    cancel = chief.post(f"{API}/penalties/{penalty['id']}/cancel", {"reason": "the card was on the floor"})
    assert cancel.status_code == 200, cancel.json()
    official = result(table_1, match)["official"]
    assert (official["version"], official["levels"], official["winner"]) == (2, {"NS": "7", "EW": "6"}, "NS")
    assert official["cause"]["change"] == "cancelled"
    assert points(organizer, event, match) == (15, 13)


# ---- a forfeit ---------------------------------------------------------------------------------------
def test_g12_a_level_penalty_on_a_forfeited_match_is_refused(play, referee, table_1):
    event, match = play["event"], play["matches"][0]
    assert referee.post(result_url(match), {"forfeit": {"side": "NS"}}, format="json").status_code == 201
    incident = report(table_1, event, match, "hidden_card", seat="E")
    body = assert_problem(rule(referee, event, incident), 409, "match_over")
    assert "forfeit" in body["detail"]
    points_ruling = {
        "effects": [{"kind": "match_points", "to": "offender", "amount": -1}],
        "override_reason": "x",
    }
    assert rule(referee, event, incident, **points_ruling).status_code == 201


def test_g12_an_award_decides_a_forfeited_match_and_overturned_gives_the_forfeit_back(
    play, referee, chief, table_1, organizer
):
    event, match = play["event"], play["matches"][0]
    assert referee.post(result_url(match), {"forfeit": {"side": "NS"}}, format="json").status_code == 201
    forfeit = points(organizer, event, match)
    incident = report(table_1, event, match, "partner_talk", side="EW")
    award = {"effects": [{"kind": "match_awarded", "to": "opponents"}], "override_reason": "EW talked"}
    ruled(chief, event, incident, **award)
    match.refresh_from_db()
    assert (match.status, match.winner_id) == (MatchStatus.CONFIRMED, match.ns_pair_id)
    ns, ew = points(organizer, event, match)
    assert ns > ew
    response = table_1.post(incidents_url(event, f"{incident['id']}/appeal"), {"side": "EW"}, format="json")
    assert response.status_code == 201
    decision = {"decision": "overturn", "reason": "no talk"}
    assert (
        chief.post(incidents_url(event, f"{incident['id']}/decide"), decision, format="json").status_code
        == 200
    )
    match.refresh_from_db()
    assert match.winner_id == match.ew_pair_id
    assert points(organizer, event, match) == forfeit


def test_g12_overturning_the_ruling_a_forfeit_result_recorded_restores_the_result_it_corrected(
    four_deals, referee, chief, table_1, organizer
):
    event, match = four_deals["event"], four_deals["matches"][0]
    post_deals(table_1, match, FOUR_DEALS)
    assert referee.post(result_url(match), {"confirm": True}, format="json").status_code == 201  # 7 : 6
    incident = report(table_1, event, match, "player_change", side="NS")
    ruled(chief, event, incident)  # NS forfeit: EW win
    forfeit = {"forfeit": {"side": "NS"}, "corrects": 1}
    assert referee.post(result_url(match), forfeit, format="json").status_code == 201  # it records it
    assert result(table_1, match)["official"]["source"] == "forfeit"
    appealed = table_1.post(incidents_url(event, f"{incident['id']}/appeal"), {"side": "NS"}, format="json")
    assert appealed.status_code == 201
    decision = {"decision": "overturn", "reason": "the player was registered"}
    decided = chief.post(incidents_url(event, f"{incident['id']}/decide"), decision, format="json")
    assert decided.status_code == 200, decided.json()
    official = result(table_1, match)["official"]
    assert (official["version"], official["source"], official["levels"]) == (
        3,
        "deals",
        {"NS": "7", "EW": "6"},
    )
    assert official["cause"]["change"] == "decided"
    match.refresh_from_db()
    assert match.winner_id == match.ns_pair_id
    assert points(organizer, event, match) == (15, 13)


def test_g12_cancelling_the_ruling_a_forfeit_result_recorded_leaves_the_match_without_result(
    play, chief, table_1, organizer
):
    event, match = play["event"], play["matches"][0]
    (penalty,) = offence(chief, event, match, "player_change", side="NS")["penalties"]
    assert chief.post(result_url(match), {"forfeit": {"side": "NS"}}, format="json").status_code == 201
    cancel = chief.post(f"{API}/penalties/{penalty['id']}/cancel", {"reason": "registered"}, format="json")
    assert cancel.status_code == 200, cancel.json()
    answer = result(table_1, match)
    assert (answer["official"], [v["status"] for v in answer["versions"]]) == (None, ["superseded"])
    match.refresh_from_db()
    assert (match.status, match.winner_id) == (MatchStatus.SCHEDULED, None)
    assert (
        table_1.post(
            f"{API}/matches/{match.pk}/deals/", {"number": 1, "finishing_order": ["N", "S"]}, format="json"
        ).status_code
        == 201
    )


def test_g12_a_forfeit_entered_without_a_ruling_stays_when_a_ruling_is_withdrawn(
    play, referee, chief, table_1
):
    event, match = play["event"], play["matches"][0]
    assert referee.post(result_url(match), {"forfeit": {"side": "NS"}}, format="json").status_code == 201
    (penalty,) = offence(chief, event, match, "player_change", side="EW")["penalties"]  # decided for NS
    cancel = chief.post(f"{API}/penalties/{penalty['id']}/cancel", {"reason": "registered"}, format="json")
    assert cancel.status_code == 200, cancel.json()
    assert [(v["version"], v["status"]) for v in result(table_1, match)["versions"]] == [(1, "confirmed")]
    match.refresh_from_db()
    assert match.winner_id == match.ew_pair_id


def test_g12_a_ruling_on_a_disputed_result_keeps_which_side_claimed_what(
    four_deals, referee, keeper, table_1
):
    """Issue 35 item 8: each side's version read again by the ruling is still that side's."""
    event, match = four_deals["event"], four_deals["matches"][0]
    other = role_client(event, Role.SCOREKEEPER)
    ns = {"side": "NS", "levels": {"NS": "7", "EW": "6"}, "deals_played": 4}
    ew = {"side": "EW", "levels": {"NS": "7", "EW": "4"}, "deals_played": 4}
    assert keeper.post(result_url(match), ns, format="json").status_code == 201
    assert other.post(result_url(match), ew, format="json").json()["status"] == "disputed"
    ruled(referee, event, report(table_1, event, match, "hidden_card", seat="N", deal=4))
    live = [v for v in result(table_1, match)["versions"] if v["status"] != "superseded"]
    assert sorted((v["side"], v["levels"]["EW"], v["status"]) for v in live) == [
        ("EW", "5", "disputed"),
        ("NS", "7", "disputed"),
    ]
    assert all(v["cause"] for v in live)


def test_g12_a_side_read_again_into_the_other_sides_old_claim_does_not_confirm_it(
    four_deals, referee, keeper, table_1
):
    """Issue 35: EW's sheet read again with the ruling (EW +1: 7 : 5) equals what NS claimed before
    the ruling; NS's claim is read again too (7 : 6), so the dispute stays for a referee to settle."""
    event, match = four_deals["event"], four_deals["matches"][0]
    other = role_client(event, Role.SCOREKEEPER)
    ns = {"side": "NS", "levels": {"NS": "7", "EW": "5"}, "deals_played": 4}
    ew = {"side": "EW", "levels": {"NS": "7", "EW": "4"}, "deals_played": 4}
    assert keeper.post(result_url(match), ns, format="json").status_code == 201
    assert other.post(result_url(match), ew, format="json").json()["status"] == "disputed"
    ruled(referee, event, report(table_1, event, match, "hidden_card", seat="N", deal=4))
    live = [v for v in result(table_1, match)["versions"] if v["status"] != "superseded"]
    assert sorted((v["side"], v["levels"]["EW"], v["status"]) for v in live) == [
        ("EW", "5", "disputed"),
        ("NS", "6", "disputed"),
    ]
    match.refresh_from_db()
    assert (match.status, match.winner_id) == (MatchStatus.DISPUTED, None)
