"""Events, roles and table tokens."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from core.errors import Conflict, DomainError, Forbidden
from engine import DEFAULT_GAME, get_game
from engine.scoring.methods import build_method
from tournaments.changes import changed, differs
from tournaments.clubs import organises_club
from tournaments.models import (
    EVENT_FIELDS,
    Club,
    Event,
    EventRole,
    Match,
    Pair,
    Player,
    Role,
    Round,
    Stage,
    TableToken,
)
from tournaments.services import save_fields


def game_scoring_defaults(game: str) -> dict[str, object]:
    """``match_points``, ``level_points`` and ``tiebreaks`` of a new event of ``game``: its registry
    entry's ``scoring`` (docs/scoring.md "Defaults by game"), as the event's columns store them."""
    scoring = get_game(game).scoring
    return {  # stored as an organiser's setting is: every number filled in
        "match_points": build_method({"method": scoring.match_points}).to_dict(),
        "level_points": build_method({"method": scoring.level_points}).to_dict(),
        "tiebreaks": list(scoring.tiebreaks),
    }


@transaction.atomic
def event_create(*, by: User, **fields: Any) -> Event:
    """Create an event; its creator becomes its organizer. Scoring settings not given take the
    game's defaults (``Game.scoring``); an unknown game is a 400 at ``game``."""
    unknown = set(fields) - set(EVENT_FIELDS)
    if unknown:
        raise TypeError(f"Event has no editable field {', '.join(sorted(unknown))}.")
    _check_club(by, fields.get("club"))
    game = fields.get("game") or DEFAULT_GAME
    # A ruleset not given is the game's default profile (the column's default is the default game's).
    fields = {"ruleset": get_game(game).default_profile, **game_scoring_defaults(game), **fields}
    event = Event.objects.create(created_by=by, **fields)
    EventRole.objects.create(event=event, user=by, role=Role.ORGANIZER)
    changed(event)  # a new event shows no standings yet
    return event


# The event's settings that the standings show (a change of one is ``standings.updated``).
EVENT_SHOWN = frozenset(
    {
        "match_points",
        "level_points",
        "tiebreaks",
        "shared_places",
        "opponents_bye",
        "opponents_forfeit",
        "unit_best",
        "lots_seed",
    }
)


def _check_club(by: User, club: Club | None) -> None:
    """Only an organiser of the club links an event to it (docs/clubs.md): a 403 at ``club``."""
    if club is not None and not organises_club(by, club):
        raise Forbidden(
            f"Only an organiser of the club {club.slug!r} links events to it.",
            "not_club_organizer",
            field="club",
        )


@transaction.atomic
def event_update(*, event: Event, by: User | None = None, **fields: Any) -> Event:
    """Change the named settings of an event (only those columns are written).

    The game is one of the registry's in service: the database does not list them, so that adding a
    game is no migration (docs/rules/index.md). A new ``club`` (or none) needs ``by`` to organise the
    club the event leaves and the one it joins; once a player of the event is a club's member, the
    event stays that club's (409 ``members_linked``)."""
    if "club" in fields and fields["club"] != event.club:
        if by is None:
            raise TypeError("Linking an event to a club needs who does it (by=).")
        _check_club(by, event.club)
        _check_club(by, fields["club"])
        if Player.objects.filter(event=event, member__isnull=False).exists():
            raise Conflict(
                "Players of the event are members of its club: it stays the club's.", "members_linked"
            )
    elif "club" in fields:
        del fields["club"]  # unchanged: nothing to check, nothing to write
    if "game" in fields:
        get_game(fields["game"])  # an unknown game: a 400 at ``game``
    if fields.get("entry", event.entry) != event.entry and (
        Pair.objects.filter(event=event).exists() or Stage.objects.filter(event=event).exists()
    ):
        raise Conflict(
            "Who enters is set before the first entrant or stage: the event has some.", "entry_locked"
        )
    shows = differs(event, fields, EVENT_SHOWN)
    save_fields(event, fields, allowed=EVENT_FIELDS, also=("updated_at",))
    changed(event, shows=shows)
    return event


@transaction.atomic
def event_delete(*, event: Event) -> None:
    """Delete an event that never played; one with matches is a record: cancel it instead."""
    if Match.objects.filter(round__event=event).exists():
        raise Conflict("The event has matches; set its status to cancelled instead.", "in_use")
    # Registration refers to itself with PROTECT (pair -> players -> unit): delete it in order.
    Round.objects.filter(event=event).delete()
    Pair.objects.filter(event=event).delete()
    Player.objects.filter(event=event).delete()
    event_id = event.pk
    event.delete()
    changed(event_id)  # no kept row of it is served again


class UnknownUser(DomainError):
    default_code = "unknown_user"


@transaction.atomic
def role_assign(*, event: Event, username: str, role: str, tables: list[int] | None = None) -> EventRole:
    """Give a user a role in the event (idempotent: assigning it again updates the table limits)."""
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise UnknownUser(f"No user named {username!r}.", field="username")
    event_role, _ = EventRole.objects.update_or_create(
        event=event, user=user, role=role, defaults={"tables": sorted(set(tables or []))}
    )
    return event_role


@transaction.atomic
def role_remove(*, event_role: EventRole) -> None:
    """Take a role away; an event keeps at least one organizer (else nobody could run it)."""
    event_role = EventRole.objects.select_for_update().get(pk=event_role.pk)
    if event_role.role == Role.ORGANIZER:
        organizers = EventRole.objects.select_for_update().filter(
            event=event_role.event_id, role=Role.ORGANIZER
        )
        if len(organizers) == 1:
            raise Conflict("The event needs at least one organizer; name another first.", "last_organizer")
    event_role.delete()


@transaction.atomic
def table_tokens_mint_missing(*, event: Event, tables: Iterable[int], by: User) -> list[TableToken]:
    """A token for every table of ``tables`` that has no live one (the printed table cards), at once."""
    live = set(
        TableToken.objects.select_for_update()
        .filter(event=event, revoked_at__isnull=True)
        .values_list("table", flat=True)
    )
    return [table_token_mint(event=event, table=table, by=by) for table in tables if table not in live]


@transaction.atomic
def table_token_mint(*, event: Event, table: int, by: User) -> TableToken:
    """A new token for one table; the table's previous live token stops working."""
    for previous in TableToken.objects.select_for_update().filter(
        event=event, table=table, revoked_at__isnull=True
    ):
        table_token_revoke(token=previous)  # one save each: the audit log sees it
    return TableToken.objects.create(event=event, table=table, created_by=by)


def table_token_revoke(*, token: TableToken) -> TableToken:
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token
