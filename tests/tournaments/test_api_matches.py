"""The tables of a round: /events/{slug}/matches/ and /matches/{id}/ (tournaments/views/schedule.py)."""

from __future__ import annotations

import pytest

from tests.tournaments.conftest import (
    EventFactory,
    MatchFactory,
    PairFactory,
    RoundFactory,
    actor_client,
    assert_problem,
    confirm,
)
from tournaments.models import Match, Round, RoundStatus

pytestmark = pytest.mark.django_db


def list_url(event) -> str:
    return f"/api/v1/events/{event.slug}/matches/"


@pytest.fixture
def schedule(event):
    """Round 1 published (tables 1-3, table 3 a bye), round 2 a draft (tables 1-2)."""
    first = RoundFactory(event=event, number=1, status=RoundStatus.PUBLISHED)
    second = RoundFactory(event=event, number=2, stage=first.stage, status=RoundStatus.DRAFT)
    return {
        "published": [
            MatchFactory(round=first, table=1),
            MatchFactory(round=first, table=2),
            MatchFactory(round=first, table=3, ew_pair=None, flags=["bye"]),
        ],
        "draft": [MatchFactory(round=second, table=1), MatchFactory(round=second, table=2)],
    }


def ids(response) -> list[int]:
    assert response.status_code == 200, response.json()
    return [match["id"] for match in response.json()["results"]]


def test_a_match_shows_its_table_pairs_and_status(event, organizer, schedule):
    match = schedule["published"][0]
    body = organizer.get(f"/api/v1/matches/{match.pk}/").json()
    assert body["id"] == match.pk
    assert (body["event"], body["round"], body["table"], body["status"]) == (event.slug, 1, 1, "scheduled")
    assert (body["ns_pair"]["id"], body["ew_pair"]["id"]) == (match.ns_pair_id, match.ew_pair_id)
    assert (body["is_bye"], body["flags"], body["best_of"], body["winner"]) == (False, [], 1, None)


def test_a_bye_has_no_east_west_pair(event, organizer, schedule):
    bye = schedule["published"][2]
    body = organizer.get(f"/api/v1/matches/{bye.pk}/").json()
    assert (body["is_bye"], body["ew_pair"], body["flags"]) == (True, None, ["bye"])


def test_a_confirmed_winner_is_shown(event, organizer, schedule):
    match = confirm(schedule["published"][0], schedule["published"][0].ew_pair)
    body = organizer.get(f"/api/v1/matches/{match.pk}/").json()
    assert (body["status"], body["winner"]) == ("confirmed", match.ew_pair_id)


def test_matches_are_listed_by_round_and_table(event, organizer, schedule):
    expected = [m.pk for m in schedule["published"] + schedule["draft"]]
    assert ids(organizer.get(list_url(event))) == expected


def test_matches_filter_by_round(event, organizer, schedule):
    assert ids(organizer.get(list_url(event), {"round": 2})) == [m.pk for m in schedule["draft"]]


def test_matches_filter_by_table(event, organizer, schedule):
    expected = [schedule["published"][1].pk, schedule["draft"][1].pk]
    assert ids(organizer.get(list_url(event), {"table": 2})) == expected


def test_matches_filter_by_round_and_table(event, organizer, schedule):
    assert ids(organizer.get(list_url(event), {"round": 1, "table": 3})) == [schedule["published"][2].pk]


def test_matches_filter_by_status(event, organizer, schedule):
    confirm(schedule["published"][1], None)
    assert ids(organizer.get(list_url(event), {"status": "confirmed"})) == [schedule["published"][1].pk]


@pytest.mark.parametrize("query", [{"round": "abc"}, {"table": "1.5x"}, {"status": "lost"}])
def test_a_malformed_filter_is_a_400(event, organizer, schedule, query):
    response = organizer.get(list_url(event), query)
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/problem+json")
    assert [error["field"] for error in response.json()["errors"]] == list(query)


def test_matches_paginate(event, organizer, schedule):
    body = organizer.get(list_url(event), {"page_size": 2}).json()
    assert (body["count"], len(body["results"])) == (5, 2)
    assert body["next"] is not None


def test_matches_of_other_events_are_not_listed(event, organizer, schedule):
    MatchFactory(round=RoundFactory(event=EventFactory(published=True), status=RoundStatus.PUBLISHED))
    assert len(ids(organizer.get(list_url(event)))) == 5


# ---- what the public sees ------------------------------------------------------------------------
def test_anonymous_sees_only_published_rounds(event, api_client, schedule):
    assert ids(api_client.get(list_url(event))) == [m.pk for m in schedule["published"]]


def test_anonymous_gets_a_404_for_a_draft_rounds_match(event, api_client, schedule):
    assert_problem(api_client.get(f"/api/v1/matches/{schedule['draft'][0].pk}/"), 404, "not_found")


def test_anonymous_reads_a_published_match(event, api_client, schedule):
    assert api_client.get(f"/api/v1/matches/{schedule['published'][0].pk}/").status_code == 200


def test_closed_rounds_stay_public(event, api_client, schedule):
    Round.objects.filter(event=event, number=1).update(status=RoundStatus.CLOSED)
    assert len(ids(api_client.get(list_url(event)))) == 3


def test_anonymous_sees_no_pairings_when_the_event_does_not_publish_them(event, api_client, schedule):
    event.publish_pairings = False
    event.save()
    assert ids(api_client.get(list_url(event))) == []
    assert_problem(api_client.get(f"/api/v1/matches/{schedule['published'][0].pk}/"), 404, "not_found")


def test_staff_see_pairings_the_event_does_not_publish(event, schedule):
    event.publish_pairings = False
    event.save()
    assert len(ids(actor_client(event, "scorekeeper").get(list_url(event)))) == 3


def test_a_draft_events_matches_are_a_404_to_anonymous(api_client):
    event = EventFactory()
    match = MatchFactory(round=RoundFactory(event=event, status=RoundStatus.PUBLISHED))
    assert_problem(api_client.get(list_url(event)), 404, "not_found")
    assert_problem(api_client.get(f"/api/v1/matches/{match.pk}/"), 404, "not_found")


def test_a_public_match_never_shows_contact_data(event, api_client):
    pair = PairFactory(event=event)
    MatchFactory(round=RoundFactory(event=event, status=RoundStatus.PUBLISHED), ns_pair=pair)
    content = api_client.get(list_url(event)).content.decode()
    assert pair.player_1.email not in content
    assert pair.player_1.phone not in content


@pytest.mark.parametrize(("actor", "draft_tables"), [("organizer", 2), ("chief_referee", 2), ("referee", 2)])
def test_organizers_and_referees_see_draft_rounds(event, schedule, actor, draft_tables):
    listed = actor_client(event, actor).get(list_url(event), {"round": 2}).json()["results"]
    assert len(listed) == draft_tables


@pytest.mark.parametrize("actor", ["scorekeeper", "table_scorekeeper", "table_token", "outsider"])
def test_scorekeepers_and_outsiders_do_not_see_draft_rounds(event, schedule, actor):
    assert ids(actor_client(event, actor).get(list_url(event), {"round": 2})) == []


@pytest.mark.parametrize("actor", ["table_scorekeeper", "table_token"])
def test_a_table_limited_scorekeeper_sees_its_tables_only(event, schedule, actor):
    assert ids(actor_client(event, actor).get(list_url(event))) == [schedule["published"][0].pk]


# ---- ids, ETags ------------------------------------------------------------------------------------
@pytest.mark.parametrize("pk", ["abc", "0", "99999999999999999999999", "-1"])
def test_a_malformed_or_unknown_match_id_is_a_404(api_client, pk):
    assert_problem(api_client.get(f"/api/v1/matches/{pk}/"), 404, "not_found")


def test_public_pairings_send_an_etag_and_answer_304(event, api_client, schedule):
    first = api_client.get(list_url(event), {"round": 1})
    again = api_client.get(list_url(event), {"round": 1}, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


def test_the_pairings_etag_changes_with_a_result(event, api_client, schedule):
    first = api_client.get(list_url(event), {"round": 1})
    confirm(schedule["published"][0], schedule["published"][0].ns_pair)
    assert api_client.get(list_url(event), {"round": 1}, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200


def test_a_match_sends_an_etag_and_answers_304(event, api_client, schedule):
    url = f"/api/v1/matches/{schedule['published'][0].pk}/"
    first = api_client.get(url)
    assert api_client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


def test_a_match_is_not_created_at_its_own_url(event, organizer, schedule):
    response = organizer.post(f"/api/v1/matches/{schedule['published'][0].pk}/", {}, format="json")
    assert_problem(response, 405, "method_not_allowed")


@pytest.mark.parametrize("method", ["put", "patch", "delete"])
def test_g11_a_published_table_is_frozen(event, organizer, schedule, method):
    match = schedule["published"][0]
    body = {"ns_pair": match.ns_pair_id, "ew_pair": None}
    response = getattr(organizer, method)(f"/api/v1/matches/{match.pk}/", body, format="json")
    assert_problem(response, 409, "round_not_draft")


# ---- hand edits of a draft round's tables (G11: a draft can be edited and is re-checked) ----
def _drawn_draft(organizer, event, pairs: int = 4):
    from tests.tournaments.conftest import StageFactory, make_pairs

    made = make_pairs(event, pairs)
    stage = StageFactory(event=event)
    organizer.post(f"/api/v1/events/{event.slug}/rounds/", {"stage": stage.pk}, format="json")
    assert organizer.post(f"/api/v1/events/{event.slug}/rounds/1/draw", {"seed": 3}).status_code == 200
    return made, list(Match.objects.filter(round__event=event).order_by("table"))


def _relaxed(organizer, event) -> list[str]:
    return organizer.get(f"/api/v1/events/{event.slug}/rounds/1/").json()["relaxed"]


def test_g11_deleting_a_draft_table_leaves_its_pairs_missing_and_blocks_publishing(event, organizer):
    _, matches = _drawn_draft(organizer, event)
    assert organizer.delete(f"/api/v1/matches/{matches[0].pk}/").status_code == 204
    missing = {f"missing_entrant:{pid}" for pid in (matches[0].ns_pair_id, matches[0].ew_pair_id)}
    assert missing <= set(_relaxed(organizer, event))
    assert_problem(organizer.post(f"/api/v1/events/{event.slug}/rounds/1/publish"), 409, "draw_invalid")


def test_g11_a_table_added_by_hand_puts_the_pairs_back(event, organizer):
    _, matches = _drawn_draft(organizer, event)
    ns, ew = matches[0].ns_pair_id, matches[0].ew_pair_id
    organizer.delete(f"/api/v1/matches/{matches[0].pk}/")
    response = organizer.post(
        f"/api/v1/events/{event.slug}/matches/", {"round": 1, "table": 7, "ns_pair": ew, "ew_pair": ns}
    )
    assert response.status_code == 201, response.json()
    assert (response.json()["table"], response.json()["ns_pair"]["id"]) == (7, ew)
    assert _relaxed(organizer, event) == []
    assert organizer.post(f"/api/v1/events/{event.slug}/rounds/1/publish").status_code == 200


def test_g11_changing_who_plays_at_a_draft_table_is_rechecked(event, organizer):
    _, matches = _drawn_draft(organizer, event)
    other = matches[1].ns_pair_id
    response = organizer.patch(f"/api/v1/matches/{matches[0].pk}/", {"ew_pair": other})
    assert response.status_code == 200, response.json()
    assert response.json()["id"] == matches[0].pk  # the table keeps its match
    assert f"duplicate_entrant:{other}" in _relaxed(organizer, event)


def test_a_taken_table_cannot_be_added(event, organizer):
    made, _ = _drawn_draft(organizer, event)
    response = organizer.post(
        f"/api/v1/events/{event.slug}/matches/",
        {"round": 1, "table": 1, "ns_pair": made[0].pk, "ew_pair": None},
    )
    assert_problem(response, 400, "table_taken")


def test_a_pair_of_another_event_cannot_be_placed(event, organizer):
    from tests.tournaments.conftest import PairFactory

    _, matches = _drawn_draft(organizer, event)
    stranger = PairFactory()
    response = organizer.patch(f"/api/v1/matches/{matches[0].pk}/", {"ns_pair": stranger.pk})
    assert_problem(response, 400, "does_not_exist")


def test_a_pair_cannot_play_itself(event, organizer):
    _, matches = _drawn_draft(organizer, event)
    response = organizer.patch(f"/api/v1/matches/{matches[0].pk}/", {"ew_pair": matches[0].ns_pair_id})
    assert_problem(response, 400, "self_pairing")
