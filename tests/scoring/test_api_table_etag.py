"""``GET /table/``'s ETag, worked out from the stamps of what it shows before anything is built
(scoring.selectors.table; docs/table-app.md "Polling"): a phone polling with ``If-None-Match`` gets
``304`` for as long as nothing it shows has changed, and a ``200`` as soon as anything has — a deal
(G6), a correction, a result (G8), the round's clock (G8), a name, a substitute, a new round."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.scoring.conftest import API, NS_SWEEP, post_deals, result_url
from tests.tournaments.conftest import MatchFactory, RoundFactory, role_client
from tournaments.models import Role, RoundStatus
from tournaments.services.registration import pair_update

pytestmark = pytest.mark.django_db

TABLE = f"{API}/table/"


def etag(client) -> str:
    response = client.get(TABLE)
    assert response.status_code == 200, response.json()
    return response["ETag"]


def polled(client, tag: str):
    return client.get(TABLE, HTTP_IF_NONE_MATCH=tag)


def test_an_unchanged_table_is_a_304_with_the_same_etag(play, table_1):
    tag = etag(table_1)
    response = polled(table_1, tag)
    assert response.status_code == 304
    assert response["ETag"] == tag
    assert etag(table_1) == tag  # the 200's ETag is the one the stamps name, every time


def test_a_304_reads_the_token_and_the_stamps_only(play, table_1):
    """Two queries (the token with its event, the stamps) and nothing built: the match, its pairs,
    deals and results are not read."""
    post_deals(table_1, play["matches"][0], NS_SWEEP[:2])
    tag = etag(table_1)
    with CaptureQueriesContext(connection) as queries:
        assert polled(table_1, tag).status_code == 304
    assert len(queries) == 2, [q["sql"] for q in queries]


def test_g6_a_deal_posted_moves_the_etag_and_the_200_shows_it(play, table_1):
    tag = etag(table_1)
    post_deals(table_1, play["matches"][0], NS_SWEEP[:1])
    response = polled(table_1, tag)
    assert response.status_code == 200
    assert response.json()["state"]["levels"]["NS"] == "5"
    assert response["ETag"] != tag
    assert polled(table_1, response["ETag"]).status_code == 304


def test_each_of_two_corrections_in_a_row_moves_the_etag(play, keeper, table_1):
    """A correction forgets the stored state; a second one, with the state forgotten already, must
    still move what the table's ETag names (MatchState.stamp)."""
    match = play["matches"][0]
    post_deals(table_1, match, NS_SWEEP[:2])
    seen = [etag(table_1)]
    for order in (["E", "W"], ["N", "E", "S"]):
        response = keeper.put(f"{API}/matches/{match.pk}/deals/2/", {"finishing_order": order}, format="json")
        assert response.status_code == 201, response.json()
        polled_now = polled(table_1, seen[-1])
        assert polled_now.status_code == 200
        seen.append(polled_now["ETag"])
    assert len(set(seen)) == 3


def test_g8_a_result_submitted_and_confirmed_moves_the_etag(play, keeper, referee, table_1):
    match = play["matches"][0]
    post_deals(table_1, match, NS_SWEEP)
    before = etag(table_1)
    assert keeper.post(result_url(match), {}, format="json").status_code == 201
    submitted = polled(table_1, before)
    assert submitted.status_code == 200
    referee.post(result_url(match, "/confirm"), {}, format="json")
    confirmed = polled(table_1, submitted["ETag"])
    assert confirmed.status_code == 200
    assert confirmed.json()["result"]["winner"] == "NS"


def test_g8_the_rounds_clock_started_moves_the_etag(play, table_1):
    event = play["event"]
    event.match_format, event.time_limit_minutes = "time_limit", 50
    event.save()
    tag = etag(table_1)
    organizer = role_client(event, Role.ORGANIZER)
    assert organizer.post(f"{API}/events/{event.slug}/rounds/1/clock/start").status_code == 200
    response = polled(table_1, tag)
    assert response.status_code == 200
    assert response.json()["clock"]["state"] == "running"


def test_a_pair_renamed_moves_the_etag(play, table_1):
    tag = etag(table_1)
    pair = play["pairs"][0]
    pair_update(pair=pair, name="新的名字")
    response = polled(table_1, tag)
    assert response.status_code == 200
    assert response.json()["ns_pair"]["name"] == "新的名字"


def test_a_substitute_recorded_moves_the_etag(play, table_1):
    tag = etag(table_1)
    pair = play["pairs"][0]
    organizer = role_client(play["event"], Role.ORGANIZER)
    body = {"pair": pair.pk, "replaced": pair.player_1_id, "name": "Li Si", "from_round": 1}
    created = organizer.post(f"{API}/events/{play['event'].slug}/substitutions/", body, format="json")
    assert created.status_code == 201, created.json()
    response = polled(table_1, tag)
    assert response.status_code == 200
    assert [s["substitute"]["name"] for s in response.json()["substitutes"]] == ["Li Si"]
    ended = organizer.post(
        f"{API}/events/{play['event'].slug}/substitutions/{created.json()['id']}/end",
        {"until_round": 2},
        format="json",
    )
    assert ended.status_code == 200
    assert polled(table_1, response["ETag"]).status_code == 200


def test_a_new_round_published_gives_the_table_its_new_match(play, table_1):
    tag = etag(table_1)
    second = RoundFactory(event=play["event"], stage=play["stage"], number=2, status=RoundStatus.PUBLISHED)
    later = MatchFactory(round=second, table=1, ns_pair=play["pairs"][3], ew_pair=play["pairs"][0])
    response = polled(table_1, tag)
    assert response.status_code == 200
    assert response.json()["id"] == later.pk


def test_the_language_asked_is_part_of_the_etag(play, table_1):
    zh = table_1.get(TABLE, HTTP_ACCEPT_LANGUAGE="zh-hans")["ETag"]
    en = table_1.get(TABLE, HTTP_ACCEPT_LANGUAGE="en")["ETag"]
    assert zh != en
    assert table_1.get(TABLE, HTTP_ACCEPT_LANGUAGE="en", HTTP_IF_NONE_MATCH=en).status_code == 304
