"""How the referees' rulings (G12) reach scoring, which never imports the referee app.

The referee app (``referee.incidents``) stands above scoring: its penalties point at scoring's
matches and results. What a standing ruling does to scoring is read through the ``Rulings`` that
app registers at start-up (``RefereeConfig.ready``); scoring owns this interface and only calls it.
Until something is registered (the referee app not installed) nothing is ruled: standings, level
lines and winners stay as played, and the public rulings page is left out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Q

from core.hooks import Hook
from engine.levels import LevelChange
from engine.scoring.methods.records import MatchRecord
from engine.scoring.ranking.tables import ForfeitRecord
from tournaments.models import Event, Match


@dataclass(frozen=True)
class Rulings:
    """The readers of the standing rulings that scoring asks (each one or two queries)."""

    #: ``(event, records, rounds)`` → the records as the rulings leave them (matches awarded or
    #: forfeited, a disqualified pair's matches) and each pair's penalty match points; ``rounds`` is
    #: the filter of the matches being scored, prefixed ``match__``.
    standings: Callable[[Event, list[MatchRecord], Q], tuple[list[MatchRecord], dict[int, float]]]
    #: ``match`` → its standing level changes for the engine's fold, by the number of deals before each.
    level_changes: Callable[[Match], dict[int, list[LevelChange]]]
    #: ``(match, moment)`` → what changed in its levels after ``moment``, in order: the standing level
    #: changes ruled since, and the opposite of those ruled before and withdrawn since (what a level
    #: sheet entered then does not hold; scoring.services.result_rulings).
    level_changes_since: Callable[[Match, datetime], list[LevelChange]]
    #: ``match`` → (whether a standing ruling decides it, the winning pair's id or None).
    winner: Callable[[Match], tuple[bool, int | None]]
    #: ``match`` → the rulings that decided it (award, forfeit) and were withdrawn since: (ruled at,
    #: withdrawn at, the pair they gave the match to): a forfeit result that recorded one follows it.
    withdrawn_decisions: Callable[[Match], list[tuple[datetime, datetime, int | None]]]
    #: ``event`` → whether the public sees the event's rulings (its rulings page and link).
    published: Callable[[Event], bool]
    #: ``event`` → the incidents the public sees, each with its standing ruling (the rulings page).
    shown: Callable[[Event], list[dict[str, Any]]]
    #: ``(event, rounds)`` → the match points rulings gave or took, by match then entrant (a pair, or
    #: a player at a table of four): the results rows' deductions and a table of four's standings.
    match_penalties: Callable[[Event, Q], dict[int, dict[int, float]]]
    #: ``(event, rounds)`` → the players whose table of four a ruling scores as their forfeit.
    seat_forfeits: Callable[[Event, Q], list[ForfeitRecord]]
    #: ``(event, rounds)`` → the matches whose result waits for the chief referee (an appeal, a ruling
    #: flagged for review), each ``{match, round, table, ns_pair, ew_pair, entrants}`` (``entrants``:
    #: the pairs, or a table of four's players): provisional in the
    #: standings; ``rounds`` as for ``standings``.
    provisional: Callable[[Event, Q], list[dict[str, Any]]] = lambda event, rounds: []
    #: ``()`` → an expression of the outer match (``OuterRef("pk")``) that moves when an incident of it
    #: is reported (its incidents' count): a stamp of the table read (scoring.selectors.table), so a
    #: table's phone sees its incidents at its next poll; None: no incidents to stamp.
    incident_stamp: Callable[[], Any] = lambda: None


def _as_played(event: Event, records: list[MatchRecord], rounds: Q) -> tuple[list[MatchRecord], dict]:
    return records, {}


AS_PLAYED = Rulings(
    standings=_as_played,
    level_changes=lambda match: {},
    level_changes_since=lambda match, moment: [],
    winner=lambda match: (False, None),
    withdrawn_decisions=lambda match: [],
    published=lambda event: False,
    shown=lambda event: [],
    match_penalties=lambda event, rounds: {},
    seat_forfeits=lambda event, rounds: [],
)

HOOK: Hook[Rulings] = Hook("rulings", filled_by="referee", fallback=AS_PLAYED)


def register(rulings: Rulings) -> None:
    """Make ``rulings`` the readers scoring asks (the referee app, at start-up)."""
    HOOK.register(rulings)


def rulings() -> Rulings:
    """The registered readers of the standing rulings (``AS_PLAYED`` when none is)."""
    return HOOK.get()
