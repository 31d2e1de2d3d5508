"""Registration (docs/rules/guandan.md G11): pairs by hand or in bulk, and singles paired by lot.

A "pair" is a side of a match of any game: two players, or three for a game whose teams are of
three (``Game.team_size``: a Daguai Luzi team, docs/rules/daguai.md K1, holds ``player_3``).
"""

from __future__ import annotations

import secrets
from collections.abc import Collection, Iterator
from typing import Any

from django.db import transaction
from django.db.models import Max, Model, Q, QuerySet

from core.errors import Conflict, DomainError
from core.fields import column_max
from engine import get_game
from engine.lots import lot
from tournaments.changes import changed, differs
from tournaments.models import Event, Member, Pair, Player, Unit
from tournaments.services import save_fields
from tournaments.services.clubs import Entrant, MemberMatcher

_SINGLES_SALT = 0x51A6
# The highest number the column stores (a PositiveIntegerField: 2**31 - 1).
PAIR_NUMBER_MAX = column_max(Pair, "number")


class RegistrationRefused(DomainError):
    """A registration the event refuses (a pair number taken or none left, a team of the wrong size,
    too few singles): a 400 naming the field."""

    default_code = "invalid"


def lock_pair_numbers(event: Event) -> None:
    """Serialise the writers that give pair numbers in ``event``, until the transaction ends.

    The event row is the lock (FOR NO KEY UPDATE: rows that merely refer to the event are not held
    up). Take it before reading the numbers in use: concurrent registrations then each see the
    numbers the others took, instead of all taking the same highest + 1.
    """
    Event.objects.select_for_update(no_key=True).filter(pk=event.pk).values_list("pk", flat=True).get()


def free_pair_numbers(event: Event, *, reserved: Collection[int] = ()) -> Iterator[int]:
    """The numbers the server gives, in order: after the highest number in use (skipping
    ``reserved``), and, once that would pass the column's maximum, the lowest free ones.

    Call it under ``lock_pair_numbers``. The highest number is read now; the free numbers below it
    only when the numbers above it run out (a pair numbered 2147483647 by hand), and then they leave
    out the pairs created in between.
    """
    top = Pair.objects.filter(event=event).aggregate(top=Max("number"))["top"] or 0

    def numbers() -> Iterator[int]:
        yield from (number for number in range(top + 1, PAIR_NUMBER_MAX + 1) if number not in reserved)
        taken = set(Pair.objects.filter(event=event).values_list("number", flat=True)) | set(reserved)
        yield from (number for number in range(1, top) if number not in taken)

    return numbers()


def take_number(numbers: Iterator[int]) -> int:
    number = next(numbers, None)
    if number is None:
        raise RegistrationRefused("Every pair number is taken.", "pair_numbers_exhausted", field="number")
    return number


def team_size(event: Event) -> int:
    """Players in each entrant of the event: its game's side (2; a Daguai Luzi team: 3), or 1 in an
    individual event, whose players enter alone (docs/duplicate.md "Individual events")."""
    return 1 if event.rotating_partners else get_game(event.game).team_size


def check_team(event: Event, player_2: object, player_3: object) -> None:
    """An entrant has exactly the game's team size: one player alone (a game where each player scores
    for themselves), two for pairs, three for teams of three."""
    size = team_size(event)
    if size == 1 and player_2:
        raise RegistrationRefused(
            f"In this event of {event.game} each player enters alone: player_2 is for pairs.",
            "team_size",
            field="player_2",
        )
    if size >= 2 and not player_2:
        raise RegistrationRefused(
            f"A pair of {event.game} has two players: give player_2.", "required", field="player_2"
        )
    if size == 3 and not player_3:
        raise RegistrationRefused(
            f"A team of {event.game} has three players: give player_3.", "required", field="player_3"
        )
    if size < 3 and player_3:
        raise RegistrationRefused(
            f"An entrant of {event.game} has {size} player(s): player_3 is for teams of three.",
            "team_size",
            field="player_3",
        )


@transaction.atomic
def pair_create(
    *,
    event: Event,
    player_1: dict,
    player_2: dict | None = None,
    player_3: dict | None = None,
    unit: Unit | None = None,
    number: int | None = None,
    name: str = "",
    seed: int | None = None,
    grade: str = "",
) -> Pair:
    """Register a pair with its two players, a team with its three, or one player alone
    (``check_team``); players take the pair's unit unless given one.

    Without a ``number`` the pair gets the next free one (``free_pair_numbers``).
    """
    check_team(event, player_2, player_3)
    lock_pair_numbers(event)
    if number is None:
        number = take_number(free_pair_numbers(event))
    elif Pair.objects.filter(event=event, number=number).exists():
        raise RegistrationRefused(f"Pair number {number} is taken.", "duplicate_number", field="number")
    given = [dict(data) for data in (player_1, player_2, player_3) if data]
    slots = [f"player_{index}" for index in range(1, len(given) + 1)]
    members = entry_members(event, given, slots, unit=unit)
    players = [
        Player.objects.create(event=event, member=member, **{"unit": unit, **data})
        for data, member in zip(given, members, strict=True)
    ]
    pair = Pair.objects.create(
        event=event,
        number=number,
        name=name,
        player_1=players[0],
        player_2=players[1] if len(players) > 1 else None,
        player_3=players[2] if len(players) > 2 else None,
        unit=unit,
        seed=seed,
        grade=grade,
    )
    changed(event)  # a new pair shows a row of zeros: no standings it shows changed
    return pair


PAIR_FIELDS = frozenset({"name", "unit", "seed", "grade", "status", "status_reason"})
UNIT_FIELDS = frozenset({"name", "short_name"})
PLAYER_FIELDS = frozenset({"name", "unit", "seed", "email", "phone"})
# What the standings show of each (a change of one is ``standings.updated``, scoring.services.changes).
PAIR_SHOWN = frozenset({"number", "name", "player_1", "player_2", "unit", "status"})
UNIT_SHOWN = frozenset({"name", "short_name"})
PLAYER_SHOWN = frozenset({"name"})


@transaction.atomic
def pair_update(*, pair: Pair, **fields: Any) -> Pair:
    """Edit a pair's name, unit, seed or grade, or its status (G11: withdraw, disqualify, reinstate).

    A withdrawn or disqualified pair keeps its matches and results; only the next draws leave it out.
    A status change without a reason clears the old reason.
    """
    if "status" in fields and fields["status"] != pair.status:
        fields.setdefault("status_reason", "")
    shows = differs(pair, fields, PAIR_SHOWN)
    save_fields(pair, fields, allowed=PAIR_FIELDS)
    changed(pair.event_id, shows=shows)
    return pair


@transaction.atomic
def pair_delete(*, pair: Pair) -> None:
    """Delete a pair (refused by the database once it played: its matches protect it)."""
    pair.delete()
    changed(pair.event_id)


@transaction.atomic
def unit_create(*, event: Event, **fields: Any) -> Unit:
    unit = Unit.objects.create(event=event, **_only(fields, UNIT_FIELDS, Unit))
    changed(event)
    return unit


@transaction.atomic
def unit_update(*, unit: Unit, **fields: Any) -> Unit:
    shows = differs(unit, fields, UNIT_SHOWN)
    save_fields(unit, fields, allowed=UNIT_FIELDS)
    changed(unit.event_id, shows=shows)
    return unit


@transaction.atomic
def unit_delete(*, unit: Unit) -> None:
    """Delete a unit (refused by the database while players belong to it)."""
    unit.delete()
    changed(unit.event_id)


def _refuse_entered(event: Event, carried: list[Member | None], slots: list[str]) -> None:
    """One person plays an event once (docs/clubs.md): a carried member entered in the event already,
    or twice in one entry, is ``member_entered``, as a member number naming them would be."""
    ids = [member.pk if member is not None else None for member in carried]
    entered = set(
        Player.objects.filter(event=event, member_id__in=[i for i in ids if i]).values_list(
            "member_id", flat=True
        )
    )
    for index, member_id in enumerate(ids):
        if member_id is not None and (member_id in entered or member_id in ids[:index]):
            raise RegistrationRefused(
                f"Member {member_id} is entered in this event already.",
                "member_entered",
                field=f"{slots[index]}.member",
            )


def entry_members(
    event: Event, entries: list[dict], slots: list[str], *, unit: Unit | None
) -> list[Member | None]:
    """The member of each player of ``entries`` (dicts of a player's fields, whose ``member_number``
    is taken out), for an event of a club: the club's live member of that number, else a new one
    (docs/clubs.md); an entry that carries its ``member`` (a qualifier registered into a series'
    final) keeps it. ``slots`` name the entries in errors (``player_1``…). An event without a club
    links no member, and refuses a member number (400 ``no_club``)."""
    # A person carried over from another of the club's events (a series' qualifier, seasons) comes
    # with the member they are: only the others are matched by number.
    carried = [entry.pop("member", None) for entry in entries]
    if any(member is not None for member in carried):
        _refuse_entered(event, carried, slots)
        rest = [index for index, member in enumerate(carried) if member is None]
        matched = iter(
            entry_members(event, [entries[i] for i in rest], [slots[i] for i in rest], unit=unit)
            if rest
            else []
        )
        return [member if member is not None else next(matched) for member in carried]
    numbers = [entry.pop("member_number", "") or "" for entry in entries]
    if event.club_id is None:
        for slot, number in zip(slots, numbers, strict=True):
            if number:
                raise RegistrationRefused(
                    "The event belongs to no club: a member number names nobody here.",
                    "no_club",
                    field=f"{slot}.member_number",
                )
        return [None] * len(entries)
    matcher = MemberMatcher(event, numbers)
    for index, (code, message) in sorted(matcher.problems().items()):
        raise RegistrationRefused(message, code, field=f"{slots[index]}.member_number")
    entrants = [
        Entrant(
            name=entry["name"],
            member_number=number,
            affiliation=_unit_name(entry.get("unit") or unit),
            email=entry.get("email", ""),
            phone=entry.get("phone", ""),
        )
        for entry, number in zip(entries, numbers, strict=True)
    ]
    return list(matcher.members(entrants))


def _unit_name(unit: Unit | None) -> str:
    """A new member's affiliation: the unit it is registered with (none: empty)."""
    return unit.name if unit is not None else ""


@transaction.atomic
def player_create(*, event: Event, **fields: Any) -> Player:
    """Register one player (a single, paired later by lot); in an event of a club, with its member."""
    fields = dict(fields)
    member = entry_members(event, [fields], ["player"], unit=None)[0]
    player = Player.objects.create(event=event, member=member, **_only(fields, PLAYER_FIELDS, Player))
    changed(event)
    return player


@transaction.atomic
def player_update(*, player: Player, **fields: Any) -> Player:
    """Edit a player; a ``member_number`` links it to that member of the club (else a new one)."""
    fields = dict(fields)
    number = fields.get("member_number")
    current = player.member.member_number if player.member is not None else None
    if not number or number == current:  # an empty number leaves the link as it is
        fields.pop("member_number", None)
    else:
        entry = {"name": fields.get("name", player.name), "member_number": fields.pop("member_number")}
        entry.update(email=fields.get("email", player.email), phone=fields.get("phone", player.phone))
        entry["unit"] = fields.get("unit", player.unit)
        member = entry_members(player.event, [entry], ["player"], unit=None)[0]
        if member is not None:
            fields["member"] = member
    shows = differs(player, fields, PLAYER_SHOWN)
    linked = differs(player, fields, {"member"})  # who played their matches moved (the ratings)
    save_fields(player, fields, allowed=PLAYER_FIELDS | {"member"})
    changed(player.event_id, shows=shows, members=linked)
    return player


@transaction.atomic
def player_delete(*, player: Player) -> None:
    """Delete a player (refused by the database once in a pair)."""
    player.delete()
    changed(player.event_id)


def _only(fields: dict[str, Any], allowed: frozenset[str], model: type[Model]) -> dict[str, Any]:
    unknown = set(fields) - allowed
    if unknown:
        raise TypeError(f"{model.__name__} has no editable field {', '.join(sorted(unknown))}.")
    return fields


def unpaired_players(event: Event) -> QuerySet[Player]:
    paired = Pair.objects.filter(event=event)
    return (
        Player.objects.filter(event=event)
        .exclude(
            Q(pk__in=paired.values("player_1"))
            | Q(pk__in=paired.filter(player_2__isnull=False).values("player_2"))
            | Q(pk__in=paired.filter(player_3__isnull=False).values("player_3"))
        )
        .order_by("id")
    )


@transaction.atomic
def singles_draw(*, event: Event, seed: int | None = None) -> tuple[list[Pair], int, Player | None]:
    """Pair the players registered alone by lot (抽签, "同号码为一对").

    Each player draws a number; the two players holding the same number are a pair. The lot is
    the draws' own seeded function of (seed, the player's place in the order the waiting players
    registered, 1 first), never of a database id, so the same seed on the same players registered
    in the same order gives the same pairs on any database and Python version (docs/events.md
    "Reproducing a draw"). With an odd number of singles, the one left
    over stays unpaired (and is returned). Pairs only: an event of teams of three registers its
    teams whole, one of players alone registers each player (a 409 ``singles_pairs_only``).
    """
    if team_size(event) != 2:
        raise Conflict(
            "Singles are paired two by two; this game's entrants are registered whole.", "singles_pairs_only"
        )
    seed = secrets.randbelow(2**31) if seed is None else seed
    lock_pair_numbers(event)
    players = list(unpaired_players(event).select_for_update())
    if len(players) < 2:
        raise RegistrationRefused("Fewer than two players are waiting for a partner.", "no_singles")
    # ``unpaired_players`` lists them in the order they registered (by id): the place is the key.
    place = {player.pk: index for index, player in enumerate(players, start=1)}
    players.sort(key=lambda player: lot(seed, _SINGLES_SALT, place[player.pk]))
    left_over = players.pop() if len(players) % 2 else None
    numbers = free_pair_numbers(event)
    pairs = []
    for index in range(0, len(players), 2):
        first, second = players[index], players[index + 1]
        unit = first.unit if first.unit_id == second.unit_id else None
        pairs.append(
            Pair.objects.create(
                event=event, number=take_number(numbers), player_1=first, player_2=second, unit=unit
            )
        )
    changed(event)
    return pairs, seed, left_over
