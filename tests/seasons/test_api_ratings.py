"""``GET /clubs/{slug}/ratings/`` and ``GET /clubs/{slug}/members/{id}/ratings/`` (docs/ratings.md):
the club's members rated from every confirmed result of its events, after each confirmation,
correction or merge, in a task queued on commit."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from seasons.models import Rating, RatingChange
from seasons.services.ratings import recompute
from tests.factories import EventFactory, MatchFactory, RoundFactory, StageFactory
from tests.seasons.conftest import API, EW_WINS, NS_WINS, club_organizer, member_pair, official, series_of
from tests.tournaments.conftest import assert_problem, role_client
from tournaments.models import Member, Role, RoundStatus, StageKind
from tournaments.services.registration import player_update

pytestmark = pytest.mark.django_db


def table(client, slug="tea", **params):
    response = client.get(f"{API}/clubs/{slug}/ratings/", params)
    assert response.status_code == 200, response.json()
    return response.json()


def names(body) -> list[str]:
    return [row["name"] for row in body["rows"]]


def test_r1_a_confirmed_result_rates_the_winning_pair_above_the_losers(
    season, referee, client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        official(referee, season["matches"][0], NS_WINS)
    body = table(client)
    assert body["club"] == {"slug": "tea", "name": "Tea House"}
    assert body["rated_matches"] == 1 and body["events"] is None
    rows = {row["name"]: row for row in body["rows"]}
    assert set(rows) == {"A", "B", "C", "D"}  # table 2 has no result yet: E..H are not rated
    assert rows["A"]["rating"] == rows["B"]["rating"] > rows["C"]["rating"] == rows["D"]["rating"]
    assert rows["A"]["matches"] == 1
    assert [row["rank"] for row in body["rows"]] == [1, 2, 3, 4]
    assert set(body["rows"][0]) == {
        "rank",
        "member",
        "name",
        "affiliation",
        "rating",
        "mu",
        "sigma",
        "matches",
    }


def test_r2_a_correction_rates_the_match_again(season, referee, client, django_capture_on_commit_callbacks):
    match = season["matches"][0]
    with django_capture_on_commit_callbacks(execute=True):
        official(referee, match, NS_WINS)
    before = {row["name"]: row["rating"] for row in table(client)["rows"]}
    with django_capture_on_commit_callbacks(execute=True):
        official(referee, match, EW_WINS, corrects=1)
    after = {row["name"]: row["rating"] for row in table(client)["rows"]}
    assert after["C"] == before["A"] and after["A"] == before["C"]
    assert RatingChange.objects.filter(match=match).count() == 4  # the match once, as corrected


def test_r2_recomputing_gives_the_same_numbers(season, referee, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        official(referee, season["matches"][0], NS_WINS)
        official(referee, season["matches"][1], EW_WINS)
    stored = list(
        Rating.objects.values_list("member_id", "mu", "sigma", "rating", "matches").order_by("member_id")
    )
    assert recompute(season["event"].club_id) == 2
    assert recompute(season["event"].club_id) == 2
    assert (
        list(
            Rating.objects.values_list("member_id", "mu", "sigma", "rating", "matches").order_by("member_id")
        )
        == stored
    )


def test_r2_merged_members_are_rated_as_one_person(
    season, club, referee, client, django_capture_on_commit_callbacks
):
    """A member merged through the API (``tournaments.signals.member_merged``) is rated with the
    member it became: their matches in two events are one person's."""
    week_2 = EventFactory(published=True, slug="week-2", club=club)
    pairs = [member_pair(week_2, club, "A again", "I"), member_pair(week_2, club, "J", "K")]
    round_ = RoundFactory(event=week_2, stage=StageFactory(event=week_2, kind=StageKind.SWISS), number=1)
    match = MatchFactory(round=round_, table=1, ns_pair=pairs[0], ew_pair=pairs[1])
    round_.status = RoundStatus.PUBLISHED
    round_.save(update_fields=["status"])
    with django_capture_on_commit_callbacks(execute=True):
        official(referee, season["matches"][0], NS_WINS)
        official(role_client(week_2, Role.REFEREE), match, NS_WINS)
    a = Member.objects.get(name="A")
    again = Member.objects.get(name="A again")
    assert {row["name"]: row["matches"] for row in table(client)["rows"]}["A"] == 1
    with django_capture_on_commit_callbacks(execute=True):
        response = club_organizer(club).post(
            f"{API}/clubs/tea/members/{again.pk}/merge", {"into": a.pk}, format="json"
        )
    assert response.status_code == 200, response.json()
    rows = {row["name"]: row for row in table(client)["rows"]}
    assert "A again" not in rows and rows["A"]["matches"] == 2
    history = client.get(f"{API}/clubs/tea/members/{again.pk}/ratings/").json()
    assert history["member"]["id"] == a.pk and history["matches"] == 2


def test_r3_a_members_history_holds_each_match_before_and_after(
    season, referee, client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        official(referee, season["matches"][0], NS_WINS)
    a = Member.objects.get(name="A")
    response = client.get(f"{API}/clubs/tea/members/{a.pk}/ratings/")
    assert response.status_code == 200
    body = response.json()
    assert body["member"] == {"id": a.pk, "name": "A", "affiliation": ""}
    (change,) = body["history"]
    assert change["event"] == {"slug": "week-1", "name": season["event"].name}
    assert (change["round"], change["table"], change["match"]) == (1, 1, season["matches"][0].pk)
    assert change["before"]["rating"] == 0.0 and change["after"]["rating"] > 0
    assert body["rating"] == change["after"]


def test_r3_a_member_not_yet_rated_has_an_empty_history(season, client):
    g = Member.objects.get(name="G")
    body = client.get(f"{API}/clubs/tea/members/{g.pk}/ratings/").json()
    assert (body["rating"], body["matches"], body["history"]) == (None, 0, [])


def test_r3_an_unknown_club_or_another_clubs_member_is_404(season, client):
    assert_problem(client.get(f"{API}/clubs/nowhere/ratings/"), 404, "not_found")
    other = Member.objects.create(
        club=season["event"].club.__class__.objects.create(slug="x", name="X"), name="Z"
    )
    assert_problem(client.get(f"{API}/clubs/tea/members/{other.pk}/ratings/"), 404, "not_found")
    assert_problem(client.get(f"{API}/clubs/nowhere/members/{other.pk}/ratings/"), 404, "not_found")


def test_r3_the_table_over_some_events_counts_only_their_matches(
    season, referee, client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        official(referee, season["matches"][0], NS_WINS)
    body = table(client, events="week-1")
    assert body["events"] == ["week-1"] and set(names(body)) == {"A", "B", "C", "D"}
    assert_problem(client.get(f"{API}/clubs/tea/ratings/", {"events": "week-1,nope"}), 400, "unknown_event")


def test_r3_the_tables_are_public_and_show_no_contact_data(
    season, referee, client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        official(referee, season["matches"][0], NS_WINS)
    text = client.get(f"{API}/clubs/tea/ratings/").content.decode()
    assert "@" not in text and "+86" not in text


def test_r5_the_table_reads_a_constant_number_of_queries(
    season, referee, client, django_capture_on_commit_callbacks
):
    def counted(**params) -> int:
        with CaptureQueriesContext(connection) as captured:
            table(client, **params)
        return len(captured.captured_queries)

    with django_capture_on_commit_callbacks(execute=True):
        official(referee, season["matches"][0], NS_WINS)
    few, few_scoped = counted(), counted(events="week-1")
    with django_capture_on_commit_callbacks(execute=True):
        official(referee, season["matches"][1], EW_WINS)
    assert len(table(client)["rows"]) == 8
    assert (counted(), counted(events="week-1")) == (few, few_scoped)


def test_r2_a_player_linked_to_another_member_moves_their_matches(
    season, referee, client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        official(referee, season["matches"][0], NS_WINS)
    player = season["pairs"][0].player_1
    with django_capture_on_commit_callbacks(execute=True):
        Member.objects.create(club=season["event"].club, name="A2", member_number="A2")
        player_update(player=player, member_number="A2")
    assert set(names(table(client))) == {"A2", "B", "C", "D"}


def test_r4_a_rating_table_over_a_series_counts_its_events_only(
    season, club, referee, client, django_capture_on_commit_callbacks
):
    """``?series=`` rates from the matches of the club's published series only (docs/ratings.md)."""
    other = EventFactory(published=True, slug="friendly", club=club)
    series_of(club, [season["event"]], slug="league")
    with django_capture_on_commit_callbacks(execute=True):
        official(referee, season["matches"][0], NS_WINS)
    assert names(table(client, series="league"))[:2] == ["A", "B"]
    body = table(client, series="league")
    assert body["events"] == ["week-1"] and other.slug not in body["events"]
    assert table(client, series="league")["rows"] == table(client, events="week-1")["rows"]


@pytest.mark.parametrize(
    ("params", "code"),
    [({"series": "nope"}, "unknown_series"), ({"series": "league", "events": "week-1"}, "scope_conflict")],
)
def test_r4_a_series_scope_that_names_no_published_series_is_a_400(season, club, client, params, code):
    series_of(club, [season["event"]], slug="league")
    series_of(club, [season["event"]], slug="draft-league", status="draft")
    response = client.get(f"{API}/clubs/tea/ratings/", params)
    assert_problem(response, 400, code)
    assert_problem(client.get(f"{API}/clubs/tea/ratings/", {"series": "draft-league"}), 400, "unknown_series")


def test_r4_the_ratings_page_over_a_series(season, club, client):
    series_of(club, [season["event"]], slug="league")
    response = client.get("/c/tea/ratings/", {"series": "league", "lang": "zh-hans"})
    assert response.status_code == 200
    assert "仅按系列赛 league 的对局评分。" in response.content.decode()
