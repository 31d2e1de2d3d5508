"""What a ruling, a decision or a cancellation would do, before it is made (issue 34,
docs/referees.md "Seeing a ruling before it is made").

The preview runs the very service that makes the change (``services.ruling_make``,
``appeal_decide``, ``penalty_cancel``) inside a savepoint, reads the match's result and the pair
standings as the change leaves them, and rolls the savepoint back: every check, count, proposal and
result the real write would make is the one shown, and nothing of it stays — no row, no audit entry,
no webhook (written in the rolled-back savepoint, or sent only after a commit that never comes) and
no cached standings (they are computed uncached here). A write the service refuses is refused here
with the same problem.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction

from referee.incidents.selectors import standing_ruling
from referee.models import Incident, Penalty, Ruling
from scoring.selectors.matches import latest_result, official_result
from scoring.selectors.standings import standings_table
from tournaments.models import Event, Match


class _RollBack(Exception):
    """Leaves the preview's savepoint, carrying what was read inside it."""

    def __init__(self, read: dict[str, Any]):
        super().__init__("preview rolled back")
        self.read = read


def match_facts(match_id: int) -> dict[str, Any]:
    """The match as the standings read it: its status and winner, and its current result."""
    match = Match.objects.select_related("winner").get(pk=match_id)
    result = official_result(match) or latest_result(match)
    return {
        "status": match.status,
        "winner": match.winner.number if match.winner else None,
        "result": None
        if result is None
        else {
            "version": result.version,
            "status": result.status,
            "source": result.source,
            "winner": result.winner,
            "ns_level": result.ns_level,
            "ew_level": result.ew_level,
            "ns_points": result.ns_points,
            "ew_points": result.ew_points,
            "deals_played": result.deals_played,
        },
    }


def _standings_rows(event: Event) -> dict[int, dict[str, Any]]:
    table = standings_table(event, cached=False)
    return {
        row["pair"]["id"]: {
            "pair": {"id": row["pair"]["id"], "number": row["pair"]["number"], "name": row["pair"]["name"]},
            "rank": row["rank"],
            "match_points": row["match_points"],
            "penalty_points": row["penalty_points"],
            "provisional": row["provisional"],
        }
        for row in table["rows"]
    }


_COMPARED = ("rank", "match_points", "penalty_points", "provisional")


def _changes(before: dict[int, dict], after: dict[int, dict]) -> list[dict[str, Any]]:
    """The standings rows the change moves, in the order of the standings after it."""
    changed = []
    for pair, row in after.items():
        old = before.get(pair)
        if old is None or any(old[key] != row[key] for key in _COMPARED):
            changed.append(
                {
                    "pair": row["pair"],
                    "before": None if old is None else {key: old[key] for key in _COMPARED},
                    "after": {key: row[key] for key in _COMPARED},
                }
            )
    return changed


def _preview(event: Event, match_id: int, write: Callable[[], Any], read: Callable[[Any], dict]) -> dict:
    with transaction.atomic():
        before_match, before_rows = match_facts(match_id), _standings_rows(event)
    try:
        with transaction.atomic():
            made = write()
            raise _RollBack(
                {
                    **read(made),
                    "match_after": match_facts(match_id),
                    "rows_after": _standings_rows(event),
                }
            )
    except _RollBack as done:
        seen = done.read
    return {
        **{key: value for key, value in seen.items() if key not in ("match_after", "rows_after")},
        "match": {"before": before_match, "after": seen["match_after"]},
        "standings": _changes(before_rows, seen["rows_after"]),
    }


def _ruling(ruling: Ruling | None) -> dict[str, Any] | None:
    if ruling is None:
        return None
    return {
        "dismissed": ruling.dismissed,
        "rule": ruling.rule,
        "count": ruling.count,
        "proposed": ruling.proposed,
        "effects": ruling.effects,
        "overrides_table": ruling.overrides_table,
        "flagged": ruling.flagged,
        "penalties": [
            {"kind": p.kind, "to": p.to, "side": p.side, "amount": p.amount, "status": p.status}
            for p in ruling.penalties.order_by("id")
        ],
    }


def preview_ruling(*, incident: Incident, write: Callable[[], Ruling]) -> dict[str, Any]:
    """``write`` (``services.ruling_make`` with the ruling asked) made and rolled back."""
    return _preview(incident.event, incident.match_id, write, lambda made: {"ruling": _ruling(made)})


def preview_decision(*, incident: Incident, write: Callable[[], Any]) -> dict[str, Any]:
    """``write`` (``services.appeal_decide``) made and rolled back: the ruling that stands after it."""

    def read(_appeal) -> dict[str, Any]:
        return {"ruling": _ruling(standing_ruling(incident))}

    return _preview(incident.event, incident.match_id, write, read)


def preview_cancel(*, penalty: Penalty, write: Callable[[], Penalty]) -> dict[str, Any]:
    """``write`` (``services.penalty_cancel``) made and rolled back: the ruling it leaves."""
    return _preview(penalty.event, penalty.match_id, write, lambda made: {"ruling": _ruling(made.ruling)})
