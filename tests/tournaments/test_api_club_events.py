"""Events linked to a club, and their registrations and imports finding the club's members by
member number (tournaments/services/clubs.py, registration.py, imports.py; docs/clubs.md)."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from tests.factories import ClubFactory, EventFactory, MemberFactory, PlayerFactory
from tests.tournaments.clubs import club_organizer, club_with_organizer
from tests.tournaments.conftest import assert_problem, client_for, field_errors, grant, new_user
from tournaments.models import Member, Pair, Player, Role

pytestmark = pytest.mark.django_db

EVENTS = "/api/v1/events/"


# ---- linking an event to a club ---------------------------------------------------------------
def test_clubs_an_organiser_of_the_club_creates_an_event_of_it():
    club, organizer = club_with_organizer()
    response = organizer.post(
        EVENTS, {"slug": "weekly-1", "name": "Weekly 1", "club": club.slug}, format="json"
    )
    assert response.status_code == 201, response.content
    assert response.json()["club"] == club.slug
    assert APIClient().get(f"{EVENTS}weekly-1/").status_code == 404  # a draft, as ever
    assert organizer.get(f"{EVENTS}weekly-1/").json()["club"] == club.slug


def test_clubs_someone_else_links_no_event_to_the_club():
    club = ClubFactory()
    response = client_for(new_user()).post(
        EVENTS, {"slug": "mine", "name": "Mine", "club": club.slug}, format="json"
    )
    assert_problem(response, 403, "not_club_organizer")
    assert field_errors(response) == {"club": "not_club_organizer"}
    response = client_for(new_user()).post(
        EVENTS, {"slug": "mine", "name": "Mine", "club": "nobody"}, format="json"
    )
    assert field_errors(response) == {"club": "does_not_exist"}
    response = client_for(new_user()).post(EVENTS, {"slug": "mine", "name": "Mine", "club": 3}, format="json")
    assert field_errors(response) == {"club": "invalid_type"}


def test_clubs_patch_links_an_event_only_for_someone_who_organises_both():
    club = ClubFactory()
    event = EventFactory(published=True)
    both = new_user()
    grant(event, Role.ORGANIZER, user=both)
    club_organizer(club, both)
    event_only = client_for(grant(event, Role.ORGANIZER))
    club_only = club_organizer(club)
    url = f"{EVENTS}{event.slug}/"
    assert_problem(event_only.patch(url, {"club": club.slug}, format="json"), 403, "not_club_organizer")
    assert_problem(club_only.patch(url, {"club": club.slug}, format="json"), 403, "permission_denied")
    response = client_for(both).patch(url, {"club": club.slug}, format="json")
    assert response.status_code == 200 and response.json()["club"] == club.slug
    # leaving the club also takes an organiser of it
    assert_problem(event_only.patch(url, {"club": None}, format="json"), 403, "not_club_organizer")
    assert event_only.patch(url, {"venue": "Hall B"}, format="json").status_code == 200  # the club unchanged
    assert APIClient().get(url).json()["club"] == club.slug


def test_clubs_an_event_whose_players_are_members_stays_the_clubs():
    club, organizer = club_with_organizer()
    event = EventFactory(club=club)
    grant(event, Role.ORGANIZER, user=organizer.user)
    PlayerFactory(event=event, member=MemberFactory(club=club))
    response = organizer.patch(f"{EVENTS}{event.slug}/", {"club": None}, format="json")
    assert_problem(response, 409, "members_linked")


# ---- registering players of a club's event ---------------------------------------------------------
@pytest.fixture
def club_event():
    club, organizer = club_with_organizer()
    event = EventFactory(club=club, published=True)
    grant(event, Role.ORGANIZER, user=organizer.user)
    return club, event, organizer


def pairs_url(event, tail: str = "") -> str:
    return f"{EVENTS}{event.slug}/pairs/{tail}"


def test_clubs_a_registration_finds_the_member_of_its_number_or_makes_one(club_event):
    club, event, organizer = club_event
    known = MemberFactory(club=club, member_number="0007", name="Li Lei")
    body = {
        "player_1": {"name": "Li Lei", "member_number": "0007"},
        "player_2": {"name": "Han Meimei", "member_number": "0099", "email": "han@example.org"},
    }
    response = organizer.post(pairs_url(event), body, format="json")
    assert response.status_code == 201, response.content
    first, second = response.json()["player_1"], response.json()["player_2"]
    assert first["member"] == known.pk
    new = Member.objects.get(pk=second["member"])
    assert (new.club, new.member_number, new.name, new.email) == (
        club,
        "0099",
        "Han Meimei",
        "han@example.org",
    )
    third = organizer.post(
        pairs_url(event), {"player_1": {"name": "A"}, "player_2": {"name": "B"}}, format="json"
    )
    members = [Member.objects.get(pk=third.json()[slot]["member"]) for slot in ("player_1", "player_2")]
    assert [m.member_number for m in members] == ["", ""] and members[0] != members[1]
    public = APIClient().get(pairs_url(event, f"{response.json()['id']}/")).json()
    assert public["player_1"]["member"] == known.pk  # the member's id is public, its data is not
    assert "email" not in public["player_2"]


def test_clubs_a_member_enters_an_event_once(club_event):
    club, event, organizer = club_event
    MemberFactory(club=club, member_number="0007")
    twice = {
        "player_1": {"name": "A", "member_number": "0008"},
        "player_2": {"name": "B", "member_number": "0008"},
    }
    response = organizer.post(pairs_url(event), twice, format="json")
    assert field_errors(response) == {"player_2.member_number": "duplicate_member_number"}
    first = {"player_1": {"name": "A", "member_number": "0007"}, "player_2": {"name": "B"}}
    assert organizer.post(pairs_url(event), first, format="json").status_code == 201
    again = {"player_1": {"name": "C"}, "player_2": {"name": "A", "member_number": "0007"}}
    response = organizer.post(pairs_url(event), again, format="json")
    assert_problem(response, 400, "member_entered")
    assert field_errors(response) == {"player_2.member_number": "member_entered"}
    assert Pair.objects.filter(event=event).count() == 1
    assert not Member.objects.filter(member_number="0008").exists()  # all or nothing


def test_clubs_an_event_without_a_club_is_unchanged():
    event = EventFactory(published=True)
    organizer = client_for(grant(event, Role.ORGANIZER))
    response = organizer.post(
        pairs_url(event), {"player_1": {"name": "A"}, "player_2": {"name": "B"}}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["player_1"]["member"] is None
    numbered = {"player_1": {"name": "A", "member_number": "1"}, "player_2": {"name": "B"}}
    assert field_errors(organizer.post(pairs_url(event), numbered, format="json")) == {
        "player_1.member_number": "no_club"
    }
    assert not Member.objects.exists()


def test_clubs_a_single_player_and_a_players_edit_link_members(club_event):
    club, event, organizer = club_event
    known = MemberFactory(club=club, member_number="0007")
    players = f"{EVENTS}{event.slug}/players/"
    created = organizer.post(players, {"name": "Li", "member_number": "0007"}, format="json")
    assert created.status_code == 201, created.content
    assert created.json()["member"] == known.pk and "member_number" not in created.json()
    other = organizer.post(players, {"name": "Wang"}, format="json").json()
    relinked = organizer.patch(f"{players}{other['id']}/", {"member_number": "0050"}, format="json")
    assert relinked.status_code == 200
    assert Member.objects.get(pk=relinked.json()["member"]).member_number == "0050"
    clash = organizer.patch(f"{players}{other['id']}/", {"member_number": "0007"}, format="json")
    assert field_errors(clash) == {"player.member_number": "member_entered"}


# ---- imports -----------------------------------------------------------------------------------------
def sheet(lines: list[str]) -> SimpleUploadedFile:
    return SimpleUploadedFile("pairs.csv", "\n".join(lines).encode(), content_type="text/csv")


def test_clubs_an_import_matches_members_by_number_and_makes_the_others(club_event):
    club, event, organizer = club_event
    known = MemberFactory(club=club, member_number="0007")
    lines = [
        "player_1,player_2,member_number_1,会员号2,unit",
        "Li Lei,Han,0007,0100,Tea House",
        "Wang,Zhao,,0101,",
    ]
    response = organizer.post(pairs_url(event, "import"), {"file": sheet(lines)}, format="multipart")
    assert response.status_code == 201, response.content
    rows = response.json()["pairs"]
    assert rows[0]["player_1"]["member"] == known.pk
    made = Member.objects.get(pk=rows[0]["player_2"]["member"])
    assert (made.member_number, made.name, made.affiliation) == ("0100", "Han", "Tea House")
    assert Member.objects.get(pk=rows[1]["player_1"]["member"]).member_number == ""
    assert Member.objects.get(pk=rows[1]["player_2"]["member"]).member_number == "0101"
    assert Player.objects.filter(event=event, member__isnull=True).count() == 0


def test_clubs_an_import_is_all_or_nothing_on_member_numbers(club_event):
    club, event, organizer = club_event
    entered = MemberFactory(club=club, member_number="0007")
    PlayerFactory(event=event, member=entered)
    lines = ["player_1,player_2,member_number_1,member_number_2", "A,B,0001,0002", "C,D,0002,", "E,F,0007,"]
    response = organizer.post(pairs_url(event, "import"), {"file": sheet(lines)}, format="multipart")
    assert_problem(response, 400, "invalid")  # several fields: each error names its own
    assert field_errors(response) == {
        "rows.2.member_number_1": "duplicate_member_number",
        "rows.3.member_number_1": "member_entered",
    }
    assert not Pair.objects.filter(event=event).exists()
    assert Member.objects.filter(club=club).count() == 1


def test_clubs_an_event_without_a_club_ignores_member_number_columns():
    event = EventFactory(published=True)
    organizer = client_for(grant(event, Role.ORGANIZER))
    lines = ["player_1,player_2,member_number_1", "A,B,0001"]
    response = organizer.post(pairs_url(event, "import"), {"file": sheet(lines)}, format="multipart")
    assert response.status_code == 201
    assert response.json()["pairs"][0]["player_1"]["member"] is None
    assert not Member.objects.exists()


@pytest.fixture
def _one_insert_per_table(monkeypatch):
    monkeypatch.setattr(connection.ops, "bulk_batch_size", lambda fields, objs: len(objs))


def imported_queries(rows: int) -> int:
    club, organizer = club_with_organizer()
    event = EventFactory(club=club, published=True)
    grant(event, Role.ORGANIZER, user=organizer.user)
    for n in range(0, rows, 3):  # a third of the numbers name known members
        MemberFactory(club=club, member_number=f"N{n}")
    lines = ["player_1,player_2,member_number_1,member_number_2"]
    lines += [f"A{n},B{n},N{n},{'' if n % 2 else f'X{n}'}" for n in range(rows)]
    with CaptureQueriesContext(connection) as queries:
        response = organizer.post(pairs_url(event, "import"), {"file": sheet(lines)}, format="multipart")
    assert response.status_code == 201, response.content
    assert Player.objects.filter(event=event, member__isnull=True).count() == 0
    return len(queries)


@pytest.mark.usefixtures("_one_insert_per_table")
def test_clubs_an_import_of_200_rows_with_members_makes_as_many_queries_as_one_of_10():
    assert imported_queries(200) == imported_queries(10)
