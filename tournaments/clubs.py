"""Who runs a club (issue 24): the one check of a club's organisers, and its permission name.

A user organises a club when a ``ClubStaff`` row says so (or is a superuser, who organises every
event too). Views under ``/clubs/{club_slug}/`` define ``get_club()`` and declare
``ClubPermission.ORGANIZER``; services that link events to clubs ask ``organises_club``.
"""

from __future__ import annotations

from enum import StrEnum

from core.permissions import register_check
from tournaments.auth import TableUser
from tournaments.models import Club, ClubRole, ClubStaff


def organises_club(user, club: Club | int) -> bool:
    """Whether ``user`` is an organiser of ``club`` (the club or its id; a table token never is)."""
    if user is None or isinstance(user, TableUser) or not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    club_id = club.pk if isinstance(club, Club) else club
    return ClubStaff.objects.filter(club_id=club_id, user=user, role=ClubRole.ORGANIZER).exists()


def request_organises_club(request, club: Club | int) -> bool:
    """``organises_club`` for the request's user, asked once per request and club (the series of
    the seasons app ask it too: one check of a club's organisers)."""
    club_id = club.pk if isinstance(club, Club) else club
    cache = request.__dict__.setdefault("_club_organizer", {})
    if club_id not in cache:
        cache[club_id] = organises_club(request.user, club_id)
    return cache[club_id]


class ClubPermission(StrEnum):
    """The clubs' permission names (registered below)."""

    ORGANIZER = "club.organizer"


register_check(ClubPermission.ORGANIZER, lambda r, v, o: request_organises_club(r, v.get_club()))
