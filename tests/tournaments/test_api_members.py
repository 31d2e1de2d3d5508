"""A club's members through the API: lists and search, privacy of contact data, edits and merges
(tournaments/views/clubs.py; docs/clubs.md)."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from core.models import AuditEntry
from tests.factories import ClubFactory, EventFactory, MemberFactory, PlayerFactory
from tests.tournaments.clubs import club_organizer, club_with_organizer
from tests.tournaments.conftest import assert_problem, client_for, field_errors, new_user
from tournaments.models import Member, Player
from tournaments.signals import member_merged

pytestmark = pytest.mark.django_db

PRIVATE = {"member_number", "email", "phone"}


def members(club, pk: int | None = None, tail: str = "") -> str:
    base = f"/api/v1/clubs/{club.slug}/members/"
    return base if pk is None else f"{base}{pk}/{tail}"


@pytest.fixture
def club_and_organizer():
    return club_with_organizer()


def test_members_anyone_reads_names_and_affiliations_never_contact_data(club_and_organizer):
    club, organizer = club_and_organizer
    member = MemberFactory(
        club=club, name="Li Lei", affiliation="Tea House", email="li@example.org", phone="138"
    )
    other_club = club_organizer(ClubFactory())
    for client in (APIClient(), client_for(new_user()), other_club):
        listed = client.get(members(club)).json()["results"]
        assert listed == [
            {"id": member.pk, "name": "Li Lei", "affiliation": "Tea House", "merged_into": None}
        ]
        one = client.get(members(club, member.pk))
        assert one.status_code == 200
        assert not PRIVATE & set(one.json())
        assert "li@example.org" not in one.content.decode() and "138" not in one.content.decode()
    private = organizer.get(members(club, member.pk)).json()
    assert (private["member_number"], private["email"], private["phone"]) == (
        member.member_number,
        "li@example.org",
        "138",
    )


def test_members_a_public_search_never_matches_contact_data_or_numbers(club_and_organizer):
    club, organizer = club_and_organizer
    member = MemberFactory(
        club=club, name="Han Meimei", member_number="A-7", email="han@example.org", phone="13912"
    )
    for term in ("han@example.org", "13912", "A-7"):
        assert APIClient().get(members(club), {"search": term}).json()["results"] == [], term
        assert client_for(new_user()).get(members(club), {"search": term}).json()["results"] == [], term
        found = organizer.get(members(club), {"search": term}).json()["results"]
        assert [row["id"] for row in found] == [member.pk], term
    assert [row["id"] for row in APIClient().get(members(club), {"search": "meimei"}).json()["results"]] == [
        member.pk
    ]


def test_members_lists_leave_merged_records_out(club_and_organizer):
    club, _ = club_and_organizer
    survivor = MemberFactory(club=club)
    MemberFactory(club=club, merged_into=survivor, member_number="")
    assert [row["id"] for row in APIClient().get(members(club)).json()["results"]] == [survivor.pk]


def test_members_organisers_create_and_edit_members(club_and_organizer):
    club, organizer = club_and_organizer
    created = organizer.post(
        members(club), {"name": "Wang", "member_number": "0042", "email": "w@example.org"}, format="json"
    )
    assert created.status_code == 201, created.content
    pk = created.json()["id"]
    edited = organizer.patch(members(club, pk), {"affiliation": "Union", "phone": "137"}, format="json")
    assert edited.status_code == 200
    assert (edited.json()["affiliation"], edited.json()["phone"], edited.json()["member_number"]) == (
        "Union",
        "137",
        "0042",
    )


def test_members_a_member_number_names_one_live_member(club_and_organizer):
    club, organizer = club_and_organizer
    MemberFactory(club=club, member_number="0042")
    MemberFactory(club=ClubFactory(), member_number="0043")  # another club's number is free here
    response = organizer.post(members(club), {"name": "Wang", "member_number": "0042"}, format="json")
    assert_problem(response, 400, "duplicate_member_number")
    assert field_errors(response) == {"member_number": "duplicate_member_number"}
    assert (
        organizer.post(members(club), {"name": "Zhao", "member_number": "0043"}, format="json").status_code
        == 201
    )
    other = MemberFactory(club=club, member_number="0044")
    assert_problem(
        organizer.patch(members(club, other.pk), {"member_number": "0042"}, format="json"),
        400,
        "duplicate_member_number",
    )
    assert (
        organizer.patch(members(club, other.pk), {"member_number": "0044"}, format="json").status_code == 200
    )


def test_members_only_organisers_write(club_and_organizer):
    club, _ = club_and_organizer
    member = MemberFactory(club=club)
    survivor = MemberFactory(club=club)
    other_club = club_organizer(ClubFactory())
    for client in (client_for(new_user()), other_club):
        assert_problem(client.post(members(club), {"name": "X"}, format="json"), 403, "permission_denied")
        assert_problem(
            client.patch(members(club, member.pk), {"name": "X"}, format="json"), 403, "permission_denied"
        )
        assert_problem(
            client.post(members(club, member.pk, "merge"), {"into": survivor.pk}, format="json"),
            403,
            "permission_denied",
        )
    assert APIClient().post(members(club), {"name": "X"}, format="json").status_code == 401
    assert Member.objects.get(pk=member.pk).merged_into is None


def test_members_a_member_of_another_club_is_not_found_here(club_and_organizer):
    club, organizer = club_and_organizer
    stranger = MemberFactory(club=ClubFactory())
    assert_problem(organizer.get(members(club, stranger.pk)), 404, "not_found")
    assert_problem(APIClient().get(members(club, 999999)), 404, "not_found")


def test_members_merge_repoints_every_entry_and_keeps_the_record(club_and_organizer):
    club, organizer = club_and_organizer
    twice = MemberFactory(club=club, name="Li Lei", member_number="", email="li@example.org")
    survivor = MemberFactory(club=club, name="Li Lei", member_number="0007", email="")
    earlier = MemberFactory(club=club, merged_into=twice, member_number="")
    entries = [PlayerFactory(event=EventFactory(club=club), member=twice) for _ in range(3)]
    heard = []

    def listener(sender, member, into, **kwargs):
        heard.append(
            (member.pk, member.merged_into_id, into.pk, Player.objects.filter(member=member).count())
        )

    member_merged.connect(listener)
    try:
        response = organizer.post(members(club, twice.pk, "merge"), {"into": survivor.pk}, format="json")
    finally:
        member_merged.disconnect(listener)
    assert response.status_code == 200, response.content
    assert response.json()["id"] == survivor.pk
    assert response.json()["email"] == "li@example.org"  # the survivor takes what it lacked
    assert heard == [(twice.pk, survivor.pk, survivor.pk, 0)]
    assert {p.member_id for p in Player.objects.filter(pk__in=[e.pk for e in entries])} == {survivor.pk}
    twice.refresh_from_db()
    earlier.refresh_from_db()
    assert (twice.merged_into_id, earlier.merged_into_id) == (survivor.pk, survivor.pk)  # no chains
    pointer = APIClient().get(members(club, twice.pk))
    assert pointer.status_code == 200 and pointer.json()["merged_into"] == survivor.pk


def test_members_a_merged_member_is_neither_edited_nor_merged_again(club_and_organizer):
    club, organizer = club_and_organizer
    survivor = MemberFactory(club=club)
    merged = MemberFactory(club=club, merged_into=survivor, member_number="")
    third = MemberFactory(club=club)
    assert_problem(
        organizer.patch(members(club, merged.pk), {"name": "X"}, format="json"), 409, "member_merged"
    )
    assert_problem(
        organizer.post(members(club, merged.pk, "merge"), {"into": third.pk}, format="json"),
        409,
        "member_merged",
    )
    assert_problem(
        organizer.post(members(club, third.pk, "merge"), {"into": merged.pk}, format="json"),
        409,
        "member_merged",
    )


def test_members_merge_refuses_itself_another_club_and_two_people_of_one_event(club_and_organizer):
    club, organizer = club_and_organizer
    member, other = MemberFactory(club=club), MemberFactory(club=club)
    refused = organizer.post(members(club, member.pk, "merge"), {"into": member.pk}, format="json")
    assert_problem(refused, 400, "same_member")
    stranger = MemberFactory(club=ClubFactory())
    refused = organizer.post(members(club, member.pk, "merge"), {"into": stranger.pk}, format="json")
    assert_problem(refused, 400, "does_not_exist")
    assert field_errors(refused) == {"into": "does_not_exist"}
    event = EventFactory(club=club)
    PlayerFactory(event=event, member=member)
    PlayerFactory(event=event, member=other)
    PlayerFactory(event=EventFactory(club=club), member=member)
    refused = organizer.post(members(club, member.pk, "merge"), {"into": other.pk}, format="json")
    body = assert_problem(refused, 409, "same_event")
    assert body["events"] == [event.pk]
    assert Player.objects.filter(member=member).count() == 2  # all or nothing
    assert Member.objects.get(pk=member.pk).merged_into is None


def test_members_writes_and_merges_are_in_the_audit_log_without_contact_data(club_and_organizer):
    """A member's create, edit and merge are logged (core.audit_log) with who made them; the contact
    data and the member number, private to the club's organisers, only as changed."""
    club, organizer = club_and_organizer
    email, phone, number = "wang.fang@tea-house.example", "+86 139 8765 4321", "TH-20931"
    body = {"name": "Wang Fang", "email": email, "phone": phone, "member_number": number}
    created = organizer.post(members(club), body, format="json")
    assert created.status_code == 201, created.json()
    other = MemberFactory(club=club)
    merged = organizer.post(members(club, created.json()["id"], "merge"), {"into": other.pk}, format="json")
    assert merged.status_code == 200, merged.json()
    logged = AuditEntry.objects.filter(
        content_type__model="member", object_pk=str(created.json()["id"])
    ).order_by("pk")
    assert [entry.action for entry in logged] == [AuditEntry.Action.CREATE, AuditEntry.Action.UPDATE]
    assert "merged_into" in logged[1].changes_dict and logged[0].actor is not None
    text = json.dumps(list(AuditEntry.objects.values()), default=str, ensure_ascii=False)
    for value in (email, phone, number):
        assert value not in text
