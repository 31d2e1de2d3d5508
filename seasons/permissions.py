"""Who manages a series: the organisers of its club (``ClubStaff``), and superusers. Each event of
the series keeps its own staff (``EventRole``): being a club organiser gives no role in an event.

The club check is local to this app until the clubs API unifies it (docs/series.md "Roles").
"""

from __future__ import annotations

from enum import StrEnum

from core.permissions import register_check
from tournaments.auth import TableUser
from tournaments.models import ClubRole, ClubStaff


def is_club_organizer(request, club_id: int) -> bool:
    """An account that organises the club (or a superuser); table tokens never do. Cached per request."""
    user = request.user
    if not (user and user.is_authenticated) or isinstance(user, TableUser):
        return False
    if user.is_superuser:
        return True
    cache = request.__dict__.setdefault("_club_organizer", {})
    if club_id not in cache:
        cache[club_id] = ClubStaff.objects.filter(
            club_id=club_id, user_id=user.pk, role=ClubRole.ORGANIZER
        ).exists()
    return cache[club_id]


class SeriesPermission(StrEnum):
    """The seasons app's permission names (registered below); views define ``get_series()``."""

    VISIBLE = "series.visible"
    ORGANIZER = "series.organizer"


def _series(view):
    return view.get_series()


register_check(
    SeriesPermission.VISIBLE,
    lambda r, v, o: _series(v).is_public or is_club_organizer(r, _series(v).club_id),
    anonymous=True,
)
register_check(SeriesPermission.ORGANIZER, lambda r, v, o: is_club_organizer(r, _series(v).club_id))
