"""What the desks read that no API selector already gives: the events a person has a role in."""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.models import Event, EventRole, Role

#: A superuser is every event's organizer (tournaments.permissions.event_roles): the landing lists
#: the latest events, not a whole history.
SUPERUSER_EVENTS = 200


@dataclass
class DeskEvent:
    event: Event
    roles: list[str] = field(default_factory=list)


def desk_events(user) -> list[DeskEvent]:
    """The events ``user`` holds a role in (the API's event roles), latest first, with those roles;
    a superuser's are every event's, as organizer."""
    found: dict[int, DeskEvent] = {}
    if user.is_superuser:
        for event in Event.objects.order_by("-starts_on", "-id")[:SUPERUSER_EVENTS]:
            found[event.pk] = DeskEvent(event, [Role.ORGANIZER])
    rows = (
        EventRole.objects.filter(user=user)
        .select_related("event")
        .order_by("-event__starts_on", "-event__id", "role")
    )
    for row in rows:
        entry = found.setdefault(row.event_id, DeskEvent(row.event))
        if row.role not in entry.roles:
            entry.roles.append(row.role)
    order = list(Role.values)
    for entry in found.values():
        entry.roles.sort(key=order.index)
    return sorted(
        found.values(),
        key=lambda entry: (entry.event.starts_on is not None, entry.event.starts_on, entry.event.pk),
        reverse=True,
    )
