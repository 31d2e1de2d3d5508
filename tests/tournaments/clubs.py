"""What the tests of clubs, members and histories share: a club with its organiser's client."""

from __future__ import annotations

from tests.factories import ClubFactory
from tests.tournaments.conftest import client_for, new_user
from tournaments.models import Club, ClubRole, ClubStaff


def club_organizer(club: Club, user=None):
    """A client of an organiser of ``club`` (a ``ClubStaff`` row, as the staff API adds)."""
    user = user or new_user("club-organizer")
    ClubStaff.objects.get_or_create(club=club, user=user, role=ClubRole.ORGANIZER)
    return client_for(user)


def club_with_organizer(**fields) -> tuple[Club, object]:
    club = ClubFactory(**fields)
    return club, club_organizer(club)
