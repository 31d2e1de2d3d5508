"""Who manages a series: the organisers of its club (``ClubStaff``), and superusers. Each event of
the series keeps its own staff (``EventRole``): being a club organiser gives no role in an event.

Who organises a club is asked of the clubs' one check (``tournaments.clubs``).
"""

from __future__ import annotations

from enum import StrEnum

from core.permissions import register_check
from tournaments.clubs import request_organises_club


def is_club_organizer(request, club_id: int) -> bool:
    """An account that organises the club (or a superuser); table tokens never do. Asked once per
    request and club, by the one check of the clubs (``tournaments.clubs``)."""
    return request_organises_club(request, club_id)


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
