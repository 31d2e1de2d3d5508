"""Reads that several operations share: standings points and draw histories.

Match points here are the G9 ``win_draw_loss`` default (2 / 1 / 0) over confirmed matches,
with byes scored per the event's ``bye_result``; the scoring app refines them (G9, G10).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Max

from tournaments.models import Event, Match, MatchStatus, Pair, PairStatus, Round, Stage

WIN, DRAW, LOSS = 2.0, 1.0, 0.0
_BYE = {"win": WIN, "draw": DRAW, "loss": LOSS}


@dataclass
class History:
    points: float = 0.0
    opponents: set[int] = field(default_factory=set)
    had_bye: bool = False
    ns_count: int = 0
    ew_count: int = 0


def histories(event: Event, *, before: int) -> dict[int, History]:
    """Every pair's record in the rounds numbered below ``before`` (one query)."""
    result: dict[int, History] = defaultdict(History)
    matches = Match.objects.filter(round__event=event, round__number__lt=before).values(
        "ns_pair_id", "ew_pair_id", "winner_id", "status"
    )
    bye_points = _BYE[event.bye_result]
    for m in matches:
        ns, ew, winner = m["ns_pair_id"], m["ew_pair_id"], m["winner_id"]
        result[ns].ns_count += 1
        if ew is None:
            result[ns].had_bye = True
            result[ns].points += bye_points
            continue
        result[ew].ew_count += 1
        result[ns].opponents.add(ew)
        result[ew].opponents.add(ns)
        if m["status"] != MatchStatus.CONFIRMED:
            continue
        if winner is None:
            result[ns].points += DRAW
            result[ew].points += DRAW
        else:
            loser = ew if winner == ns else ns
            result[winner].points += WIN
            result[loser].points += LOSS
    return result


def active_pairs(event: Event) -> list[Pair]:
    return list(Pair.objects.filter(event=event, status=PairStatus.ACTIVE).order_by("number"))


def previous_round(round_: Round) -> Round | None:
    return (
        Round.objects.filter(event=round_.event_id, stage=round_.stage_id, number__lt=round_.number)
        .order_by("-number")
        .first()
    )


def stage_pairs(stage: Stage) -> tuple[list[Pair], bool]:
    """The pairs that play in ``stage``, best first, and whether they qualified (G11).

    "Top N of one stage go to the next": when the stage before sets ``advance_count``, only
    its best N active pairs play on, ranked by the points of the rounds before this stage
    (ties: seed, then pair number). Otherwise every active pair plays, in pair-number order.
    """
    pairs = active_pairs(stage.event)
    before = Stage.objects.filter(event=stage.event_id, order__lt=stage.order).order_by("-order").first()
    if before is None or not before.advance_count:
        return pairs, False
    first = Round.objects.filter(stage=stage).order_by("number").values_list("number", flat=True).first()
    if first is None:
        first = (Round.objects.filter(event=stage.event_id).aggregate(top=Max("number"))["top"] or 0) + 1
    past = histories(stage.event, before=first)
    ranked = sorted(
        pairs,
        key=lambda p: (-(past[p.pk].points if p.pk in past else 0.0), p.seed is None, p.seed or 0, p.number),
    )
    return ranked[: before.advance_count], True
