"""Clubs and their staff through the API (tournaments/views/clubs.py; docs/clubs.md)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import ClubFactory, EventFactory
from tests.tournaments.clubs import club_organizer, club_with_organizer
from tests.tournaments.conftest import assert_problem, client_for, field_errors, new_user, table_client
from tournaments.models import Club, ClubRole, ClubStaff

pytestmark = pytest.mark.django_db

CLUBS = "/api/v1/clubs/"


def test_clubs_an_account_creates_a_club_and_organises_it():
    user = new_user("founder")
    response = client_for(user).post(CLUBS, {"slug": "tea-house", "name": "Tea House 茶馆"}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["slug"] == "tea-house"
    assert [(s["username"], s["role"]) for s in body["staff"]] == [(user.username, "organizer")]
    assert ClubStaff.objects.filter(club__slug="tea-house", user=user, role=ClubRole.ORGANIZER).exists()


def test_clubs_a_slug_is_unique():
    ClubFactory(slug="tea-house")
    response = client_for(new_user()).post(CLUBS, {"slug": "tea-house", "name": "Other"}, format="json")
    assert_problem(response, 400, "unique")
    assert field_errors(response) == {"slug": "unique"}


def test_clubs_anonymous_and_table_tokens_create_none():
    assert APIClient().post(CLUBS, {"slug": "x", "name": "X"}, format="json").status_code == 401
    token = table_client(EventFactory(published=True), 1)
    assert_problem(token.post(CLUBS, {"slug": "x", "name": "X"}, format="json"), 403, "permission_denied")
    assert not Club.objects.filter(slug="x").exists()


def test_clubs_anyone_reads_slug_and_name_only_organisers_read_the_staff():
    _, organizer = club_with_organizer(slug="union", name="Union")
    public = APIClient().get(f"{CLUBS}union/")
    assert public.status_code == 200
    assert public.json() == {"slug": "union", "name": "Union"}
    assert client_for(new_user()).get(f"{CLUBS}union/").json() == {"slug": "union", "name": "Union"}
    assert [s["username"] for s in organizer.get(f"{CLUBS}union/").json()["staff"]] == [
        organizer.user.username
    ]
    listed = APIClient().get(CLUBS).json()["results"]
    assert {"slug": "union", "name": "Union"} in listed
    assert all("staff" not in row for row in listed)


def test_clubs_an_unknown_club_is_a_404():
    assert_problem(APIClient().get(f"{CLUBS}nobody/"), 404, "not_found")


def test_clubs_its_organisers_rename_it_others_may_not():
    club, organizer = club_with_organizer()
    response = organizer.patch(f"{CLUBS}{club.slug}/", {"name": "New name"}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["name"] == "New name"
    assert response.has_header("ETag")
    assert_problem(
        client_for(new_user()).patch(f"{CLUBS}{club.slug}/", {"name": "Mine"}, format="json"),
        403,
        "permission_denied",
    )
    assert APIClient().patch(f"{CLUBS}{club.slug}/", {"name": "Mine"}, format="json").status_code == 401
    club.refresh_from_db()
    assert club.name == "New name"


def test_clubs_a_superuser_organises_every_club():
    club = ClubFactory()
    root = client_for(new_user("root", is_superuser=True))
    assert root.patch(f"{CLUBS}{club.slug}/", {"name": "Ruled"}, format="json").status_code == 200


def test_clubs_organisers_add_and_remove_staff():
    club, organizer = club_with_organizer()
    helper = new_user("helper")
    staff = f"{CLUBS}{club.slug}/staff/"
    added = organizer.post(staff, {"username": helper.username}, format="json")
    assert added.status_code == 201, added.content
    assert added.json()["role"] == "organizer"
    again = organizer.post(staff, {"username": helper.username}, format="json")
    assert again.status_code == 201 and again.json()["id"] == added.json()["id"]  # idempotent
    assert len(organizer.get(staff).json()["results"]) == 2
    assert (
        client_for(helper).patch(f"{CLUBS}{club.slug}/", {"name": "Helped"}, format="json").status_code == 200
    )
    assert organizer.delete(f"{staff}{added.json()['id']}/").status_code == 204
    assert not ClubStaff.objects.filter(club=club, user=helper).exists()


def test_clubs_staff_of_an_unknown_user_is_a_400():
    club, organizer = club_with_organizer()
    response = organizer.post(f"{CLUBS}{club.slug}/staff/", {"username": "nobody"}, format="json")
    assert_problem(response, 400, "unknown_user")


def test_clubs_the_last_organiser_stays():
    club, organizer = club_with_organizer()
    own = ClubStaff.objects.get(club=club, user=organizer.user)
    assert_problem(organizer.delete(f"{CLUBS}{club.slug}/staff/{own.pk}/"), 409, "last_organizer")


def test_clubs_only_organisers_read_or_manage_the_staff():
    club, organizer = club_with_organizer()
    staff = f"{CLUBS}{club.slug}/staff/"
    outsider = client_for(new_user())
    assert APIClient().get(staff).status_code == 401
    assert_problem(outsider.get(staff), 403, "permission_denied")
    assert_problem(
        outsider.post(staff, {"username": outsider.user.username}, format="json"), 403, "permission_denied"
    )
    own = ClubStaff.objects.get(club=club, user=organizer.user)
    assert_problem(outsider.delete(f"{staff}{own.pk}/"), 403, "permission_denied")
    # an organiser of another club is an outsider here
    other = club_organizer(ClubFactory())
    assert_problem(other.get(staff), 403, "permission_denied")
