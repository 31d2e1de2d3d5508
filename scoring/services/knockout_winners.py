"""A knockout winner that a later round already holds (G11): what a result correction or a ruling
that would change it runs into (``winner_advanced``)."""

from __future__ import annotations

from django.db.models import Q

from scoring.problems import ScoreConflict
from tournaments.models import Match, Pair, RoundStatus, StageKind


def refuse_overturning_an_advanced_winner(match: Match, winner: Pair | None) -> None:
    """A knockout winner that a later round of the stage already holds stands (G11): overturning it
    would leave that round with a pair that lost. A later round that is still a draft does not stop
    the correction: it must be drawn again, and publishing it is refused until then (draw_stale)."""
    old = match.winner_id
    if match.round.stage.kind != StageKind.KNOCKOUT or old is None or old == (winner.pk if winner else None):
        return
    later = (
        Match.objects.filter(
            round__stage=match.round.stage_id,
            round__number__gt=match.round.number,
            round__status__in=(RoundStatus.PUBLISHED, RoundStatus.CLOSED),
        )
        .filter(Q(ns_pair=old) | Q(ew_pair=old))
        .select_related("round")
        .order_by("round__number")
        .first()
    )
    if later is not None:
        pair = match.ns_pair if old == match.ns_pair_id else match.ew_pair
        assert pair is not None  # the old winner is one of the match's pairs
        number = pair.number
        raise ScoreConflict(
            f"Pair {number} went through to round {later.round.number} (table {later.table}), which is "
            f"published: the winner of this match can no longer change.",
            "winner_advanced",
            extra={"round": later.round.number, "table": later.table},
        )
