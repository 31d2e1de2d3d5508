"""What the referee's desk asks the API (issue 34, docs/referees.md): the effects a ruling may apply
at a match — those the event's game and the table's shape allow — and what a ruling, a decision or a
cancellation would do to the result and the standings, before it is made, with nothing kept."""

from __future__ import annotations

import pytest

from referee.models import Appeal, Incident, IncidentStatus, Penalty, Ruling
from scoring.models import Webhook, WebhookDelivery
from tests.referee.incidents.conftest import incidents_url, offence, report, ruled, standings
from tests.referee.incidents.test_tables_of_four_api import INCIDENTS, ddz
from tests.referee.incidents.test_tables_of_four_api import report as report_at_four
from tests.scoring.event_api import check
from tests.scoring.shuangkou import sk
from tests.tournaments.conftest import assert_problem, confirm, role_client
from tournaments.models import Event, Role

__all__ = ["ddz", "sk"]  # fixtures

pytestmark = pytest.mark.django_db


def choices(client, event, incident: dict):
    return client.get(incidents_url(event, f"{incident['id']}/choices"))


def kinds(answer: dict) -> dict[str, list[str]]:
    return {choice["kind"]: choice["targets"] for choice in answer["effects"]}


# ---- what a ruling may apply ------------------------------------------------------------------------
def test_g12_a_guandan_pairs_table_offers_every_effect_and_the_tables_proposal(play, referee):
    event, match = play["event"], play["matches"][0]
    incident = report(referee, event, match, "hidden_card", seat="N")
    answer = choices(referee, event, incident).json()
    offered = kinds(answer)
    assert offered["levels"] == ["offender", "opponents", "both"]
    assert "match_awarded" in offered and "match_points" in offered
    levels = next(choice for choice in answer["effects"] if choice["kind"] == "levels")
    assert levels["amount"] == {"min": -100, "max": 100} and levels["on_stage"] is True
    awarded = next(choice for choice in answer["effects"] if choice["kind"] == "match_awarded")
    assert awarded["decides"] is True and awarded["amount"] is None
    assert answer["proposal"]["count"] == 1 and answer["proposal"]["infraction"] == "hidden_card"


def test_g12_the_proposal_counts_the_offences_so_far(play, referee):
    event, match = play["event"], play["matches"][0]
    offence(referee, event, match, "hidden_card", seat="N")
    incident = report(referee, event, match, "hidden_card", seat="S")
    assert choices(referee, event, incident).json()["proposal"]["count"] == 2


def test_g12_a_ruled_incident_has_no_proposal_left(play, referee):
    event, match = play["event"], play["matches"][0]
    incident = report(referee, event, match, "hidden_card", seat="N")
    ruled(referee, event, incident)
    assert choices(referee, event, incident).json()["proposal"] is None


def test_d10_a_table_of_four_offers_no_levels_no_award_and_forfeits_the_offender_alone(ddz):
    game, table, _ = ddz
    incident = report_at_four(game.referee, table, "hidden_card")
    answer = check(game.referee.get(f"{INCIDENTS}{incident['id']}/choices"), 200)
    offered = kinds(answer)
    assert "levels" not in offered and "match_awarded" not in offered
    assert offered["forfeit"] == ["offender"] and offered["disqualification"] == ["offender"]
    assert offered["match_points"] == ["offender", "opponents", "both"]


def test_s11_a_game_whose_levels_follow_its_deals_offers_no_level_change(sk):
    referee = role_client(sk["event"], Role.REFEREE)
    incident = report(referee, sk["event"], sk["match"], "partner_talk", seat="E")
    offered = kinds(choices(referee, sk["event"], incident).json())
    assert "levels" not in offered and "match_awarded" in offered


def test_only_referees_ask_what_a_ruling_may_apply(play, referee, keeper, table_1):
    event, match = play["event"], play["matches"][0]
    incident = report(referee, event, match, "hidden_card", seat="N")
    for client in (keeper, table_1):
        assert choices(client, event, incident).status_code == 403


# ---- what a ruling would do ------------------------------------------------------------------------
def _kept(event: Event) -> tuple:
    event.refresh_from_db()
    return (
        Ruling.objects.count(),
        Penalty.objects.count(),
        Appeal.objects.count(),
        list(Incident.objects.values_list("status", flat=True)),
        event.results_version,
        WebhookDelivery.objects.count(),
    )


def _third_hidden_card(referee_client, event, match) -> dict:
    """Two hidden cards by N ruled (levels), NS's win confirmed, then a third reported: an award."""
    for _ in range(2):
        offence(referee_client, event, match, "hidden_card", seat="N")
    confirm(match, match.ns_pair)
    return report(referee_client, event, match, "hidden_card", seat="N")


def test_g12_a_rulings_preview_shows_the_match_awarded_and_the_standings_it_moves_and_keeps_nothing(
    play, referee, organizer
):
    event, match = play["event"], play["matches"][0]
    Webhook.objects.create(event=event, url="https://example.org/hook", secret="s" * 32)
    incident = _third_hidden_card(referee, event, match)
    before = _kept(event)
    table_before = standings(organizer, event)
    response = referee.post(incidents_url(event, f"{incident['id']}/rule/preview"), {}, format="json")
    assert response.status_code == 200, response.json()
    preview = response.json()
    assert preview["ruling"]["effects"] == [{"kind": "match_awarded", "to": "opponents"}]
    assert preview["ruling"]["count"] == 3 and preview["ruling"]["flagged"] is True  # to the chief
    assert preview["match"]["before"]["winner"] == match.ns_pair.number
    assert preview["match"]["after"]["winner"] == match.ew_pair.number
    moved = {change["pair"]["number"]: change for change in preview["standings"]}
    assert (
        moved[match.ew_pair.number]["after"]["match_points"]
        > moved[match.ew_pair.number]["before"]["match_points"]
    )
    assert _kept(event) == before
    assert standings(organizer, event) == table_before
    # The ruling made for real does what the preview said.
    made = ruled(referee, event, incident)
    match.refresh_from_db()
    assert (
        match.winner_id == match.ew_pair_id and made["rulings"][-1]["effects"] == preview["ruling"]["effects"]
    )
    after = {row["pair"]["number"]: row for row in standings(organizer, event)["rows"]}
    for number, change in moved.items():
        assert after[number]["match_points"] == change["after"]["match_points"]
        assert after[number]["rank"] == change["after"]["rank"]


def test_g12_a_preview_is_refused_with_the_rulings_own_problem(play, referee):
    event, match = play["event"], play["matches"][0]
    incident = report(referee, event, match, "hidden_card", seat="N")
    body = {"effects": [{"kind": "warning", "to": "offender"}, {"kind": "foul", "to": "offender"}]}
    response = referee.post(incidents_url(event, f"{incident['id']}/rule/preview"), body, format="json")
    assert_problem(response, 400, "reason_required")


def test_g12_the_chief_referees_decision_preview_shows_an_award_overturned(play, referee, chief):
    event, match = play["event"], play["matches"][0]
    incident = ruled(referee, event, _third_hidden_card(referee, event, match))
    url = incidents_url(event, f"{incident['id']}/decide/preview")
    body = {"decision": "overturn", "reason": "the card was shown in time", "effects": []}
    assert referee.post(url, body, format="json").status_code == 403
    before = _kept(event)
    response = chief.post(url, body, format="json")
    assert response.status_code == 200, response.json()
    preview = response.json()
    assert preview["match"]["before"]["winner"] == match.ew_pair.number
    assert preview["match"]["after"]["winner"] == match.ns_pair.number
    assert preview["ruling"]["penalties"] == [] and _kept(event) == before


def test_g12_a_cancellations_preview_keeps_the_penalty(play, referee, chief):
    event, match = play["event"], play["matches"][0]
    incident = ruled(referee, event, report(referee, event, match, "hidden_card", seat="N"))
    penalty = incident["rulings"][-1]["penalties"][0]
    url = f"/api/v1/penalties/{penalty['id']}/cancel/preview"
    assert referee.post(url, {"reason": "x"}, format="json").status_code == 403
    response = chief.post(url, {"reason": "no card was hidden"}, format="json")
    assert response.status_code == 200, response.json()
    assert [p["status"] for p in response.json()["ruling"]["penalties"]] == ["cancelled"]
    assert Penalty.objects.get(pk=penalty["id"]).status == "active"
    assert Incident.objects.get(pk=incident["id"]).status == IncidentStatus.RULED
