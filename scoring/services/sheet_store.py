"""The stored state of a match (docs/scoring.md "The stored state"): the fold of its current deals,
kept in the match row (``Match.sheet``) so that a deal post reads it with the lock it takes on that
row instead of reading every deal, the referees' level changes and the match's results.

It lives in the row the post locks because that read is the only one that sees what a writer
committed while the post waited for the lock (``SELECT … FOR UPDATE`` answers the row's newest
version; a subquery of the same statement reads the snapshot taken before the wait).

What is stored (JSON): the game's state (``MatchSheet.dump_state``), ``key`` (the rule profile and
``best_of`` it was folded under), ``result`` (whether the match had a result that is not
superseded: the table posts no deal then), ``voided_to`` (the highest deal number a void left
without a current version: a post of a number up to it follows the voided version, read then) and
``tally`` (the deals each side won by finish, ``MatchSheet.tally``: a result submitted from the
deals records it, and reads it here instead of reading the deals).

A deal post writes it with its deal (``snapshot``, ``Deal.sheet_after``): a database trigger copies
it into the match row in the deal's own INSERT, so the post sends no UPDATE of its own. Every other change it
depends on forgets it (``forget``: a correction or void of deals, a result written, a referee's
penalty or ruling), and the next post folds the deals again and stores the fold. A state stored
under another profile, ``best_of`` or shape of the game's state, or without a tally (stored before
the tally was), is not read (``stored``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.sheets import MatchSheet, SheetState
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


def stored(match: Match, sheet: MatchSheet, profile: Any) -> Stored | None:
    """The state stored with ``match`` (as it was loaded), when it was folded under this ``profile``
    and ``best_of`` and reads as the game's state; None otherwise."""
    data = match.sheet
    if not isinstance(data, dict) or data.get("key") != _key(match, profile) or "tally" not in data:
        return None
    state = sheet.load_state(data, profile=profile, best_of=match.best_of)
    if state is None:
        return None
    return Stored(
        state=state,
        result=bool(data.get("result")),
        voided_to=int(data.get("voided_to") or 0),
        tally=data["tally"],
    )


def tally_after(
    sheet: MatchSheet, before: Mapping[str, list[int]] | None, record: Mapping[str, Any]
) -> dict[str, list[int]] | None:
    """The tally (``MatchSheet.tally``) after one more deal: ``before``'s counts and ``record``'s."""
    one = sheet.tally([record])
    if one is None or before is None:
        return one
    return {side: [a + b for a, b in zip(before[side], counts, strict=True)] for side, counts in one.items()}


def snapshot(
    match: Match,
    sheet: MatchSheet,
    profile: Any,
    state: SheetState,
    *,
    result: bool,
    voided_to: int,
    tally: Mapping[str, list[int]] | None,
) -> dict[str, Any]:
    """What is stored for ``state``: a deal post sets it on its deal (``Deal.sheet_after``), and the
    deal's INSERT copies it into the match row (a trigger: scoring/migrations/0005)."""
    return {
        **sheet.dump_state(state),
        "key": _key(match, profile),
        "result": result,
        "voided_to": voided_to,
        "tally": None if tally is None else dict(tally),
    }


def forget(match_id: int | None) -> None:
    """The match's deals, results or level changes changed: the next post folds them again.

    The update locks the row even when nothing is stored: a post that takes the lock after it folds
    what this transaction committed, and one that held it before stored a state this clears."""
    if match_id is not None:
        Match.objects.filter(pk=match_id).update(sheet=None)
