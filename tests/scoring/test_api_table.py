"""``GET /table/`` (a table token's current match) and ``GET /matches/{id}/`` with its level line."""

from __future__ import annotations

import pytest

from tests.scoring.conftest import API, NS_SWEEP, post_deals, result_url
from tests.tournaments.conftest import MatchFactory, RoundFactory, assert_problem, table_client
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db


def test_a_table_token_gets_its_current_match_and_state(play, table_1):
    match = play["matches"][0]
    post_deals(table_1, match, NS_SWEEP[:2])
    body = table_1.get(f"{API}/table/").json()
    assert (body["id"], body["table"], body["round"]) == (match.pk, 1, 1)
    assert body["state"]["levels"] == {"NS": "8", "EW": "2"}
    assert body["state"]["next_deal"] == 3


def test_the_current_match_is_that_of_the_latest_published_round(play, table_1):
    second = RoundFactory(event=play["event"], stage=play["stage"], number=2, status=RoundStatus.PUBLISHED)
    later = MatchFactory(round=second, table=1, ns_pair=play["pairs"][3], ew_pair=play["pairs"][0])
    RoundFactory(event=play["event"], stage=play["stage"], number=3)  # a draft: not yet the tables'
    assert table_1.get(f"{API}/table/").json()["id"] == later.pk


def test_a_table_without_a_published_match_is_a_404(play):
    assert_problem(table_client(play["event"], 9).get(f"{API}/table/"), 404, "no_match")


def test_the_table_answers_table_tokens_only(play, keeper, api_client):
    assert_problem(keeper.get(f"{API}/table/"), 403, "table_token_required")
    assert api_client.get(f"{API}/table/").status_code == 401


def test_a_match_shows_its_level_line_and_official_result(play, keeper, referee, api_client):
    match = play["matches"][0]
    post_deals(keeper, match, NS_SWEEP)
    keeper.post(result_url(match), {}, format="json")
    body = api_client.get(f"{API}/matches/{match.pk}/").json()
    assert [e["NS"] for e in body["state"]["level_line"]] == ["5", "8", "J", "A", "A+"]
    assert body["result"] is None  # submitted, not yet confirmed: nothing official
    referee.post(result_url(match, "/confirm"), {}, format="json")
    body = api_client.get(f"{API}/matches/{match.pk}/").json()
    assert (body["result"]["winner"], body["result"]["level_difference"]) == ("NS", 13)


def test_an_event_that_does_not_publish_results_hides_them_from_the_public(play, keeper, api_client):
    event = play["event"]
    event.publish_results = False
    event.save()
    match = play["matches"][0]
    post_deals(keeper, match, NS_SWEEP[:1])
    body = api_client.get(f"{API}/matches/{match.pk}/").json()
    assert (body["state"], body["result"]) == (None, None)
    assert keeper.get(f"{API}/matches/{match.pk}/").json()["state"]["levels"]["NS"] == "5"
    assert api_client.get(result_url(match)).status_code == 401  # not public: sign in


def test_the_public_sees_the_official_result_but_not_the_versions(play, keeper, other_keeper, api_client):
    match = play["matches"][1]
    keeper.post(
        result_url(match), {"side": "NS", "levels": {"NS": "A+", "EW": "K"}, "deals_played": 9}, format="json"
    )
    body = api_client.get(result_url(match)).json()
    assert (body["status"], body["official"], body["versions"]) == ("submitted", None, [])
    other_keeper.post(
        result_url(match), {"side": "EW", "levels": {"NS": "A+", "EW": "K"}, "deals_played": 9}, format="json"
    )
    body = api_client.get(result_url(match)).json()
    assert (body["status"], body["official"]["version"], body["versions"]) == ("confirmed", 1, [])
    assert len(keeper.get(result_url(match)).json()["versions"]) == 1
