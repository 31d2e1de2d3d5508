"""The check-in (检录) before a round (docs/events.md "Check-in"): the staff mark each entrant (a
pair, or a player alone at tables of four: an entrant of one) present, late or absent. The marks
of one call are one transaction; each mark is a row the audit log keeps. The draw reads them
(``tournaments.selectors.checkin``): an absent pair is left out, or drawn and forfeited, as the
event says (``absent_pairs``); with ``check_in_required`` the draw waits for every pair's mark.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from core.errors import DomainError
from tournaments.models import CheckIn, Pair, PairStatus, Round, RoundStatus
from tournaments.services.rounds import lock_round, require_status


@dataclass(frozen=True)
class Mark:
    pair: int  # the pair's id
    status: str
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class TableOutcome:
    """What a mark given after the round was published did to a table (docs/events.md "Check-in"):
    ``forfeited``, ``forfeit_withdrawn``, ``forfeit_changed``, or ``referee`` (recorded only: the
    table is the referee's to rule on)."""

    match: int
    table: int
    outcome: str


@dataclass(frozen=True)
class CheckedIn:
    """A check-in as served: the round, and what the marks did to its published tables (the
    scoring layer's ``check_in_with_forfeits`` follows them; a draft round's list is empty)."""

    round: Round
    tables: list[TableOutcome]


@transaction.atomic
def check_in(*, round_: Round, marks: Sequence[Mark], user=None) -> Round:
    """Mark entrants for a draft or published round (a late arrival after the draw is recorded
    too; it changes nothing of a published draw). A pair twice in one call, a pair of another
    event or one withdrawn is a 400 naming the mark; nothing is written then."""
    round_ = lock_round(round_)
    require_status(round_, RoundStatus.DRAFT, RoundStatus.PUBLISHED)
    ids = [mark.pair for mark in marks]
    pairs = {pair.pk: pair for pair in Pair.objects.filter(event=round_.event_id, pk__in=ids)}
    seen: set[int] = set()
    for index, mark in enumerate(marks):
        field = f"marks[{index}].pair"
        pair = pairs.get(mark.pair)
        if pair is None:
            raise DomainError(f"No pair of this event has id {mark.pair}.", "unknown_pair", field=field)
        if mark.pair in seen:
            raise DomainError(f"Pair {pair.number} is marked twice.", "duplicate_pair", field=field)
        if pair.status != PairStatus.ACTIVE:
            raise DomainError(f"Pair {pair.number} is {pair.status}.", "pair_not_active", field=field)
        seen.add(mark.pair)
    now = timezone.now()
    existing = {row.pair_id: row for row in CheckIn.objects.filter(round=round_, pair_id__in=ids)}
    for mark in marks:
        row = existing.get(mark.pair)
        if row is None:
            CheckIn.objects.create(
                round=round_,
                pair_id=mark.pair,
                status=mark.status,
                note=mark.note,
                checked_by=user,
                checked_at=now,
            )
        elif (row.status, row.note) != (mark.status, mark.note):
            row.status, row.note, row.checked_by, row.checked_at = mark.status, mark.note, user, now
            row.save(update_fields=["status", "note", "checked_by", "checked_at"])
    return round_
