"""What an organiser reads is declared apart from what anyone reads (docs/api.md "The contract",
core.schema ``ByCaller``): the organiser's pairs carry the pair's PIN and the players' contacts, and
the document said they were the public ``Pair`` (issue 35). Each answer matches its own component,
and the public one never the organiser's."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import ClubFactory, EventFactory, MemberFactory
from tests.openapi_conformance import document
from tests.openapi_conformance import is_component as valid
from tests.tournaments.conftest import client_for, make_pairs, new_user, role_client
from tournaments.models import ClubRole, ClubStaff, Role

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(db):
    return EventFactory(published=True)


@pytest.fixture
def organizer(event):
    return role_client(event, Role.ORGANIZER)


def answer_of(doc: dict, path: str) -> dict:
    return doc["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]["schema"]


@pytest.mark.parametrize(
    ("path", "private", "public"),
    [
        ("/api/v1/events/{event_slug}/pairs/", "PaginatedPairPrivateList", "PaginatedPairList"),
        ("/api/v1/events/{event_slug}/pairs/{id}/", "PairPrivate", "Pair"),
        ("/api/v1/events/{event_slug}/players/", "PaginatedPlayerList", "PaginatedPublicPlayerList"),
        ("/api/v1/events/{event_slug}/players/{id}/", "Player", "PublicPlayer"),
        ("/api/v1/clubs/{club_slug}/", "ClubPrivate", "Club"),
        ("/api/v1/clubs/{club_slug}/members/", "PaginatedMemberList", "PaginatedPublicMemberList"),
        ("/api/v1/clubs/{club_slug}/members/{id}/", "Member", "PublicMember"),
    ],
)
def test_the_document_declares_the_organisers_answer_beside_the_publics(path, private, public):
    ref = "#/components/schemas/{}".format
    assert answer_of(document(), path) == {"anyOf": [{"$ref": ref(private)}, {"$ref": ref(public)}]}


def test_the_organisers_pairs_are_pair_private_and_the_publics_only_pair(event, organizer):
    pair = make_pairs(event, 2)[0]
    base = f"/api/v1/events/{event.slug}/pairs/"
    mine, theirs = organizer.get(base).json(), APIClient().get(base).json()
    assert valid("PaginatedPairPrivateList", mine) and valid("PaginatedPairList", theirs)
    assert not valid("PaginatedPairPrivateList", theirs)
    one = organizer.get(f"{base}{pair.pk}/").json()
    assert valid("PairPrivate", one) and {"confirm_pin"} <= set(one)
    assert {"email", "phone"} <= set(one["player_1"])
    assert not valid("PairPrivate", APIClient().get(f"{base}{pair.pk}/").json())


def test_the_organisers_players_carry_their_contacts(event, organizer):
    player = make_pairs(event, 1)[0].player_1
    url = f"/api/v1/events/{event.slug}/players/{player.pk}/"
    assert valid("Player", organizer.get(url).json())
    assert not valid("Player", APIClient().get(url).json())


def test_a_clubs_organisers_read_its_staff_and_its_members_contacts(db):
    club = ClubFactory()
    member = MemberFactory(club=club, email="ann@example.org")
    organiser = new_user("club-organiser")
    ClubStaff.objects.create(club=club, user=organiser, role=ClubRole.ORGANIZER)
    staff = client_for(organiser)
    assert valid("ClubPrivate", staff.get(f"/api/v1/clubs/{club.slug}/").json())
    assert not valid("ClubPrivate", APIClient().get(f"/api/v1/clubs/{club.slug}/").json())
    url = f"/api/v1/clubs/{club.slug}/members/{member.pk}/"
    assert valid("Member", staff.get(url).json())
    assert not valid("Member", APIClient().get(url).json())
