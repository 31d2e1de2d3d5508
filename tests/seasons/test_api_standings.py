"""Series standings (G11 series, docs/series.md): points per placing or match points carried, best
k of n events, the series' tiebreak chain, ``?as_of=``, and who is the same entrant across events."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from tests.seasons.conftest import club_organizer, members, played, series_of
from tests.tournaments.conftest import assert_problem
from tournaments.models import EventStatus, Member, PairStatus
from tournaments.services.registration import pair_update

pytestmark = pytest.mark.django_db


def standings(client, series, **params):
    response = client.get(f"/api/v1/series/{series.slug}/standings", params)
    assert response.status_code == 200, response.content[:300]
    return response.json()


def by_name(body) -> dict[str, dict]:
    return {row["entrant"]["name"]: row for row in body["rows"]}


def test_g11_series_points_per_placing_summed_over_events(club):
    a, b, c, d = members(club, 4)
    first, _ = played(club, [a, b, c, d])  # a 1st, b 2nd, c 3rd, d 4th
    second, _ = played(club, [b, a, d, c])  # b 1st, a 2nd
    series = series_of(club, [first, second])
    body = standings(APIClient(), series)
    rows = body["rows"]
    # a and b: 10 + 8 = 18 each, c and d: 6 + 5 = 11 each
    assert [row["points"] for row in rows] == [18.0, 18.0, 11.0, 11.0]
    # a tie on points split by the latest event first (best_places and all_points are equal): b won it
    top = [row["entrant"]["name"] for row in rows[:2]]
    assert top == [f"{b[0].name} & {b[1].name}", f"{a[0].name} & {a[1].name}"]
    assert rows[0]["decided_by"] == "last_event"
    assert rows[0]["tiebreaks"]["best_places"] == [1, 2]
    assert [event["slug"] for event in body["events"]] == [first.slug, second.slug]


def test_g11_series_best_k_of_n_counts_the_best_events_only(club):
    a, b, c = members(club, 3)
    events = [played(club, order)[0] for order in ([a, b, c], [a, b, c], [c, b, a])]
    series = series_of(club, events, best_of=2)
    rows = by_name(standings(APIClient(), series))
    name_a = f"{a[0].name} & {a[1].name}"
    name_c = f"{c[0].name} & {c[1].name}"
    assert rows[name_a]["points"] == 20.0  # 10 + 10, the 6 of the third event not counted
    assert [r["counted"] for r in rows[name_a]["results"]] == [True, True, False]
    assert rows[name_c]["points"] == 16.0  # 10 + 6
    assert rows[name_a]["events_played"] == 3


def test_g11_series_match_points_carried(club):
    a, b, c, d = members(club, 4)
    first, _ = played(club, [a, b, c, d])
    series = series_of(club, [first], points="match_points")
    rows = standings(APIClient(), series)["rows"]
    # a round robin of 4: 3, 2, 1 and 0 wins at 2 match points each (G9)
    assert [row["points"] for row in rows] == [6.0, 4.0, 2.0, 0.0]


def test_g11_series_placing_table_is_the_series_setting(club):
    a, b = members(club, 2)
    first, _ = played(club, [a, b])
    series = series_of(club, [first], placing_points=[3, 1])
    assert [row["points"] for row in standings(APIClient(), series)["rows"]] == [3.0, 1.0]


def test_g11_series_as_of_an_event(club):
    a, b = members(club, 2)
    first, _ = played(club, [a, b])
    second, _ = played(club, [b, a])
    third, _ = played(club, [b, a])
    series = series_of(club, [first, second, third])
    body = standings(APIClient(), series, as_of=first.slug)
    assert body["as_of"] == first.slug
    assert [row["points"] for row in body["rows"]] == [10.0, 8.0]
    assert [event["slug"] for event in body["events"]] == [first.slug]
    body = standings(APIClient(), series, as_of=second.slug)
    assert [row["points"] for row in body["rows"]] == [18.0, 18.0]


def test_g11_series_as_of_an_event_outside_the_series_is_a_400(club):
    a, b = members(club, 2)
    first, _ = played(club, [a, b])
    series = series_of(club, [first])
    response = APIClient().get(f"/api/v1/series/{series.slug}/standings", {"as_of": "nope"})
    body = assert_problem(response, 400, "unknown_event")
    assert body["errors"][0]["field"] == "as_of"


def test_g11_series_same_members_are_one_entrant_whatever_the_pair_number_or_name(club):
    a, b = members(club, 2)
    first, _pairs = played(club, [a, b])
    second, later = played(club, [a, b])
    later[0].name = "A new name"
    later[0].save()
    series = series_of(club, [first, second])
    rows = standings(APIClient(), series)["rows"]
    assert len(rows) == 2
    assert rows[0]["entrant"]["name"] == "A new name"  # the latest event's
    assert rows[0]["entrant"]["key"] == "m:" + "-".join(str(m.pk) for m in sorted(a, key=lambda m: m.pk))


def test_g11_series_a_merged_member_counts_as_the_one_it_became(club):
    a, b = members(club, 2)
    first, _ = played(club, [a, b])
    duplicate = Member.objects.create(club=club, name=a[0].name)
    second, _ = played(club, [[duplicate, a[1]], b])
    series = series_of(club, [first, second])
    assert len(standings(APIClient(), series)["rows"]) == 3  # not merged yet: a third entrant
    duplicate.merged_into = a[0]
    duplicate.save()
    rows = standings(APIClient(), series)["rows"]
    assert len(rows) == 2
    assert rows[0]["points"] == 20.0


def test_g11_series_a_player_without_member_is_an_entrant_of_one_event(club):
    a, b = members(club, 2)
    first, pairs = played(club, [a, b])
    second, again = played(club, [a, b])
    for pair in (pairs[0], again[0]):
        pair.player_1.member = None
        pair.player_1.save()
    series = series_of(club, [first, second])
    keys = [row["entrant"]["key"] for row in standings(APIClient(), series)["rows"]]
    assert len(keys) == 3
    assert f"p:{pairs[0].pk}" in keys and f"p:{again[0].pk}" in keys


def test_g11_series_leaves_out_draft_events_not_counting_ones_and_disqualified_pairs(club):
    a, b, c = members(club, 3)
    first, pairs = played(club, [a, b, c])
    hidden, _ = played(club, [c, b, a], status=EventStatus.DRAFT)
    aside, _ = played(club, [c, b, a])
    series = series_of(club, [first, hidden, aside])
    series.entries.filter(event=aside).update(counts=False)
    pairs[0].status = PairStatus.DISQUALIFIED
    pairs[0].save()
    body = standings(APIClient(), series)
    # the draft is not even listed; the event that does not count is listed, not counted
    assert [(event["slug"], event["counted"]) for event in body["events"]] == [
        (first.slug, True),
        (aside.slug, False),
    ]
    assert [row["points"] for row in body["rows"]] == [8.0, 6.0]  # b 2nd, c 3rd; a disqualified


def test_g11_series_placings_follow_a_correction(club):
    a, b = members(club, 2)
    first, pairs = played(club, [a, b])
    series = series_of(club, [first])
    assert standings(APIClient(), series)["rows"][0]["entrant"]["name"].startswith(a[0].name)
    pair_update(pair=pairs[0], status=PairStatus.DISQUALIFIED)  # moves the event's results version
    assert [row["points"] for row in standings(APIClient(), series)["rows"]] == [8.0]


def test_g11_series_ties_share_a_place_or_are_drawn_by_lots(club):
    a, b = members(club, 2)
    first, _ = played(club, [a, b])
    second, _ = played(club, [b, a])
    series = series_of(club, [first, second], tiebreaks=["all_points"])
    rows = standings(APIClient(), series)["rows"]
    assert [(row["rank"], row["shared"]) for row in rows] == [(1, True), (1, True)]
    series.shared_places = False
    series.lots_seed = 12345
    series.save()
    rows = standings(APIClient(), series)["rows"]
    assert [(row["rank"], row["shared"]) for row in rows] == [(1, False), (2, False)]
    assert rows[0]["decided_by"] == "lots"


def test_g11_series_draft_is_hidden_but_from_the_club_organisers(club):
    a, b = members(club, 2)
    first, _ = played(club, [a, b])
    series = series_of(club, [first])
    series.status = "draft"
    series.save()
    assert_problem(APIClient().get(f"/api/v1/series/{series.slug}/standings"), 404, "not_found")
    assert club_organizer(club).get(f"/api/v1/series/{series.slug}/standings").status_code == 200


def queries_of(series) -> int:
    client = APIClient()
    client.get(f"/api/v1/series/{series.slug}/standings")  # stores the placings of every event
    with CaptureQueriesContext(connection) as captured:
        standings(client, series)
    return len(captured)


def test_g11_series_standings_take_a_constant_number_of_queries(club):
    people = members(club, 6)
    few = series_of(club, [played(club, people[:4])[0] for _ in range(2)], slug="few")
    many = series_of(club, [played(club, people[i % 3 : i % 3 + 4])[0] for i in range(6)], slug="many")
    assert queries_of(few) == queries_of(many) <= 4
