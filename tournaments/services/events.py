"""Events, roles and table tokens."""

from __future__ import annotations

import copy
from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from core.problems import Conflict, Problem
from engine import get_game
from scoring.ranking import tables as table_scoring
from tournaments.models import EVENT_FIELDS, Event, EventRole, Match, Pair, Player, Role, Round, TableToken
from tournaments.services import save_fields

#: How a new event of a game scores and ranks unless its organizer says otherwise (docs/scoring.md
#: "Defaults by game"); a game not listed takes the columns' defaults (Guandan's G9, G10).
GAME_SCORING_DEFAULTS: dict[str, dict[str, object]] = {
    # docs/rules/daguai.md K7: match points by win, draw or loss, then net points (the level points
    # of ``net_points``), first-outs, progressive score, progressive score without the first round(s),
    # and lots.
    "daguai": {
        "match_points": {"method": "win_draw_loss"},
        "level_points": {"method": "net_points"},
        "tiebreaks": [
            "level_points",
            "first_places",
            "progressive",
            "progressive_cut1",
            "progressive_cut2",
            "lots",
        ],
    },
    # docs/scoring.md "Tables of four": each player's own points, then points above the table's
    # average, deals won, tables topped, progressive score, lots.
    "doudizhu4": {
        "match_points": {"method": table_scoring.MATCH_METHOD},
        "level_points": {"method": table_scoring.LEVEL_METHOD},
        "tiebreaks": table_scoring.DEFAULT_TIEBREAKS,
    },
}


def game_scoring_defaults(game: str) -> dict[str, object]:
    """``match_points``, ``level_points`` and ``tiebreaks`` of a new event of ``game`` (fresh copies)."""
    return copy.deepcopy(GAME_SCORING_DEFAULTS.get(game, {}))


@transaction.atomic
def event_create(*, by, **fields) -> Event:
    """Create an event; its creator becomes its organizer. Scoring settings not given take the
    game's defaults (``GAME_SCORING_DEFAULTS``)."""
    unknown = set(fields) - set(EVENT_FIELDS)
    if unknown:
        raise TypeError(f"Event has no editable field {', '.join(sorted(unknown))}.")
    game = fields.get("game") or "guandan"
    # A ruleset not given is the game's default profile (the column's default is Guandan's).
    fields = {"ruleset": get_game(game).default_profile, **game_scoring_defaults(game), **fields}
    event = Event.objects.create(created_by=by, **fields)
    EventRole.objects.create(event=event, user=by, role=Role.ORGANIZER)
    return event


@transaction.atomic
def event_update(*, event: Event, **fields) -> Event:
    """Change the named settings of an event (only those columns are written)."""
    return save_fields(event, fields, allowed=EVENT_FIELDS, also=("updated_at",))


@transaction.atomic
def event_delete(*, event: Event) -> None:
    """Delete an event that never played; one with matches is a record: cancel it instead."""
    if Match.objects.filter(round__event=event).exists():
        raise Conflict("The event has matches; set its status to cancelled instead.", "in_use")
    # Registration refers to itself with PROTECT (pair -> players -> unit): delete it in order.
    Round.objects.filter(event=event).delete()
    Pair.objects.filter(event=event).delete()
    Player.objects.filter(event=event).delete()
    event.delete()


class UnknownUser(Problem):
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
def table_tokens_mint_missing(*, event: Event, tables: Iterable[int], by) -> list[TableToken]:
    """A token for every table of ``tables`` that has no live one (the printed table cards), at once."""
    live = set(
        TableToken.objects.select_for_update()
        .filter(event=event, revoked_at__isnull=True)
        .values_list("table", flat=True)
    )
    return [table_token_mint(event=event, table=table, by=by) for table in tables if table not in live]


@transaction.atomic
def table_token_mint(*, event: Event, table: int, by) -> TableToken:
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
