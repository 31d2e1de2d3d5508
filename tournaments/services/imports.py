"""``POST /events/{slug}/pairs/import``: every row is checked; all rows are imported or none.

A game of teams of three (Daguai Luzi) needs a ``player_3`` in every row; a game of pairs refuses one;
a game where each player enters alone (four-player Dou Dizhu) needs only ``player_1`` and refuses the others.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.validators import validate_email
from django.db import transaction
from rest_framework.exceptions import ErrorDetail, ValidationError

from core.bulk_audit import log_created
from tournaments.changes import changed
from tournaments.importing import SheetError, read_rows
from tournaments.models import Event, Pair, Player, Unit
from tournaments.services.clubs import Entrant, MemberMatcher
from tournaments.services.registration import (
    PAIR_NUMBER_MAX,
    free_pair_numbers,
    lock_pair_numbers,
    take_number,
    team_size,
)

_SLOTS = ("player_1", "player_2", "player_3")

# Pair.number and Pair.seed are both PositiveIntegerFields.
_HIGH = PAIR_NUMBER_MAX
# Rows per INSERT: one statement for an ordinary list, and a bounded one (in memory, and in
# PostgreSQL's statement) for a 20,000-row file. SQLite's backend may cut batches smaller.
_BATCH = 5000


def _int(value: str, errors: dict, key: str, *, low: int = 1, high: int = _HIGH) -> int | None:
    if not value:
        return None
    try:
        number = int(value)
    except ValueError:
        errors[key] = [ErrorDetail(f"{value!r} is not a whole number.", "invalid")]
        return None
    if number < low:
        errors[key] = [ErrorDetail(f"Must be at least {low}.", "min_value")]
        return None
    if number > high:
        errors[key] = [ErrorDetail(f"Must be at most {high}.", "max_value")]
        return None
    return number


def _check_row(index: int, row: dict, taken: set[int], seen: set[int], errors: dict, *, size: int) -> dict:
    prefix = f"rows.{index}"
    clean: dict = {"player_2": None, "player_3": None}
    for extra in _SLOTS[size:]:
        if row.get(extra):
            errors[f"{prefix}.{extra}"] = [
                ErrorDetail(f"An entrant of this game has {size} player(s): {extra} is refused.", "team_size")
            ]
    for slot in _SLOTS[:size]:
        name = row.get(slot, "")
        if not name:
            errors[f"{prefix}.{slot}"] = [ErrorDetail("A player name is required.", "required")]
        elif len(name) > 120:
            errors[f"{prefix}.{slot}"] = [ErrorDetail("At most 120 characters.", "max_length")]
        clean[slot] = {"name": name}
        for contact in ("email", "phone"):
            value = row.get(f"{contact}_{slot[-1]}", "")
            if contact == "email" and value:
                try:
                    validate_email(value)
                except DjangoValidationError:
                    errors[f"{prefix}.email_{slot[-1]}"] = [ErrorDetail("Not an email address.", "invalid")]
            clean[slot][contact] = value[:32] if contact == "phone" else value
        number = row.get(f"member_number_{slot[-1]}", "")
        if len(number) > 32:
            errors[f"{prefix}.member_number_{slot[-1]}"] = [
                ErrorDetail("At most 32 characters.", "max_length")
            ]
        clean[slot]["member_number"] = number
    number = _int(row.get("number", ""), errors, f"{prefix}.number")
    if number is not None:
        if number in taken:
            errors[f"{prefix}.number"] = [ErrorDetail(f"Pair number {number} is taken.", "duplicate_number")]
        elif number in seen:
            errors[f"{prefix}.number"] = [
                ErrorDetail(f"Pair number {number} appears twice in the file.", "duplicate_number")
            ]
        seen.add(number)
    clean["number"] = number
    clean["seed"] = _int(row.get("seed", ""), errors, f"{prefix}.seed")
    clean["unit"] = row.get("unit", "")[:120]
    clean["grade"] = row.get("grade", "")[:32]
    clean["name"] = row.get("name", "")[:200]
    for column, value in row.items():  # PostgreSQL stores no NUL, and no sheet means one
        if "\x00" in value:
            errors[f"{prefix}.{column}"] = [
                ErrorDetail("Null characters are not allowed.", "null_characters_not_allowed")
            ]
    return clean


def _no_progress(done: int, total: int) -> None:
    """Progress nobody follows (an import answered at once)."""


@transaction.atomic
def pairs_import(
    *,
    event: Event,
    content: bytes,
    filename: str = "",
    content_type: str = "",
    dry_run: bool = False,
    progress: Callable[[int, int], None] = _no_progress,
) -> tuple[int, list[Pair]]:
    """Import a registration list. Returns the created pairs (or, on a dry run, how many would be).

    ``progress(done, total)`` hears how many rows are written, once a batch (a job's, core.jobs).
    """
    size = team_size(event)
    try:
        rows = read_rows(
            content, filename=filename, content_type=content_type, required=_SLOTS[: min(size, 2)]
        )
    except SheetError as exc:
        raise ValidationError({"file": [ErrorDetail(exc.message, exc.code)]}) from exc
    if not rows:
        raise ValidationError({"file": [ErrorDetail("The file has no data rows.", "empty_file")]})
    lock_pair_numbers(event)  # before reading the numbers in use: a concurrent registration waits
    taken = set(Pair.objects.filter(event=event).values_list("number", flat=True))
    errors: dict = {}
    seen: set[int] = set()
    clean_rows = [_check_row(number, row, taken, seen, errors, size=size) for number, row in rows]
    matcher = _members(event, rows, clean_rows, errors)
    if errors:
        raise ValidationError(errors)
    progress(0, len(clean_rows))
    if dry_run:
        progress(len(clean_rows), len(clean_rows))
        return len(clean_rows), []
    free = free_pair_numbers(event, reserved=seen)
    return len(clean_rows), _create(event, clean_rows, free, progress, matcher)


def _entries(clean_rows: list[dict]) -> Iterator[tuple[int, str, dict]]:
    """Each player of the checked rows in file order: (row index, slot, its fields)."""
    for index, row in enumerate(clean_rows):
        for slot in _SLOTS:
            if row[slot] is not None:
                yield index, slot, row[slot]


def _members(
    event: Event, rows: list[tuple[int, dict]], clean_rows: list[dict], errors: dict
) -> MemberMatcher | None:
    """In an event of a club, the matcher of the file's member numbers (one query for the whole
    file), its refusals added to ``errors`` as ``rows.<n>.member_number_<k>``; else None, and the
    numbers are dropped (an event without a club reads none, as before)."""
    entries = list(_entries(clean_rows))
    if event.club_id is None:
        for _, _, player in entries:
            player.pop("member_number")
        return None
    matcher = MemberMatcher(event, [player["member_number"] for _, _, player in entries])
    for index, (code, message) in matcher.problems().items():
        row, slot, _ = entries[index]
        errors.setdefault(f"rows.{rows[row][0]}.member_number_{slot[-1]}", [ErrorDetail(message, code)])
    return matcher


def _create(
    event: Event,
    rows: list[dict],
    free: Iterator[int],
    progress: Callable[[int, int], None],
    matcher: MemberMatcher | None,
) -> list[Pair]:
    """Write the checked rows in bulk: the new units, then, ``_BATCH`` rows at a time, their players
    and their pairs, one ``INSERT`` each (and the same of audit entries), so an import costs the same
    few queries whatever its size. Ids come in row order, as when the rows were saved one by one; a
    row without a number takes the next of ``free`` (the numbers in the file are left out of it)."""
    units = {unit.name: unit for unit in Unit.objects.filter(event=event)}
    new_units = [Unit(event=event, name=name) for name in dict.fromkeys(row["unit"] for row in rows) if name]
    new_units = [unit for unit in new_units if unit.name not in units]
    Unit.objects.bulk_create(new_units, batch_size=_BATCH)
    units.update((unit.name, unit) for unit in new_units)
    if matcher is not None:  # every member of the file at once: the found ones, one INSERT of new ones
        entries = list(_entries(rows))
        entrants = [Entrant(affiliation=rows[index]["unit"], **player) for index, _, player in entries]
        for (_, _, player), member in zip(entries, matcher.members(entrants), strict=True):
            player.pop("member_number")
            player["member"] = member
    created: list[Pair] = []
    audited: list = list(new_units)
    for start in range(0, len(rows), _BATCH):
        players, pairs = _write(event, rows[start : start + _BATCH], units, free)
        log_created([*audited, *players, *pairs], event_id=event.pk, batch_size=_BATCH)
        audited = []
        created += pairs
        progress(len(created), len(rows))
    changed(event)  # written in bulk, once for the whole list (new pairs: no standings change)
    return created


def _write(
    event: Event, rows: list[dict], units: dict[str, Unit], free: Iterator[int]
) -> tuple[list[Player], list[Pair]]:
    """One batch of rows: its players, then its pairs, one ``INSERT`` each."""
    players = []
    for row in rows:
        # Players take their pair's unit, as pair_create gives them.
        row["unit"] = units.get(row["unit"]) if row["unit"] else None
        row["players"] = [
            Player(event=event, unit=row["unit"], **row[slot]) for slot in _SLOTS if row[slot] is not None
        ]
        players += row["players"]
    Player.objects.bulk_create(players, batch_size=_BATCH)
    pairs = []
    for row in rows:
        team = row["players"] + [None] * (len(_SLOTS) - len(row["players"]))
        number = row["number"] if row["number"] is not None else take_number(free)
        pairs.append(
            Pair(
                event=event,
                number=number,
                name=row["name"],
                player_1=team[0],
                player_2=team[1],
                player_3=team[2],
                unit=row["unit"],
                seed=row["seed"],
                grade=row["grade"],
            )
        )
    Pair.objects.bulk_create(pairs, batch_size=_BATCH)
    return players, pairs
