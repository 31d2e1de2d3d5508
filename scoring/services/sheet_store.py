"""The stored state of a match (docs/scoring.md "The stored state"): the fold of its current deals,
kept in scoring's own row per match (``MatchState``) so that a deal post reads it with the lock it
takes instead of reading every deal, the referees' level changes and the match's results.

The post reads it in the statement that locks the match, and locks it there too (``SELECT … FOR
UPDATE OF`` both rows: ``visible_match(…, state=True)``, ``scoring.services.common.lock_match``).
That read is the only one that sees what a writer committed while the post waited (a locked row is
read again in its newest version after the wait; a row merely joined would be read in the snapshot
taken before it). Every write that forgets the state writes that row too (``forget``: an upsert,
which waits for the post's lock), so a post never stores a state folded before such a write.

What is stored: the game's state (``MatchSheet.dump_state``) with ``key`` (the rule profile and
``best_of`` it was folded under) and ``voided_to`` (the highest deal number a void left without a
current version: a post of a number up to it follows the voided version, read then); ``tally`` (the
deals each side won by finish, ``MatchSheet.tally``: a result submitted from the deals records it,
and reads it here instead of reading the deals); ``result`` (whether the match had a result that is
not superseded: the table posts no deal then).

A deal post stores the state after its deal (``store``). Every other change it depends on forgets it
(a correction or void of deals, a result written, a referee's penalty or ruling), in one place:
``scoring.services.changes.record``. The next post folds the deals again and stores the fold. A
state stored under another profile, ``best_of`` or shape of the game's state is not read (``stored``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.sheets import MatchSheet, SheetState
from scoring.models import MatchState
from scoring.models.states import new_stamp
from tournaments.models import Match


@dataclass(frozen=True)
class Stored:
    """A match's stored state, read with its lock."""

    state: SheetState
    result: bool  # the match had a result that is not superseded
    voided_to: int  # the highest deal number a void left without a current version (0: none)
    tally: dict[str, list[int]] | None  # MatchSheet.tally of the current deals (None: not counted)


def _key(match: Match, profile: Any) -> str:
    # A frozen dataclass's repr names every rule the fold used; best_of is the table's format (G8).
    return hashlib.sha256(f"{profile!r}|{match.best_of}".encode()).hexdigest()[:16]


def row_of(match: Match) -> MatchState | None:
    """The state row locked with ``match`` (None: the match was locked without one, or has none)."""
    if not Match.derived.is_cached(match):
        return None
    try:
        return match.derived
    except MatchState.DoesNotExist:
        return None


def stored(match: Match, sheet: MatchSheet, profile: Any) -> Stored | None:
    """The state stored with ``match`` (its row as it was locked with it), when it was folded under
    this ``profile`` and ``best_of`` and reads as the game's state; None otherwise."""
    row = row_of(match)
    data = None if row is None else row.state
    if not isinstance(data, dict) or data.get("key") != _key(match, profile):
        return None
    state = sheet.load_state(data, profile=profile, best_of=match.best_of)
    if state is None:
        return None
    assert row is not None
    return Stored(state=state, result=row.result, voided_to=int(data.get("voided_to") or 0), tally=row.tally)


def tally_after(
    sheet: MatchSheet, before: Mapping[str, list[int]] | None, record: Mapping[str, Any]
) -> dict[str, list[int]] | None:
    """The tally (``MatchSheet.tally``) after one more deal: ``before``'s counts and ``record``'s."""
    one = sheet.tally([record])
    if one is None or before is None:
        return one
    return {side: [a + b for a, b in zip(before[side], counts, strict=True)] for side, counts in one.items()}


def store(
    match: Match,
    sheet: MatchSheet,
    profile: Any,
    state: SheetState,
    *,
    result: bool,
    voided_to: int,
    tally: Mapping[str, list[int]] | None,
) -> None:
    """Store ``state`` as the match's, after a deal post that holds the match's lock.

    With the row locked with the match (``row_of``) it is updated. Without one the post folded the
    deals, and the row is made only if no other write made it meanwhile (``INSERT … ON CONFLICT DO
    NOTHING``): a ``forget`` that got there first leaves it forgotten, and the next post folds again."""
    data = {**sheet.dump_state(state), "key": _key(match, profile), "voided_to": voided_to}
    counted = None if tally is None else dict(tally)
    row = row_of(match)
    if row is not None:
        row.state, row.tally, row.result, row.stamp = data, counted, result, new_stamp()
        row.save(update_fields=["state", "tally", "result", "stamp"])
        return
    made = MatchState(match=match, state=data, tally=counted, result=result)
    MatchState.objects.bulk_create([made], ignore_conflicts=True)
    match.derived = made


def _forgotten(match_id: int) -> MatchState:
    """A match's state row as it is when nothing is stored: the next post folds the deals again."""
    return MatchState(match_id=match_id, state=None, tally=None, result=False)


def prepare(round_id: int) -> None:
    """The published round's matches get their state rows, forgotten (``state`` null), before any
    post: the first deal or result post of a match then reads its state and locks it with the match
    in one statement (``visible_match(…, state=True)``) instead of finding none and reading the match
    again without it. Rows already there are left as they are (``ON CONFLICT DO NOTHING``). A match
    made after publication (a late entry's) gets its row at its first post, as before: this only saves
    that post a statement."""
    ids = Match.objects.filter(round_id=round_id).order_by("pk").values_list("pk", flat=True)
    # In id order, as ``forget`` writes them: two writers never deadlock.
    MatchState.objects.bulk_create([_forgotten(pk) for pk in ids], ignore_conflicts=True, batch_size=2000)


def forget(matches: Iterable[Match]) -> None:
    """The matches' deals, results or level changes changed: their next posts fold them again.

    Only ``scoring.services.changes.record`` calls it. An upsert (the row made forgotten if there is
    none): it writes the row even when nothing is stored, so it waits for a post holding the row's
    lock, and a post that locks the row after it reads it forgotten. A match locked with its row
    already forgotten (``row_of``) sends nothing: nobody else can store it before this commits. Each
    row written gets a new ``stamp`` (the table's read names it in its ETag, scoring.selectors.table);
    the writers that lock the row with the match (a result's) also move the event's results_version,
    which that ETag names too, so a forget that sends nothing leaves no table's ETag behind."""
    rows = {match.pk: row_of(match) for match in matches}
    ids = sorted(pk for pk, row in rows.items() if row is None or row.state is not None)
    if not ids:
        return
    made = {pk: _forgotten(pk) for pk in ids}
    MatchState.objects.bulk_create(  # in one order: two writers never deadlock
        list(made.values()),
        update_conflicts=True,
        unique_fields=["match"],
        update_fields=["state", "tally", "result", "stamp"],
    )
    for pk, row in rows.items():
        if row is not None and pk in made:
            row.state, row.tally, row.result, row.stamp = None, None, False, made[pk].stamp
