"""A club's own audit log (docs/clubs.md, issue 35): ``GET /clubs/{slug}/audit/`` lists every write
of the club's rows that belong to no event — the club, its staff, its members and their merges —
newest first, to the club's organisers only, with member numbers and contact data only as changed."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from core.models import AuditEntry
from tests.factories import ClubFactory, MemberFactory
from tests.tournaments.clubs import club_organizer, club_with_organizer
from tests.tournaments.conftest import assert_problem, client_for, new_user

pytestmark = pytest.mark.django_db


def audit(club) -> str:
    return f"/api/v1/clubs/{club.slug}/audit/"


@pytest.fixture
def club_and_organizer():
    return club_with_organizer()


def test_the_clubs_organiser_reads_its_member_writes_and_merges_newest_first(club_and_organizer):
    club, organizer = club_and_organizer
    body = {"name": "Wang Fang", "email": "wang@example.org", "phone": "+86 139", "member_number": "TH-1"}
    created = organizer.post(f"/api/v1/clubs/{club.slug}/members/", body, format="json").json()
    other = organizer.post(f"/api/v1/clubs/{club.slug}/members/", {"name": "Li Lei"}, format="json").json()
    merged = organizer.post(
        f"/api/v1/clubs/{club.slug}/members/{created['id']}/merge", {"into": other["id"]}, format="json"
    )
    assert merged.status_code == 200, merged.json()
    answer = organizer.get(audit(club), {"model": "member"})
    assert answer.status_code == 200
    entries = answer.json()["results"]
    # Newest first: the two creates last, the merge's updates before them.
    assert [(e["action"], e["object_id"]) for e in entries[-2:]] == [
        ("create", other["id"]),
        ("create", created["id"]),
    ]
    merge = next(e for e in entries if e["action"] == "update" and e["object_id"] == created["id"])
    assert "merged_into" in merge["changes"] and merge["actor"] == organizer.user.username
    text = json.dumps(answer.json(), ensure_ascii=False)
    for private in ("wang@example.org", "+86 139", "TH-1"):
        assert private not in text


def test_another_clubs_writes_are_not_in_the_log(club_and_organizer):
    club, organizer = club_and_organizer
    other_club, other_organizer = club_with_organizer()
    other_organizer.post(f"/api/v1/clubs/{other_club.slug}/members/", {"name": "Elsewhere"}, format="json")
    organizer.post(f"/api/v1/clubs/{club.slug}/members/", {"name": "Here"}, format="json")
    names = [entry["object_repr"] for entry in organizer.get(audit(club)).json()["results"]]
    assert any("Here" in name for name in names) and not any("Elsewhere" in name for name in names)


def test_a_member_written_before_entries_named_their_club_is_still_listed(club_and_organizer):
    """Entries written before the log named a row's club are found by the club's rows."""
    club, organizer = club_and_organizer
    member = MemberFactory(club=club, name="Old Member")
    entry = AuditEntry.objects.filter(content_type__model="member", object_id=member.pk).get()
    entry.additional_data = {"event_id": None}
    entry.save()
    listed = organizer.get(audit(club), {"model": "member"}).json()["results"]
    assert [e["object_id"] for e in listed] == [member.pk]


def test_anonymous_is_a_401(club_and_organizer):
    club, _ = club_and_organizer
    assert_problem(APIClient().get(audit(club)), 401, "not_authenticated")


@pytest.mark.parametrize("who", ["account", "other_clubs_organiser"])
def test_anyone_but_the_clubs_organisers_is_a_403(club_and_organizer, who):
    club, _ = club_and_organizer
    client = client_for(new_user()) if who == "account" else club_organizer(ClubFactory())
    assert_problem(client.get(audit(club)), 403, "permission_denied")


def test_an_unknown_club_is_a_404(club_and_organizer):
    _, organizer = club_and_organizer
    assert organizer.get("/api/v1/clubs/no-such-club/audit/").status_code == 404
