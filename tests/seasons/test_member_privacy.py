"""A member's contact data and member number never reach anyone but the club's organisers: every
club, member and history URL and the member's page, probed by every other kind of caller
(docs/clubs.md "Privacy")."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import ClubFactory, MemberFactory
from tests.seasons.test_member_history import played_event
from tests.tournaments.clubs import club_organizer
from tests.tournaments.conftest import actor_client, client_for, new_user

pytestmark = pytest.mark.django_db

EMAIL, PHONE, NUMBER = "secret.li@example.org", "13912345678", "VIP-0042"
CALLERS = (
    "anonymous",
    "outsider",
    "other_club",
    "organizer",
    "chief_referee",
    "referee",
    "scorekeeper",
    "table_token",
)


def probes(club, member) -> list[str]:
    base = f"/api/v1/clubs/{club.slug}"
    return [
        f"{base}/",
        f"{base}/members/",
        f"{base}/members/?search=li",
        f"{base}/members/?search={EMAIL}",
        f"{base}/members/?search={PHONE}",
        f"{base}/members/?search={NUMBER}",
        f"{base}/members/{member.pk}/",
        f"{base}/members/{member.pk}/history",
        f"/c/{club.slug}/players/{member.pk}/",
        f"/c/{club.slug}/players/{member.pk}/?lang=zh-hans",
    ]


@pytest.mark.parametrize("caller", CALLERS)
def test_privacy_nobody_but_the_clubs_organisers_reads_a_members_contact_data(caller):
    club = ClubFactory()
    member = MemberFactory(club=club, name="Li Lei", email=EMAIL, phone=PHONE, member_number=NUMBER)
    event, _, _ = played_event(club, member)
    # event roles of the club's event (and its table token) are not the club's organisers
    client = client_for(new_user()) if caller == "outsider" else None
    if caller == "anonymous":
        client = APIClient()
    elif caller == "other_club":
        client = club_organizer(ClubFactory())
    elif client is None:
        client = actor_client(event, caller)
    for url in probes(club, member):
        response = client.get(url)
        body = response.content.decode()
        assert response.status_code in (200, 403), (url, response.status_code)
        for secret in (EMAIL, PHONE, NUMBER):
            assert secret not in body, (url, secret)


def test_privacy_the_clubs_organisers_do_read_them():
    club = ClubFactory()
    member = MemberFactory(club=club, email=EMAIL, phone=PHONE, member_number=NUMBER)
    organizer = club_organizer(club)
    body = organizer.get(f"/api/v1/clubs/{club.slug}/members/{member.pk}/").json()
    assert (body["email"], body["phone"], body["member_number"]) == (EMAIL, PHONE, NUMBER)
    found = organizer.get(f"/api/v1/clubs/{club.slug}/members/", {"search": EMAIL}).json()["results"]
    assert [row["id"] for row in found] == [member.pk]
