"""The tables of a round: /events/{slug}/matches/ and /matches/{id}/ (tournaments/views/schedule.py)."""

from __future__ import annotations

from unittest import mock

import pytest

from tests.tournaments.conftest import (
    EventFactory,
    MatchFactory,
    PairFactory,
    RoundFactory,
    UnitFactory,
    actor_client,
    assert_problem,
    confirm,
    field_errors,
)
from tournaments.models import Match, Round, RoundStatus
from tournaments.serializers.registration import PairSerializer
from tournaments.serializers.schedule import MatchSerializer

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


@pytest.mark.parametrize(
    "query",
    [
        {"round": "abc"},
        {"table": "1.5x"},
        {"status": "lost"},
        # whole numbers within the column's range only (the OpenAPI document says so too)
        *[{"table": "0.5"}, {"table": "0"}, {"round": "32768"}, {"table": "1e3"}],
    ],
)
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

    made = make_pairs(event, pairs, first=101)  # numbers apart from ids: problems name numbers
    stage = StageFactory(event=event)
    organizer.post(f"/api/v1/events/{event.slug}/rounds/", {"stage": stage.pk}, format="json")
    assert organizer.post(f"/api/v1/events/{event.slug}/rounds/1/draw", {"seed": 3}).status_code == 200
    return made, list(Match.objects.filter(round__event=event).order_by("table"))


def _relaxed(organizer, event) -> list[str]:
    return organizer.get(f"/api/v1/events/{event.slug}/rounds/1/").json()["relaxed"]


def test_g11_deleting_a_draft_table_leaves_its_pairs_missing_and_blocks_publishing(event, organizer):
    _, matches = _drawn_draft(organizer, event)
    assert organizer.delete(f"/api/v1/matches/{matches[0].pk}/").status_code == 204
    missing = {f"missing_entrant:{pair.number}" for pair in (matches[0].ns_pair, matches[0].ew_pair)}
    assert missing <= set(_relaxed(organizer, event))
    body = assert_problem(
        organizer.post(f"/api/v1/events/{event.slug}/rounds/1/publish"), 409, "draw_invalid"
    )
    assert missing <= set(body["problems"])


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
    other = matches[1].ns_pair
    response = organizer.patch(f"/api/v1/matches/{matches[0].pk}/", {"ew_pair": other.pk})
    assert response.status_code == 200, response.json()
    assert response.json()["id"] == matches[0].pk  # the table keeps its match
    assert f"duplicate_entrant:{other.number}" in _relaxed(organizer, event)


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


@pytest.mark.parametrize(("field", "value"), [("ns_pair", 2**63), ("ew_pair", 2**70), ("ns_pair", 0)])
def test_a_pair_id_out_of_range_is_a_400(event, organizer, field, value):
    _, matches = _drawn_draft(organizer, event)
    response = organizer.patch(f"/api/v1/matches/{matches[0].pk}/", {field: value}, format="json")
    assert response.status_code == 400
    assert set(field_errors(response)) == {field}


@pytest.mark.parametrize(
    ("field", "value", "code"),
    [("table", 32768, "max_value"), ("round", 32768, "max_value"), ("table", 0, "min_value")],
)
def test_a_table_or_round_out_of_range_is_a_400(event, organizer, field, value, code):
    made, _ = _drawn_draft(organizer, event)
    body = {"round": 1, "table": 9, "ns_pair": made[0].pk, "ew_pair": None, field: value}
    response = organizer.post(f"/api/v1/events/{event.slug}/matches/", body, format="json")
    assert field_errors(response) == {field: code}


def test_a_match_edit_answers_the_etag_a_get_would_send(event, organizer):
    _, matches = _drawn_draft(organizer, event)
    url = f"/api/v1/matches/{matches[0].pk}/"
    response = organizer.patch(
        url, {"ew_pair": matches[1].ns_pair_id}, HTTP_IF_MATCH=organizer.get(url)["ETag"]
    )
    assert response.status_code == 200
    assert response.get("ETag") == organizer.get(url)["ETag"]


def test_a_pair_cannot_play_itself(event, organizer):
    _, matches = _drawn_draft(organizer, event)
    response = organizer.patch(f"/api/v1/matches/{matches[0].pk}/", {"ew_pair": matches[0].ns_pair_id})
    assert_problem(response, 400, "self_pairing")


# ---- the list's lean path: rows in, the serializer's representation out, a 304 before building ---
def _mixed_schedule(event):
    """Round 1 published: named and unnamed pairs, units, seeds, a withdrawal, a bye, a winner, flags."""
    round_ = RoundFactory(event=event, number=1, status=RoundStatus.PUBLISHED)
    unit = UnitFactory(event=event)
    named = PairFactory(event=event, name="Dragons", unit=unit, seed=3, grade="A")
    plain = PairFactory(event=event)
    withdrawn = PairFactory(event=event, status="withdrawn", status_reason="ill")
    matches = [
        MatchFactory(round=round_, table=1, ns_pair=named, ew_pair=plain, flags=["rematch"], best_of=3),
        MatchFactory(round=round_, table=2, ns_pair=withdrawn, ew_pair=None, flags=["bye"]),
        MatchFactory(round=round_, table=3, bracket_slot=4),
    ]
    confirm(matches[2], matches[2].ew_pair)
    return matches


def test_the_list_answers_what_the_match_serializer_writes(event, api_client):
    _mixed_schedule(event)
    matches = Match.objects.filter(round__event=event).order_by("table")
    listed = api_client.get(list_url(event)).json()["results"]
    assert listed == MatchSerializer(matches, many=True).data


def test_a_304_builds_nothing_and_reads_twice(event, api_client, django_assert_num_queries):
    _mixed_schedule(event)
    etag = api_client.get(list_url(event), {"round": 1})["ETag"]
    with (
        mock.patch.object(MatchSerializer, "from_row", side_effect=AssertionError("built")),
        mock.patch.object(PairSerializer, "from_row", side_effect=AssertionError("built")),
        mock.patch.object(MatchSerializer, "to_representation", side_effect=AssertionError("built")),
        django_assert_num_queries(2),  # the event, and the page's matches with their count
    ):
        response = api_client.get(list_url(event), {"round": 1}, HTTP_IF_NONE_MATCH=etag)
    assert (response.status_code, response["ETag"]) == (304, etag)


def test_a_200_reads_three_times(event, api_client, django_assert_num_queries):
    _mixed_schedule(event)
    with django_assert_num_queries(3):  # and the page's pairs with their players
        assert api_client.get(list_url(event), {"round": 1}).status_code == 200


def _rename_pair(organizer, matches):
    url = f"/api/v1/events/{matches[0].round.event.slug}/pairs/{matches[0].ns_pair_id}/"
    assert organizer.patch(url, {"name": "Tigers"}, format="json").status_code == 200


def _regrade_pair(organizer, matches):
    url = f"/api/v1/events/{matches[0].round.event.slug}/pairs/{matches[0].ew_pair_id}/"
    assert organizer.patch(url, {"grade": "B", "status_reason": "late"}, format="json").status_code == 200


def _rename_player(organizer, matches):
    url = f"/api/v1/events/{matches[0].round.event.slug}/players/{matches[0].ew_pair.player_1_id}/"
    assert organizer.patch(url, {"name": "Someone Else", "seed": 4}, format="json").status_code == 200


def _start_playing(organizer, matches):
    Match.objects.filter(pk=matches[0].pk).update(status="playing")  # as a deal post does, unversioned


def _add_a_table(organizer, matches):
    MatchFactory(round=matches[0].round, table=9)


def _publish_a_round(organizer, matches):
    MatchFactory(round=RoundFactory(event=matches[0].round.event, number=2, status=RoundStatus.PUBLISHED))


@pytest.mark.parametrize(
    "change", [_rename_pair, _regrade_pair, _rename_player, _start_playing, _add_a_table, _publish_a_round]
)
def test_the_lists_etag_changes_with_anything_it_shows(event, organizer, api_client, change):
    matches = _mixed_schedule(event)
    before = api_client.get(list_url(event), {"page_size": 2})
    assert (
        api_client.get(list_url(event), {"page_size": 2}, HTTP_IF_NONE_MATCH=before["ETag"]).status_code
        == 304
    )
    change(organizer, matches)
    after = api_client.get(list_url(event), {"page_size": 2}, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert after["ETag"] != before["ETag"]


def test_the_lists_etag_is_per_page(event, api_client):
    _mixed_schedule(event)
    first = api_client.get(list_url(event), {"page_size": 1})
    second = api_client.get(list_url(event), {"page_size": 1, "page": 2})
    assert first["ETag"] != second["ETag"]
    assert (
        api_client.get(
            list_url(event), {"page_size": 1, "page": 2}, HTTP_IF_NONE_MATCH=first["ETag"]
        ).status_code
        == 200
    )


@pytest.mark.parametrize(
    ("query", "count", "tables", "links"),
    [
        ({"page_size": 2}, 3, [1, 2], (True, False)),
        ({"page_size": 2, "page": 2}, 3, [3], (False, True)),
        ({"page_size": 2, "page": "last"}, 3, [3], (False, True)),
        ({"round": 1, "table": 2}, 1, [2], (False, False)),
        ({"round": 7}, 0, [], (False, False)),
    ],
)
def test_the_lists_pages_and_links(event, api_client, query, count, tables, links):
    _mixed_schedule(event)
    body = api_client.get(list_url(event), query).json()
    assert (body["count"], [m["table"] for m in body["results"]]) == (count, tables)
    assert (body["next"] is not None, body["previous"] is not None) == links


@pytest.mark.parametrize("page", ["3", "0", "x", "-1"])
def test_a_page_out_of_range_is_a_404(event, api_client, page):
    _mixed_schedule(event)
    assert_problem(api_client.get(list_url(event), {"page_size": 2, "page": page}), 404, "not_found")


@pytest.mark.parametrize("page", ["376712508613341952", str(2**63), "99999999999999999999999"])
def test_a_page_number_past_any_list_is_a_404_not_a_500(event, organizer, schedule, page):
    """Issue 23: ?page=376712508613341952 made an OFFSET past PostgreSQL's bigint (500)."""
    assert_problem(organizer.get(list_url(event), {"page": page}), 404, "not_found")
