"""A Swiss round is not drawn or published over an unsettled one (docs/events.md "Unsettled
rounds"; G10: only confirmed results count, so a draw made before they are would pair on
results that are not yet known).

A table of an earlier round of the event is unsettled while it has no confirmed result: a result
submitted and waiting for its confirmation, a dispute, or a match not (fully) played. A bye needs
no result. Drawing or publishing such a round is ``409 results_pending`` listing the tables, unless
the event allows an override (``Event.allow_unsettled_draws``) and the organiser gives a written
reason: the draw then goes ahead, and the reason, with the tables it went over, is kept on the
round (``Round.unsettled_override``), which the audit log records as any change of the round.

Only Swiss stages: a knockout needs its winners anyway (drawing.py), and a round robin's schedule
does not depend on results.
"""

from __future__ import annotations

from django.db.models import Q
from django.utils import timezone

from core.errors import Conflict
from tournaments.models import Match, MatchStatus, Round, StageKind

UNSETTLED = "results_pending"
REASON_MAX = 500
_DONE = {"draw": "drawn", "publish": "published"}


def pending_tables(round_: Round) -> list[dict]:
    """The unsettled tables of the event's rounds before ``round_``: ``{round, table, status}``,
    in round and table order; none for a round that is not Swiss."""
    if round_.stage.kind != StageKind.SWISS:
        return []
    rows = (
        Match.objects.filter(round__event_id=round_.event_id, round__number__lt=round_.number)
        .exclude(status=MatchStatus.CONFIRMED)
        .exclude(Q(ns_pair__isnull=False) & Q(ew_pair__isnull=True))  # a bye needs no result
        .order_by("round__number", "table")
        .values_list("round__number", "table", "status")
    )
    return [{"round": number, "table": table, "status": status} for number, table, status in rows]


def _described(pending: list[dict]) -> str:
    return ", ".join(f"round {p['round']} table {p['table']} ({p['status']})" for p in pending)


def settle_or_override(round_: Round, *, reason: str | None, doing: str) -> None:
    """Refuse ``doing`` (``"draw"``, ``"publish"``) over unsettled rounds, or record the override.

    A publication of a draw that was made over these very tables (or fewer) with a reason needs
    no new one: the draw's override stands (a new reason replaces it). A draw sets
    ``round_.unsettled_override`` anew (None when nothing is pending). The caller saves the round.
    """
    pending = pending_tables(round_)
    if not pending:
        if doing == "draw":
            round_.unsettled_override = None
        return
    allowed = round_.event.allow_unsettled_draws
    earlier = round_.unsettled_override
    covered = doing == "publish"
    if covered and not reason and earlier is not None and all(p in earlier["tables"] for p in pending):
        return
    if not allowed or not reason:
        how = (
            "give an unsettled_reason to go ahead anyway"
            if allowed
            else "this event does not allow an override (allow_unsettled_draws)"
        )
        raise Conflict(
            f"Round {round_.number} cannot be {_DONE[doing]} over unsettled tables: {_described(pending)}; "
            f"settle them first, or {how}.",
            UNSETTLED,
            extra={"pending": pending, "override_allowed": allowed},
        )
    round_.unsettled_override = {
        "reason": reason,
        "operation": doing,
        "tables": pending,
        "at": timezone.now().isoformat(),
    }
