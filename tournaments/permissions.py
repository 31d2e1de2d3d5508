"""Per-event roles (organizer, chief referee, referee, scorekeeper) as permission checks.

Views that belong to an event define ``get_event()``; they declare checks by name, a member of
``EventPermission``, e.g. ``write_permission = EventPermission.ORGANIZER`` (see core.permissions).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from core.fast.prepared import Prepared
from core.permissions import register_check
from tournaments.auth import TableUser
from tournaments.models import Event, EventRole, Role

# Every request of an account to an event reads its roles there: compiled once (core.fast.prepared).
_roles = Prepared(
    EventRole,
    lambda shape, *, event, user: EventRole.objects.filter(event=event, user=user).values_list(
        "role", "tables"
    ),
)


def event_roles(request, event: Event) -> dict[str, list[int]]:
    """The caller's roles in ``event``: role -> table limits (empty list: all tables). Cached per
    request; an account's may have been read with the match it asks for (``remember_roles``)."""
    cache = request.__dict__.setdefault("_event_roles", {})
    if event.pk in cache:
        return cache[event.pk]
    user = request.user
    roles: dict[str, list[int]] = {}
    if isinstance(user, TableUser):
        if user.token.event_id == event.pk:
            roles[Role.SCOREKEEPER] = [user.token.table]
    elif user and user.is_authenticated:
        if user.is_superuser:
            roles[Role.ORGANIZER] = []
        roles.update(_held(_roles.rows(None, event=event.pk, user=user.pk)))
    cache[event.pk] = roles
    return roles


def remember_roles(request, event: Event, rows: Iterable[tuple[str, list[int] | None]]) -> None:
    """An account's roles in ``event`` (not a superuser's: those are every event's organizer), read
    by another query as ``(role, tables)`` rows: ``event_roles`` answers from them instead of
    reading them again. A write to a match reads them with the match (scoring.selectors.access)."""
    request.__dict__.setdefault("_event_roles", {})[event.pk] = _held(rows)


def _held(rows: Iterable[tuple[str, list[int] | None]]) -> dict[str, list[int]]:
    return {role: list(tables or []) for role, tables in rows}


def has_role(request, event: Event, *roles: str) -> bool:
    return any(role in event_roles(request, event) for role in roles)


def is_staff(request, event: Event) -> bool:
    """Any role at all in the event."""
    return bool(event_roles(request, event))


def sees_drafts(request, event: Event) -> bool:
    """Draft rounds and their pairings: the organizers and referees, not the scorekeepers."""
    return has_role(request, event, Role.ORGANIZER, Role.CHIEF_REFEREE, Role.REFEREE)


def sees_contacts(request, event: Event) -> bool:
    """A player's contact data (email, phone): organizers and the chief referee only."""
    return has_role(request, event, Role.ORGANIZER, Role.CHIEF_REFEREE)


def is_account(request) -> bool:
    """A person with an account, not a table token (which may only keep its table's score)."""
    user = request.user
    return bool(user and user.is_authenticated and not isinstance(user, TableUser))


def scorekeeper_tables(request, event: Event) -> list[int] | None:
    """Tables a pure scorekeeper is limited to; None when the caller is not limited."""
    roles = event_roles(request, event)
    if set(roles) - {Role.SCOREKEEPER}:
        return None
    tables = roles.get(Role.SCOREKEEPER)
    return tables or None


def _event(view, obj):
    return view.get_event()


class EventPermission(StrEnum):
    """The events app's permission names (registered below)."""

    ACCOUNT = "account"  # a user account, not a table token
    VISIBLE = "event.visible"
    STAFF = "event.staff"
    ORGANIZER = "event.organizer"
    REFEREE = "event.referee"
    CHIEF_REFEREE = "event.chief_referee"


register_check(EventPermission.ACCOUNT, lambda r, v, o: is_account(r))
register_check(
    EventPermission.VISIBLE,
    lambda r, v, o: _event(v, o).is_public or is_staff(r, _event(v, o)),
    anonymous=True,
)
register_check(EventPermission.STAFF, lambda r, v, o: is_staff(r, _event(v, o)), table_token=True)
register_check(EventPermission.ORGANIZER, lambda r, v, o: has_role(r, _event(v, o), Role.ORGANIZER))
register_check(
    EventPermission.REFEREE,
    lambda r, v, o: has_role(r, _event(v, o), Role.ORGANIZER, Role.CHIEF_REFEREE, Role.REFEREE),
)
register_check(
    EventPermission.CHIEF_REFEREE,
    lambda r, v, o: has_role(r, _event(v, o), Role.ORGANIZER, Role.CHIEF_REFEREE),
)
