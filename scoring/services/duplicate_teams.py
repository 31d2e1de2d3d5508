"""Teams of four in a duplicate event (docs/duplicate.md "Teams of four"): the round robin of teams.

A team is a unit of the event with two active pairs (its first pair the lower number). A round of
teams is drawn as a round robin of the units (``tournaments.draws.round_robin.berger_schedule``, in
the order of their first pairs' numbers): for the k-th team match of the round, team A against
team B, table 2k−1 seats A's first pair NS against B's first pair EW and table 2k seats B's second
pair NS against A's second pair EW, so that both of a team's pairs play the same deals in opposite
directions. The draw is then stored and checked as a hand-made draft is
(``tournaments.services.rounds.recheck_and_store``).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from core.errors import Conflict, DomainError
from scoring.actors import Actor
from scoring.services.duplicate import require_duplicate
from tournaments import draws
from tournaments.draws.round_robin import berger_schedule
from tournaments.models import Pair, PairStatus, Round, RoundStatus
from tournaments.services.rounds import lock_round, recheck_and_store, require_status

#: What a round of teams says it was drawn with (``Round.draw_system``).
TEAM_DRAW = "team_round_robin"


def event_teams(event_id: int) -> list[tuple[int, tuple[int, int]]]:
    """The event's teams: (unit id, its two active pairs by number), by their first pair's number.
    A unit of another size is refused (``team_size``)."""
    by_unit: dict[int, list[tuple[int, int]]] = {}
    for pk, number, unit in Pair.objects.filter(event=event_id, status=PairStatus.ACTIVE).values_list(
        "pk", "number", "unit_id"
    ):
        if unit is None:
            raise DomainError(f"Pair {number} is in no team (unit).", "team_size", field="unit")
        by_unit.setdefault(unit, []).append((number, pk))
    teams = []
    for unit, members in by_unit.items():
        if len(members) != 2:
            raise DomainError(
                f"A team is two pairs; unit {unit} has {len(members)}.", "team_size", extra={"unit": unit}
            )
        first, second = sorted(members)
        teams.append((first[0], unit, (first[1], second[1])))
    return [(unit, pairs) for _, unit, pairs in sorted(teams)]


@transaction.atomic
def team_round_draw(*, round_: Round, actor: Actor) -> Round:
    """Draw a draft round of a duplicate event as the next round of the teams' round robin."""
    round_ = lock_round(round_)
    require_status(round_, RoundStatus.DRAFT)
    require_duplicate(round_.event)
    teams = event_teams(round_.event_id)
    if len(teams) < 2 or len(teams) % 2:
        raise DomainError("A round robin of teams needs an even number of teams, two or more.", "teams_even")
    index = Round.objects.filter(stage=round_.stage_id, number__lt=round_.number).count()
    schedule = berger_schedule([unit for unit, _ in teams])
    if index >= len(schedule):
        raise Conflict("Every team has met every other: the round robin is complete.", "stage_complete")
    pairs = dict(teams)
    pairings = []
    for k, (a, b) in enumerate(schedule[index], start=1):
        assert b is not None  # an even number of teams: no bye
        (a1, a2), (b1, b2) = pairs[a], pairs[b]
        pairings.append(draws.Pairing(table=2 * k - 1, ns=a1, ew=b1))
        pairings.append(draws.Pairing(table=2 * k, ns=b2, ew=a2))
    recheck_and_store(round_, pairings, whole_stage=True)
    round_.draw_system, round_.draw_seed, round_.drawn_at = TEAM_DRAW, None, timezone.now()
    round_.save(update_fields=["draw_system", "draw_seed", "drawn_at"])
    return round_
