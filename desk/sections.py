"""The desks' sections as the navigation shows them: each names the roles that see it (the event's
roles of the API, tournaments.models.Role), so a referee sees the referee's desk and not the
organiser's, and the chief referee both referee views (issue 34).

A section is a named URL of the ``desk`` namespace taking the event's slug. Each desk lists its
own sections here, in its own block.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments.models import Role

REFEREES = (Role.ORGANIZER, Role.CHIEF_REFEREE, Role.REFEREE)
CHIEF = (Role.ORGANIZER, Role.CHIEF_REFEREE)


@dataclass(frozen=True)
class Section:
    key: str
    label: str | Promise
    url_name: str  # in the ``desk`` namespace, with the event's slug as its one argument
    roles: tuple[str, ...]


SECTIONS: tuple[Section, ...] = (
    # ---- the referee's desk (referee/chief referee, as event.referee / event.chief_referee) ----
    Section("referee-queue", _("Referee's queue"), "referee-queue", REFEREES),
    Section("referee-chief", _("Chief referee's review"), "referee-chief", CHIEF),
    Section("referee-questions", _("Rules questions"), "referee-questions", REFEREES),
    # ---- the organiser's desk ----
)


def sections_for(roles) -> list[Section]:
    """The sections a holder of ``roles`` (role names) sees, in the desk's order."""
    held = set(roles)
    return [section for section in SECTIONS if held & set(section.roles)]
