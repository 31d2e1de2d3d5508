"""Calling a referee (docs/referees.md "Calling a referee"): the table calls, the event's referees see
it at once (their list and the ``referee.called`` webhook), the table cancels, a referee answers."""

from __future__ import annotations

import pytest

from core.models import AuditEntry
from scoring.models import Webhook, WebhookDelivery
from tests.scoring.conftest import API
from tests.tournaments.conftest import assert_problem, field_errors, table_client
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db


def calls_url(match) -> str:
    return f"{API}/matches/{match.pk}/calls/"


def call(client, match, **body):
    return client.post(calls_url(match), body, format="json")


def called(client, match, **body) -> dict:
    response = call(client, match, **body)
    assert response.status_code == 201, response.json()
    return response.json()


def queue(client, event, query: str = "?status=open") -> list[dict]:
    response = client.get(f"{API}/events/{event.slug}/calls/{query}")
    assert response.status_code == 200, response.json()
    return response.json()["results"]


def test_a_table_calls_and_the_referees_see_it_at_once(play, table_1, referee):
    match = play["matches"][0]
    body = called(table_1, match, about="E says N revoked", infraction="hidden_card")
    assert body["status"] == "open"
    assert (body["match"], body["round"], body["table"], body["event"]) == (match.pk, 1, 1, "play")
    assert (body["about"], body["infraction"], body["called_by"]) == (
        "E says N revoked",
        "hidden_card",
        "table 1",
    )
    assert body["infraction_name"] == "Hidden card"
    assert [row["id"] for row in queue(referee, play["event"])] == [body["id"]]


def test_a_call_in_free_words_needs_no_infraction(play, table_1):
    body = called(table_1, play["matches"][0], about="We need a ruling on the tribute")
    assert (body["infraction"], body["infraction_name"]) == (None, None)


def test_the_infraction_is_named_in_the_callers_language(play, table_1):
    body = called(table_1, play["matches"][0], infraction="out_of_turn")
    chinese = table_1.get(f"{API}/calls/{body['id']}/", HTTP_ACCEPT_LANGUAGE="zh-Hans").json()
    assert chinese["infraction_name"] == "越序"


def test_a_call_says_what_it_is_about(play, table_1):
    response = call(table_1, play["matches"][0], about="   ")
    assert_problem(response, 400, "required")
    assert field_errors(response) == {"about": "required"}


def test_an_unknown_infraction_is_refused_on_its_field(play, table_1):
    response = call(table_1, play["matches"][0], infraction="cheating")
    assert field_errors(response) == {"infraction": "invalid_choice"}


def test_about_is_text(play, table_1):
    assert field_errors(call(table_1, play["matches"][0], about=5)) == {"about": "invalid_type"}


def test_a_table_calls_once_at_a_time(play, table_1):
    first = called(table_1, play["matches"][0], about="a question")
    body = assert_problem(call(table_1, play["matches"][0], about="again"), 409, "call_open")
    assert body["call"] == first["id"]


def test_a_cancelled_call_lets_the_table_call_again(play, table_1, referee):
    first = called(table_1, play["matches"][0], about="a question")
    cancelled = table_1.post(f"{API}/calls/{first['id']}/cancel")
    assert cancelled.status_code == 200
    assert (cancelled.json()["status"], cancelled.json()["closed_by"]) == ("cancelled", "table 1")
    assert cancelled.json()["closed_at"] is not None
    assert queue(referee, play["event"]) == []
    called(table_1, play["matches"][0], about="another")


def test_the_referee_who_came_marks_the_call_answered(play, table_1, referee):
    body = called(table_1, play["matches"][0], about="a question")
    answered = referee.post(f"{API}/calls/{body['id']}/answer")
    assert answered.status_code == 200
    assert answered.json()["status"] == "answered"
    assert answered.json()["closed_by"] == referee.user.username
    assert queue(referee, play["event"]) == []
    assert [row["status"] for row in queue(referee, play["event"], "?status=answered")] == ["answered"]
    # The table sees it answered.
    assert table_1.get(calls_url(play["matches"][0])).json()[0]["status"] == "answered"


@pytest.mark.parametrize("close", ["cancel", "answer"])
def test_a_closed_call_stays_closed(play, table_1, referee, close):
    body = called(table_1, play["matches"][0], about="a question")
    assert referee.post(f"{API}/calls/{body['id']}/{close}").status_code == 200
    for again in ("cancel", "answer"):
        problem = assert_problem(referee.post(f"{API}/calls/{body['id']}/{again}"), 409, "call_closed")
        assert problem["call_status"] == ("cancelled" if close == "cancel" else "answered")


def test_a_referee_may_call_on_behalf_of_a_table(play, referee):
    body = called(referee, play["matches"][1], infraction="slow_play")
    assert body["called_by"] == referee.user.username


def test_a_table_calls_at_its_own_table_only(play, table_1):
    # Another table's match is not found by a table token, as for its deals.
    assert_problem(call(table_1, play["matches"][1], about="x"), 404, "not_found")


def test_a_call_needs_a_published_round(play, referee):
    round_ = play["round"]
    round_.status = RoundStatus.DRAFT
    round_.save()
    assert_problem(call(referee, play["matches"][0], about="x"), 409, "round_not_published")


def test_a_closed_round_takes_no_call(play, table_1):
    round_ = play["round"]
    round_.status = RoundStatus.CLOSED
    round_.save()
    assert_problem(call(table_1, play["matches"][0], about="x"), 403, "round_closed")


def test_a_bye_takes_no_call(play, keeper):
    from tests.tournaments.conftest import MatchFactory

    bye = MatchFactory(round=play["round"], table=3, ns_pair=play["pairs"][0], ew_pair=None)
    assert_problem(call(keeper, bye, about="x"), 409, "bye_match")


def test_the_queue_filters_by_round_and_table(play, referee, keeper):
    called(keeper, play["matches"][0], about="one")
    second = called(keeper, play["matches"][1], about="two")
    assert [row["id"] for row in queue(referee, play["event"], "?table=2")] == [second["id"]]
    assert queue(referee, play["event"], "?round=2") == []
    response = referee.get(f"{API}/events/play/calls/?status=lost")
    assert field_errors(response) == {"status": "invalid_choice"}


def test_a_call_is_announced_to_the_webhooks(play, table_1):
    Webhook.objects.create(event=play["event"], url="http://127.0.0.1:9/hook", events=["referee.called"])
    body = called(table_1, play["matches"][0], about="E says N revoked", infraction="hidden_card")
    (delivery,) = WebhookDelivery.objects.filter(event_type="referee.called")
    data = delivery.payload["data"]
    assert (data["call"], data["match"], data["round"], data["table"]) == (
        body["id"],
        play["matches"][0].pk,
        1,
        1,
    )
    assert (data["about"], data["infraction"], data["status"]) == ("E says N revoked", "hidden_card", "open")
    assert data["call_url"] == f"/api/v1/calls/{body['id']}/"


def test_a_refused_call_announces_nothing(play, table_1):
    Webhook.objects.create(event=play["event"], url="http://127.0.0.1:9/hook", events=[])
    called(table_1, play["matches"][0], about="one")
    call(table_1, play["matches"][0], about="two")  # 409 call_open
    assert WebhookDelivery.objects.filter(event_type="referee.called").count() == 1


def test_calls_are_audited(play, table_1, referee):
    body = called(table_1, play["matches"][0], about="a question")
    referee.post(f"{API}/calls/{body['id']}/answer")
    entries = AuditEntry.objects.filter(content_type__model="refereecall", object_pk=str(body["id"]))
    assert sorted(entries.values_list("action", flat=True)) == [0, 1]  # created, then updated
    assert {entry.event_id for entry in entries} == {play["event"].pk}


def test_a_retried_call_with_its_key_is_one_call(play, table_1):
    first = table_1.post(
        calls_url(play["matches"][0]), {"about": "x"}, format="json", HTTP_IDEMPOTENCY_KEY="k-1"
    )
    again = table_1.post(
        calls_url(play["matches"][0]), {"about": "x"}, format="json", HTTP_IDEMPOTENCY_KEY="k-1"
    )
    assert (first.status_code, again.status_code) == (201, 201)
    assert again["Idempotent-Replayed"] == "true"
    assert first.json()["id"] == again.json()["id"]


def test_another_tables_token_does_not_find_a_call(play, table_1):
    body = called(table_1, play["matches"][0], about="x")
    other = table_client(play["event"], 2)
    assert_problem(other.get(f"{API}/calls/{body['id']}/"), 404, "not_found")
    assert_problem(other.post(f"{API}/calls/{body['id']}/cancel"), 404, "not_found")


def test_the_infractions_are_listed_in_the_callers_language(api_client):
    rows = api_client.get(f"{API}/infractions/", HTTP_ACCEPT_LANGUAGE="zh-Hans").json()
    hidden = next(row for row in rows if row["code"] == "hidden_card")
    assert hidden == {"code": "hidden_card", "name": "藏牌", "name_zh": "藏牌"}
    english = api_client.get(f"{API}/infractions/").json()
    assert next(row for row in english if row["code"] == "hidden_card")["name"] == "Hidden card"
