"""What needs the chief referee (G12, issue 22): a ruling that decides a match (provisional, flagged
for review, marked in the standings), a ruling that reaches a closed round after its correction
period, and the official result read again when a ruling changes what it was computed from."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from scoring.models import MatchResult, Webhook, WebhookDelivery
from tests.referee.incidents.conftest import (
    API,
    incidents_url,
    offence,
    report,
    rule,
    ruled,
    standings,
    state,
)
from tests.scoring.conftest import post_deals, result_url
from tests.tournaments.conftest import assert_problem, confirm
from tournaments.models import MatchStatus, RoundStatus

pytestmark = pytest.mark.django_db


def decide(client, event, incident: dict, decision: str, **body):
    response = client.post(
        incidents_url(event, f"{incident['id']}/decide"),
        {"decision": decision, "reason": "the chief referee saw it", **body},
        format="json",
    )
    assert response.status_code == 200, response.json()
    return response.json()


def appeal(client, event, incident: dict, side: str) -> dict:
    response = client.post(incidents_url(event, f"{incident['id']}/appeal"), {"side": side}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def points(table: dict, match) -> tuple[float, float]:
    rows = {row["pair"]["id"]: row for row in table["rows"]}
    return rows[match.ns_pair_id]["match_points"], rows[match.ew_pair_id]["match_points"]


def provisional(table: dict, match) -> tuple[list[int], bool, bool]:
    rows = {row["pair"]["id"]: row for row in table["rows"]}
    return (
        [entry["match"] for entry in table["provisional"]],
        rows[match.ns_pair_id]["provisional"],
        rows[match.ew_pair_id]["provisional"],
    )


def third_hidden_card(client, event, match) -> dict:
    """Two hidden cards by N ruled by the referee, the third ruled by ``client``: the incident."""
    for _ in range(2):
        offence(client, event, match, "hidden_card", seat="N")
    incident = report(client, event, match, "hidden_card", seat="N")
    return ruled(client, event, incident)


# ---- a ruling that decides a match goes to the chief referee ----------------------------------------
def test_g12_a_referees_award_takes_effect_provisionally_flagged_for_the_chief_referee(
    play, referee, organizer
):
    event, match = play["event"], play["matches"][0]
    answer = third_hidden_card(referee, event, match)
    ruling = answer["rulings"][-1]
    assert ruling["effects"] == [{"kind": "match_awarded", "to": "opponents"}]
    assert (ruling["flagged"], ruling["overrides_table"]) == (True, False)
    match.refresh_from_db()
    assert (match.status, match.winner_id) == (MatchStatus.CONFIRMED, match.ew_pair_id)
    assert provisional(standings(organizer, event), match) == ([match.pk], True, True)
    other = play["matches"][1]
    assert provisional(standings(organizer, event), other)[1:] == (False, False)


def test_g12_a_referees_late_arrival_forfeit_is_flagged_for_the_chief_referee(play, referee, organizer):
    event, match = play["event"], play["matches"][0]
    incident = report(referee, event, match, "late_arrival", side="EW")
    (ruling,) = ruled(referee, event, incident, minutes_late=11)["rulings"]
    assert ([e["kind"] for e in ruling["effects"]], ruling["flagged"]) == (["forfeit"], True)
    assert provisional(standings(organizer, event), match) == ([match.pk], True, True)


def test_g12_a_referees_warning_is_not_for_the_chief_referee(play, referee, organizer):
    event, match = play["event"], play["matches"][0]
    incident = report(referee, event, match, "late_arrival", side="EW")
    (ruling,) = ruled(referee, event, incident, minutes_late=5)["rulings"]
    assert ([e["kind"] for e in ruling["effects"]], ruling["flagged"]) == (["warning"], False)
    assert provisional(standings(organizer, event), match) == ([], False, False)


def test_g12_the_chief_referees_own_award_takes_effect_at_once(play, chief, organizer):
    event, match = play["event"], play["matches"][0]
    ruling = third_hidden_card(chief, event, match)["rulings"][-1]
    assert (ruling["effects"][0]["kind"], ruling["flagged"]) == ("match_awarded", False)
    assert provisional(standings(organizer, event), match) == ([], False, False)


def test_g12_the_chief_referee_upholding_an_award_makes_it_final(play, referee, chief, organizer):
    event, match = play["event"], play["matches"][0]
    incident = third_hidden_card(referee, event, match)
    report(referee, event, match, "slow_play", seat="E")  # waits for a referee, not for the chief referee
    waiting = incidents_url(event, "?waits=chief_referee")
    assert [row["id"] for row in chief.get(waiting).json()["results"]] == [incident["id"]]
    awarded = points(standings(organizer, event), match)
    body = decide(chief, event, incident, "uphold")
    assert chief.get(waiting).json()["count"] == 0
    assert (body["status"], body["rulings"][-1]["flagged"], body["appeals"][0]["side"]) == (
        "decided",
        False,
        "",
    )
    table = standings(organizer, event)
    assert provisional(table, match) == ([], False, False)
    assert points(table, match) == awarded


def test_g12_the_chief_referee_overturning_an_award_gives_the_match_back(play, referee, chief, organizer):
    event, match = play["event"], play["matches"][0]
    before = standings(organizer, event)["rows"]
    incident = third_hidden_card(referee, event, match)
    decide(chief, event, incident, "overturn")
    match.refresh_from_db()
    assert (match.status, match.winner_id) != (MatchStatus.CONFIRMED, match.ew_pair_id)
    assert standings(organizer, event)["rows"] == before


def test_g12_an_appeal_makes_the_result_provisional_until_the_chief_referee_decides(
    play, referee, chief, table_1, organizer
):
    event, match = play["event"], play["matches"][0]
    confirm(match, match.ns_pair)
    incident = report(referee, event, match, "slow_play", seat="N")
    ruled(referee, event, incident)
    version = standings(organizer, event)["results_version"]
    appeal(table_1, event, incident, "NS")
    table = standings(organizer, event)
    assert table["results_version"] > version
    assert provisional(table, match) == ([match.pk], True, True)
    decide(chief, event, incident, "uphold")
    assert provisional(standings(organizer, event), match) == ([], False, False)


def test_g12_the_chief_referee_cancelling_a_referees_forfeit_settles_its_referral(
    play, referee, chief, organizer
):
    event, match = play["event"], play["matches"][0]
    (penalty,) = offence(referee, event, match, "player_change", side="NS")["penalties"]
    cancel = chief.post(f"{API}/penalties/{penalty['id']}/cancel", {"reason": "registered"}, format="json")
    assert cancel.status_code == 200, cancel.json()
    assert provisional(standings(organizer, event), match) == ([], False, False)


# ---- after the correction period, only the chief referee changes a round -----------------------------
def _closed(play, minutes_ago: int) -> None:
    round_ = play["round"]
    round_.status, round_.closed_at = (
        RoundStatus.CLOSED,
        timezone.now() - datetime.timedelta(minutes=minutes_ago),
    )
    round_.save()


def test_g12_after_the_correction_period_a_referee_cannot_rule_a_closed_rounds_standings(
    play, referee, chief, organizer
):
    event, match = play["event"], play["matches"][0]
    confirm(match, None)
    _closed(play, minutes_ago=31)  # the event's correction period is 30 minutes
    before = standings(organizer, event)
    for _ in range(3):  # warnings reach no result: any referee records them
        ruling = offence(referee, event, match, "illegal_signal", side="NS")
        assert [effect["kind"] for effect in ruling["effects"]] == ["warning"]
    fourth = report(referee, event, match, "illegal_signal", side="NS")
    assert_problem(rule(referee, event, fourth), 403, "correction_period_over")
    after = standings(organizer, event)
    assert (after["rows"], after["results_version"]) == (before["rows"], before["results_version"] + 3)
    (ruling,) = ruled(chief, event, fourth)["rulings"]
    assert ruling["effects"] == [{"kind": "match_points", "to": "offender", "amount": -1}]
    ns, ew = points(standings(organizer, event), match)
    assert (ns, ew) == (points(before, match)[0] - 1, points(before, match)[1])


def test_g12_within_the_correction_period_a_referee_rules_a_closed_rounds_standings(play, referee, organizer):
    event, match = play["event"], play["matches"][0]
    confirm(match, None)
    _closed(play, minutes_ago=5)
    for _ in range(4):
        ruling = offence(referee, event, match, "illegal_signal", side="NS")
    assert ruling["effects"] == [{"kind": "match_points", "to": "offender", "amount": -1}]


def test_g12_after_the_correction_period_a_referee_cannot_award_a_closed_rounds_match(play, referee):
    event, match = play["event"], play["matches"][0]
    for _ in range(2):
        offence(referee, event, match, "hidden_card", seat="N")
    _closed(play, minutes_ago=31)
    incident = report(referee, event, match, "hidden_card", seat="N")
    assert_problem(rule(referee, event, incident), 403, "correction_period_over")
    match.refresh_from_db()
    assert match.status != MatchStatus.CONFIRMED


# ---- a result follows the rulings that change it ------------------------------------------------------
@pytest.fixture
def timed(play):
    """Table 1 of a timed event scored on the 28-point level table: deals W,N,E and N,S; N's hidden
    card ruled by the referee (EW +1 and on stage); deals E,S,W and S,W,N; the clock ran out."""
    event = play["event"]
    event.match_format, event.time_limit_minutes = "time_limit", 40
    event.match_points = {"method": "level_table", "scale": 28}
    event.save()
    return play


def _played_and_confirmed(timed, referee, table_1) -> dict:
    event, match = timed["event"], timed["matches"][0]
    post_deals(table_1, match, [["W", "N", "E"], ["N", "S"]])
    incident = report(table_1, event, match, "hidden_card", seat="N", deal=2)
    ruled(referee, event, incident)
    post_deals(table_1, match, [["E", "S", "W"], ["S", "W", "N"]], start=3)
    response = referee.post(result_url(match), {"time_up": True, "confirm": True}, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["official"]["levels"] == {"NS": "7", "EW": "7"}
    return incident


def test_g12_an_overturned_level_penalty_changes_the_confirmed_result_and_the_standings(
    timed, referee, chief, table_1, organizer
):
    event, match = timed["event"], timed["matches"][0]
    Webhook.objects.create(event=event, url="http://127.0.0.1:9/hook", events=["result.confirmed"])
    incident = _played_and_confirmed(timed, referee, table_1)
    assert points(standings(organizer, event), match) == (14, 14)
    appeal(table_1, event, incident, "NS")
    decided = decide(chief, event, incident, "overturn")
    assert state(table_1, match)["levels"] == {"NS": "7", "EW": "6"}
    official = table_1.get(result_url(match)).json()["official"]
    assert (official["levels"], official["winner"], official["corrects"]) == ({"NS": "7", "EW": "6"}, "NS", 1)
    cause = {"ruling": decided["rulings"][-1]["id"], "incident": incident["id"], "change": "decided"}
    assert official["cause"] == cause
    assert points(standings(organizer, event), match) == (15, 13)
    last = WebhookDelivery.objects.filter(event_type="result.confirmed").order_by("id").last()
    assert (last.payload["data"]["version"], last.payload["data"]["cause"]) == (2, cause)
    audit = organizer.get(f"{API}/events/{event.slug}/audit/?model=matchresult").json()
    assert any(entry["changes"].get("cause") for entry in audit["results"])


def test_g12_a_cancelled_level_penalty_changes_the_confirmed_result(
    timed, referee, chief, table_1, organizer
):
    event, match = timed["event"], timed["matches"][0]
    incident = _played_and_confirmed(timed, referee, table_1)
    record = referee.get(incidents_url(event, f"{incident['id']}/")).json()
    (penalty,) = record["rulings"][-1]["penalties"]
    cancel = chief.post(
        f"{API}/penalties/{penalty['id']}/cancel", {"reason": "no card hidden"}, format="json"
    )
    assert cancel.status_code == 200, cancel.json()
    official = MatchResult.objects.get(match=match, status="confirmed")
    assert (official.version, official.winner, official.cause["change"]) == (2, "NS", "cancelled")
    assert points(standings(organizer, event), match) == (15, 13)


def test_g12_a_level_penalty_ruled_after_the_result_was_confirmed_changes_it(
    timed, referee, table_1, organizer
):
    event, match = timed["event"], timed["matches"][0]
    post_deals(table_1, match, [["W", "N", "E"], ["N", "S"], ["E", "S", "W"], ["S", "W", "N"]])
    response = referee.post(result_url(match), {"time_up": True, "confirm": True}, format="json")
    assert response.json()["official"]["levels"] == {"NS": "7", "EW": "6"}
    assert points(standings(organizer, event), match) == (15, 13)
    incident = report(table_1, event, match, "hidden_card", seat="N", deal=4)
    ruled(referee, event, incident)  # EW +1, found after the result was confirmed
    official = table_1.get(result_url(match)).json()["official"]
    assert (official["levels"], official["winner"], official["version"]) == ({"NS": "7", "EW": "7"}, None, 2)
    assert points(standings(organizer, event), match) == (14, 14)


def test_g12_a_ruling_that_leaves_the_result_as_it_was_writes_no_version(timed, referee, table_1):
    event, match = timed["event"], timed["matches"][0]
    _played_and_confirmed(timed, referee, table_1)
    offence(referee, event, match, "slow_play", seat="E")
    assert MatchResult.objects.filter(match=match).count() == 1


def test_g12_after_the_correction_period_a_referees_level_penalty_on_a_closed_round_is_refused(
    timed, referee, table_1
):
    event, match = timed["event"], timed["matches"][0]
    post_deals(table_1, match, [["W", "N", "E"], ["N", "S"]])
    assert (
        referee.post(result_url(match), {"time_up": True, "confirm": True}, format="json").status_code == 201
    )
    _closed(timed, minutes_ago=31)
    incident = report(referee, event, match, "hidden_card", seat="N")
    assert_problem(rule(referee, event, incident), 403, "correction_period_over")
    assert MatchResult.objects.filter(match=match).count() == 1


# ---- a match a ruling awarded takes no deals, until the award is overturned ---------------------------
def test_g12_a_referee_posts_no_deal_to_an_awarded_match_even_after_the_chief_upholds_it(
    play, referee, chief, table_1
):
    event, match = play["event"], play["matches"][0]
    incident = third_hidden_card(referee, event, match)
    decide(chief, event, incident, "uphold")
    response = referee.post(
        f"{API}/matches/{match.pk}/deals/", {"number": 1, "finishing_order": ["E", "W"]}, format="json"
    )
    assert_problem(response, 409, "match_closed")


def test_g12_a_referee_posts_deals_again_once_the_chief_overturns_the_award(play, referee, chief):
    event, match = play["event"], play["matches"][0]
    incident = third_hidden_card(referee, event, match)
    decide(chief, event, incident, "overturn")
    response = referee.post(
        f"{API}/matches/{match.pk}/deals/", {"number": 1, "finishing_order": ["E", "W"]}, format="json"
    )
    assert response.status_code == 201, response.json()


@pytest.fixture
def four_deals(play):
    """Table 1 of an event of 4-deal matches (G8 deal_count) scored on the 28-point level table."""
    event = play["event"]
    event.match_format, event.deal_limit = "deal_count", 4
    event.match_points = {"method": "level_table", "scale": 28}
    event.save()
    return play


def test_g12_a_hidden_card_found_after_a_confirmed_match_is_ruled_and_its_result_follows(
    four_deals, referee, table_1, organizer
):
    event, match = four_deals["event"], four_deals["matches"][0]
    post_deals(table_1, match, [["W", "N", "E"], ["N", "S"], ["E", "S", "W"], ["S", "W", "N"]])
    response = referee.post(result_url(match), {"confirm": True}, format="json")
    assert response.json()["official"]["levels"] == {"NS": "7", "EW": "6"}
    assert points(standings(organizer, event), match) == (15, 13)
    incident = report(table_1, event, match, "hidden_card", seat="N", deal=4)
    (ruling,) = ruled(referee, event, incident)["rulings"]  # EW +1 after the last deal
    assert ruling["penalties"][0]["after_deal"] == 4
    assert state(table_1, match)["levels"] == {"NS": "7", "EW": "7"}
    official = table_1.get(result_url(match)).json()["official"]
    assert (official["levels"], official["draw"], official["version"]) == ({"NS": "7", "EW": "7"}, True, 2)
    assert points(standings(organizer, event), match) == (14, 14)


def test_g12_a_level_penalty_after_a_match_won_by_passing_a_moves_the_losers_level_only(
    play, referee, table_1
):
    event, match = play["event"], play["matches"][0]
    post_deals(table_1, match, [["N", "S"]] * 5)  # NS pass A
    assert referee.post(result_url(match), {"confirm": True}, format="json").status_code == 201
    against_ns = report(table_1, event, match, "hidden_card", seat="E", deal=5)
    ruled(referee, event, against_ns)  # NS +1: a side that passed A stays where it is
    against_ew = report(table_1, event, match, "hidden_card", seat="N", deal=5)
    ruled(referee, event, against_ew)  # EW +1
    official = table_1.get(result_url(match)).json()["official"]
    assert (official["levels"], official["winner"], official["version"]) == ({"NS": "A+", "EW": "3"}, "NS", 2)


def test_g12_an_appeal_answers_its_status_and_the_chief_referees_decision(play, referee, chief, table_1):
    """docs/referees.md: an appeal's ``status`` (``overturned``) and ``decision`` (the reason written)."""
    event, match = play["event"], play["matches"][0]
    confirm(match, match.ns_pair)
    incident = report(referee, event, match, "slow_play", seat="N")
    ruled(referee, event, incident)
    lodged = appeal(table_1, event, incident, "NS")["appeals"][0]
    assert (lodged["status"], lodged["decision"], lodged["decided_by"]) == ("pending", "", None)
    decided = decide(chief, event, incident, "overturn")["appeals"][0]
    assert (decided["status"], decided["decision"]) == ("overturned", "the chief referee saw it")
    assert decided["decided_by"] == chief.user.username and decided["decided_at"]
