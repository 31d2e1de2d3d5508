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


def organises_club(user, club: Club) -> bool:
    """Whether ``user`` is an organiser of ``club`` (a table token never is)."""
    if user is None or isinstance(user, TableUser) or not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return ClubStaff.objects.filter(club=club, user=user, role=ClubRole.ORGANIZER).exists()


def request_organises_club(request, club: Club) -> bool:
    """``organises_club`` for the request's user, asked once per request and club."""
    cache = request.__dict__.setdefault("_club_organizer", {})
    if club.pk not in cache:
        cache[club.pk] = organises_club(request.user, club)
    return cache[club.pk]


class ClubPermission(StrEnum):
    """The clubs' permission names (registered below)."""

    ORGANIZER = "club.organizer"


register_check(ClubPermission.ORGANIZER, lambda r, v, o: request_organises_club(r, v.get_club()))
