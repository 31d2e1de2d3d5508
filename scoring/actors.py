"""Who is acting on a match: an account with event roles, or a table token (docs/scoring.md).

Double entry (docs/scoring.md) needs to know whether two submissions come from the same *party*:
the side a scorekeeper keeps score for when it says so (``side:NS``), else the credential
itself (``table:<token id>`` or ``user:<id>``). A confirmation must come from another party.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser, User

from tournaments.auth import TableUser
from tournaments.models import Event, Match, Role, TableToken
from tournaments.permissions import event_roles

REFEREES = frozenset({Role.ORGANIZER, Role.CHIEF_REFEREE, Role.REFEREE})
CHIEFS = frozenset({Role.ORGANIZER, Role.CHIEF_REFEREE})


@dataclass(frozen=True)
class Actor:
    user: AbstractBaseUser | AnonymousUser | None  # the account; None for a table token
    token: TableToken | None
    roles: frozenset[str]
    tables: tuple[int, ...] | None  # a pure scorekeeper's tables; None: not limited

    @property
    def account(self) -> User | None:
        """The account a record names as its author (``submitted_by``, ``made_by``…); None for a
        table token. Only an authenticated caller writes (core.permissions): an account is a ``User``."""
        if self.user is None:
            return None
        assert isinstance(self.user, User)
        return self.user

    @property
    def principal(self) -> str:
        if self.token is not None:
            return f"table:{self.token.pk}"
        assert self.user is not None  # an account, having no table token
        return f"user:{self.user.pk}"

    @property
    def is_referee(self) -> bool:
        """Organizers, the chief referee and referees may confirm and correct results."""
        return bool(self.roles & REFEREES)

    @property
    def is_chief(self) -> bool:
        """After the correction period only the chief referee (or an organizer) may correct."""
        return bool(self.roles & CHIEFS)

    def party(self, side: str = "") -> str:
        return f"side:{side}" if side else self.principal

    def keeps(self, match: Match) -> bool:
        """May keep the score of this match: any staff role but a scorekeeper limited to other tables."""
        if not self.roles:
            return False
        return self.tables is None or match.table in self.tables

    @property
    def via(self) -> str:
        if self.token:
            return f"table:{self.token.event_id}:{self.token.table}"
        assert self.user is not None  # an account, having no table token
        return f"user:{self.user.pk}"


def actor_of(request, event: Event) -> Actor:
    user = request.user
    roles = event_roles(request, event)
    if isinstance(user, TableUser):
        return Actor(
            user=None, token=user.token, roles=frozenset(roles), tables=tuple(roles.get(Role.SCOREKEEPER, ()))
        )
    limited = None
    if set(roles) == {Role.SCOREKEEPER} and roles[Role.SCOREKEEPER]:
        limited = tuple(roles[Role.SCOREKEEPER])
    return Actor(user=user, token=None, roles=frozenset(roles), tables=limited)
