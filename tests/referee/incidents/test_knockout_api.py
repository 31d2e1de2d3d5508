"""A match awarded or forfeited by a ruling is decided (G12 → G8, G11): it has its winner, who goes
through in a knockout without anyone entering a result; a cancellation gives the match back its own
result, unless a later published round already holds the winner the ruling gave."""

from __future__ import annotations

import pytest

from referee.models import Penalty
from scoring.models import Webhook, WebhookDelivery
from tests.referee.incidents.conftest import API, offence, report, rule
from tests.scoring.conftest import post_deals, result_url
from tests.scoring.test_api_knockout_results import NS_WINS, bracket, submit  # noqa: F401 - fixture
from tests.tournaments.conftest import assert_problem
from tournaments.models import Match, MatchStatus

pytestmark = pytest.mark.django_db


def hidden_cards(bracket, match, side: str, times: int = 3) -> dict:  # noqa: F811
    ruling = None
    for _ in range(times):
        ruling = offence(bracket["referee"], bracket["event"], match, "hidden_card", side=side)
    return ruling


def draw_final(bracket, *, publish: bool) -> int:  # noqa: F811
    rounds = f"{API}/events/cup/rounds"
    organizer = bracket["organizer"]
    number = organizer.post(f"{rounds}/", {"stage": bracket["stage"].pk}, format="json").json()["number"]
    assert organizer.post(f"{rounds}/{number}/draw", {"seed": 1}, format="json").status_code == 200
    if publish:
        assert organizer.post(f"{rounds}/{number}/publish").status_code == 200
    return number


def finalists(number: int) -> set[int]:
    (final,) = Match.objects.filter(round__number=number)
    return {final.ns_pair_id, final.ew_pair_id}


def test_g12_a_third_hidden_card_sends_the_opponents_through_the_knockout(bracket):  # noqa: F811
    first, second = bracket["matches"]
    ruling = hidden_cards(bracket, first, "NS")
    assert [p["kind"] for p in ruling["penalties"]] == ["match_awarded"]
    first.refresh_from_db()
    assert (first.status, first.winner_id) == (MatchStatus.CONFIRMED, bracket["pairs"][3].pk)
    assert submit(bracket["referee"], second, **NS_WINS, confirm=True).status_code == 201
    number = draw_final(bracket, publish=False)
    assert finalists(number) == {bracket["pairs"][3].pk, bracket["pairs"][1].pk}


def test_g12_cancelling_the_award_gives_the_match_back_its_own_result(bracket):  # noqa: F811
    first = bracket["matches"][0]
    before = (first.status, first.winner_id)
    penalty = hidden_cards(bracket, first, "NS")["penalties"][0]
    response = bracket["organizer"].post(
        f"{API}/penalties/{penalty['id']}/cancel", {"reason": "the card was found under the table"}
    )
    assert response.status_code == 200, response.json()
    first.refresh_from_db()
    assert (first.status, first.winner_id) == before


def test_g12_a_result_confirmed_after_the_award_does_not_undo_it_and_counts_once_cancelled(
    bracket,  # noqa: F811
):
    first = bracket["matches"][0]
    penalty = hidden_cards(bracket, first, "NS")["penalties"][0]  # awarded to EW (pair 4)
    assert submit(bracket["referee"], first, **NS_WINS, confirm=True).status_code == 201
    first.refresh_from_db()
    assert (first.status, first.winner_id) == (MatchStatus.CONFIRMED, bracket["pairs"][3].pk)
    response = bracket["organizer"].post(
        f"{API}/penalties/{penalty['id']}/cancel", {"reason": "wrong table"}, format="json"
    )
    assert response.status_code == 200
    first.refresh_from_db()
    assert (first.status, first.winner_id) == (MatchStatus.CONFIRMED, bracket["pairs"][0].pk)


def test_g11_an_award_whose_winner_went_through_to_a_published_round_stands(bracket):  # noqa: F811
    first, second = bracket["matches"]
    penalty = hidden_cards(bracket, first, "NS")["penalties"][0]
    assert submit(bracket["referee"], second, **NS_WINS, confirm=True).status_code == 201
    draw_final(bracket, publish=True)
    response = bracket["organizer"].post(
        f"{API}/penalties/{penalty['id']}/cancel", {"reason": "late evidence"}, format="json"
    )
    assert_problem(response, 409, "winner_advanced")
    assert Penalty.objects.get(pk=penalty["id"]).status == "active"
    first.refresh_from_db()
    assert first.winner_id == bracket["pairs"][3].pk


# ---- a ruling that changes a knockout result after the match (G12 → G8, G11) --------------------------
FOUR_DEALS = [["W", "N", "E"], ["N", "S"], ["E", "S", "W"], ["S", "W", "N"]]  # NS 7 : EW 6


def four_deal_semis(bracket) -> None:  # noqa: F811
    """Both semi-finals played over 4 deals (G8 deal_count), NS 7 : EW 6, confirmed: NS go through."""
    event = bracket["event"]
    event.match_format, event.deal_limit = "deal_count", 4
    event.save()
    for match in bracket["matches"]:
        post_deals(bracket["referee"], match, FOUR_DEALS)
        assert bracket["referee"].post(result_url(match), {"confirm": True}, format="json").status_code == 201


def two_levels_to_ew(bracket, match) -> dict:  # noqa: F811
    incident = report(bracket["referee"], bracket["event"], match, "hidden_card", seat="N", deal=4)
    effects = [{"kind": "levels", "to": "opponents", "amount": 2}]
    return rule(bracket["referee"], bracket["event"], incident, effects=effects, override_reason="twice")


def test_g12_a_ruling_that_turns_a_knockout_replaces_the_winner_in_the_next_match_not_started(
    bracket,  # noqa: F811
):
    four_deal_semis(bracket)
    number = draw_final(bracket, publish=True)
    first = bracket["matches"][0]
    Webhook.objects.create(event=bracket["event"], url="http://127.0.0.1:9/hook", events=["round.published"])
    response = two_levels_to_ew(bracket, first)  # NS 7 : EW 8
    assert response.status_code == 201, response.json()
    official = bracket["referee"].get(result_url(first)).json()["official"]
    assert (official["levels"], official["winner_pair"]) == ({"NS": "7", "EW": "8"}, bracket["pairs"][3].pk)
    assert finalists(number) == {bracket["pairs"][3].pk, bracket["pairs"][1].pk}
    sent = WebhookDelivery.objects.filter(event_type="round.published").get()
    assert sent.payload["data"]["round"] == number


def test_g12_a_ruling_that_would_turn_a_knockout_whose_next_match_started_is_refused(
    bracket,  # noqa: F811
):
    four_deal_semis(bracket)
    number = draw_final(bracket, publish=True)
    (final,) = Match.objects.filter(round__number=number)
    post_deals(bracket["referee"], final, [["N", "S"]])
    body = assert_problem(two_levels_to_ew(bracket, bracket["matches"][0]), 409, "winner_advanced")
    assert (body["round"], body["table"], body["match"]) == (number, final.table, final.pk)
    assert finalists(number) == {bracket["pairs"][0].pk, bracket["pairs"][1].pk}


def test_g8_a_ruling_that_levels_a_knockout_reopens_it_for_its_extra_deal(bracket):  # noqa: F811
    four_deal_semis(bracket)
    first = bracket["matches"][0]
    referee = bracket["referee"]
    incident = report(referee, bracket["event"], first, "hidden_card", seat="N", deal=4)
    assert rule(referee, bracket["event"], incident).status_code == 201  # EW +1: 7 : 7, no extra deal
    answer = referee.get(result_url(first)).json()
    assert answer["official"] is None
    assert {v["status"] for v in answer["versions"]} == {"superseded"}
    first.refresh_from_db()
    assert (first.status, first.winner_id) == (MatchStatus.PLAYING, None)
    post_deals(referee, first, [["E", "W"]], start=5)  # the extra deal: EW go up first
    response = referee.post(result_url(first), {"confirm": True}, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["official"]["winner_pair"] == bracket["pairs"][3].pk


def test_g8_a_ruling_that_levels_a_knockout_whose_winner_went_through_is_refused(bracket):  # noqa: F811
    four_deal_semis(bracket)
    number = draw_final(bracket, publish=True)
    first = bracket["matches"][0]
    incident = report(bracket["referee"], bracket["event"], first, "hidden_card", seat="N", deal=4)
    assert_problem(rule(bracket["referee"], bracket["event"], incident), 409, "winner_advanced")
    assert finalists(number) == {bracket["pairs"][0].pk, bracket["pairs"][1].pk}
