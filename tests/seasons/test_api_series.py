"""Series, their events and their links through the API (docs/series.md): a club's organisers
manage its series; others read the published ones; each event keeps its own staff."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from seasons.models import Series
from tests.factories import ClubFactory, EventFactory
from tests.seasons.conftest import club_organizer, series_of
from tests.tournaments.conftest import assert_problem, client_for, grant, new_user, table_client
from tournaments.models import EventStatus, Role

pytestmark = pytest.mark.django_db


def test_g11_series_created_by_a_club_organiser(club):
    organizer = club_organizer(club)
    response = organizer.post(
        "/api/v1/series/",
        {"slug": "league", "name": "League", "club": club.slug, "best_of": 10, "placing_points": [5, 3, 1]},
        format="json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["club"] == club.slug and body["status"] == "draft"
    assert body["tiebreaks"] == ["best_places", "all_points", "last_event"]
    assert Series.objects.get(slug="league").created_by == organizer.user


def test_g11_series_create_refused_to_others_and_for_unknown_clubs(club):
    body = {"slug": "league", "name": "League", "club": club.slug}
    assert_problem(
        client_for(new_user()).post("/api/v1/series/", body, format="json"), 403, "permission_denied"
    )
    assert APIClient().post("/api/v1/series/", body, format="json").status_code == 401
    other = club_organizer(ClubFactory())
    assert_problem(other.post("/api/v1/series/", body, format="json"), 403, "permission_denied")
    unknown = other.post("/api/v1/series/", {**body, "club": "nope"}, format="json")
    assert assert_problem(unknown, 400, "unknown_club")["errors"][0]["field"] == "club"


def test_g11_series_settings_are_checked(club):
    organizer = club_organizer(club)
    base = {"slug": "league", "name": "League", "club": club.slug}
    response = organizer.post(
        "/api/v1/series/", {**base, "tiebreaks": ["all_points", "all_points"]}, format="json"
    )
    assert assert_problem(response, 400, "duplicate_metric")["errors"][0]["field"] == "tiebreaks.1"
    response = organizer.post("/api/v1/series/", {**base, "placing_points": []}, format="json")
    assert_problem(response, 400, "invalid")
    response = organizer.post("/api/v1/series/", {**base, "tiebreaks": ["nope"]}, format="json")
    assert assert_problem(response, 400, "unknown_metric")["errors"][0]["field"] == "tiebreaks.0"
    series_of(club, [], slug="taken")
    assert_problem(organizer.post("/api/v1/series/", {**base, "slug": "taken"}, format="json"), 400, "unique")


def test_g11_series_list_and_read(club):
    public = series_of(club, [], slug="public")
    draft = series_of(club, [], slug="draft")
    draft.status = "draft"
    draft.save()
    assert [s["slug"] for s in APIClient().get("/api/v1/series/").json()["results"]] == ["public"]
    organizer = club_organizer(club)
    assert [s["slug"] for s in organizer.get("/api/v1/series/").json()["results"]] == ["draft", "public"]
    assert APIClient().get(f"/api/v1/series/{public.slug}/").json()["name"] == "Season"
    assert_problem(APIClient().get("/api/v1/series/draft/"), 404, "not_found")
    assert organizer.get("/api/v1/series/draft/").status_code == 200


def test_g11_series_edit_and_delete(club):
    series = series_of(club, [], slug="league")
    organizer = club_organizer(club)
    response = organizer.patch(
        "/api/v1/series/league/", {"best_of": 3, "points": "match_points"}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["best_of"] == 3 and response.json()["points"] == "match_points"
    outsider = client_for(new_user())
    assert_problem(
        outsider.patch("/api/v1/series/league/", {"best_of": 2}, format="json"), 403, "permission_denied"
    )
    assert organizer.delete("/api/v1/series/league/").status_code == 204
    assert not Series.objects.filter(pk=series.pk).exists()


def test_g11_series_events_added_from_the_club_only(club):
    series_of(club, [], slug="league")
    organizer = club_organizer(club)
    weekly = EventFactory(club=club)
    response = organizer.post(
        "/api/v1/series/league/events/", {"event": weekly.slug, "stage": "weekly"}, format="json"
    )
    assert response.status_code == 201, response.content
    assert response.json()["position"] == 1 and response.json()["event"] == weekly.slug
    again = organizer.post("/api/v1/series/league/events/", {"event": weekly.slug}, format="json")
    assert_problem(again, 409, "already_in_series")
    foreign = EventFactory(club=ClubFactory())
    response = organizer.post("/api/v1/series/league/events/", {"event": foreign.slug}, format="json")
    assert_problem(response, 400, "event_not_in_club")
    monthly = EventFactory(club=club)
    response = organizer.post(
        "/api/v1/series/league/events/", {"event": monthly.slug, "position": 1}, format="json"
    )
    assert_problem(response, 409, "position_taken")
    listed = organizer.get("/api/v1/series/league/events/").json()["results"]
    assert [e["event"] for e in listed] == [weekly.slug]


def test_g11_series_draft_events_listed_to_the_club_organisers_only(club):
    weekly, draft = EventFactory(club=club, status=EventStatus.PUBLISHED), EventFactory(club=club)
    series_of(club, [weekly, draft], slug="league")
    public = APIClient().get("/api/v1/series/league/events/").json()["results"]
    assert [e["event"] for e in public] == [weekly.slug]
    organizer = club_organizer(club).get("/api/v1/series/league/events/").json()["results"]
    assert [e["event"] for e in organizer] == [weekly.slug, draft.slug]


def test_g11_series_event_edit_and_remove(club):
    weekly, monthly = EventFactory(club=club), EventFactory(club=club)
    series = series_of(club, [weekly, monthly], slug="league")
    organizer = club_organizer(club)
    entry = series.entries.get(event=weekly)
    response = organizer.patch(f"/api/v1/series/league/events/{entry.pk}/", {"counts": False}, format="json")
    assert response.status_code == 200 and response.json()["counts"] is False
    taken = organizer.patch(f"/api/v1/series/league/events/{entry.pk}/", {"position": 2}, format="json")
    assert_problem(taken, 409, "position_taken")
    organizer.post(
        "/api/v1/series/league/links/",
        {"feeder": weekly.slug, "final": monthly.slug, "top": 2},
        format="json",
    )
    assert_problem(organizer.delete(f"/api/v1/series/league/events/{entry.pk}/"), 409, "event_linked")


def test_g11_series_links(club):
    weekly, monthly, annual = (EventFactory(club=club) for _ in range(3))
    series_of(club, [weekly, monthly, annual], slug="league")
    organizer = club_organizer(club)
    response = organizer.post(
        "/api/v1/series/league/links/",
        {"feeder": weekly.slug, "final": monthly.slug, "top": 4},
        format="json",
    )
    assert response.status_code == 201, response.content
    created = response.json()
    assert created["by"] == "pairs" and created["declined"] == []
    organizer.post(
        "/api/v1/series/league/links/",
        {"feeder": monthly.slug, "final": annual.slug, "top": 2},
        format="json",
    )
    circle = organizer.post(
        "/api/v1/series/league/links/", {"feeder": annual.slug, "final": weekly.slug, "top": 1}, format="json"
    )
    assert_problem(circle, 400, "link_cycle")
    twice = organizer.post(
        "/api/v1/series/league/links/",
        {"feeder": weekly.slug, "final": monthly.slug, "top": 1},
        format="json",
    )
    assert_problem(twice, 409, "duplicate_link")
    outside = organizer.post(
        "/api/v1/series/league/links/",
        {"feeder": EventFactory(club=club).slug, "final": monthly.slug, "top": 1},
        format="json",
    )
    assert assert_problem(outside, 400, "not_in_series")["errors"][0]["field"] == "feeder"
    edited = organizer.patch(
        f"/api/v1/series/league/links/{created['id']}/", {"top": 3, "declined": [7]}, format="json"
    )
    assert edited.json()["top"] == 3 and edited.json()["declined"] == [7]
    assert organizer.delete(f"/api/v1/series/league/links/{created['id']}/").status_code == 204


def test_g11_series_event_staff_manage_no_series(club):
    """Each event keeps its own staff: an event's organiser is no organiser of the club's series."""
    weekly = EventFactory(club=club, status=EventStatus.PUBLISHED)
    series_of(club, [], slug="league")
    event_organizer = client_for(grant(weekly, Role.ORGANIZER))
    response = event_organizer.post("/api/v1/series/league/events/", {"event": weekly.slug}, format="json")
    assert_problem(response, 403, "permission_denied")
    assert (
        table_client(weekly, 1)
        .post("/api/v1/series/league/events/", {"event": weekly.slug}, format="json")
        .status_code
        == 403
    )
