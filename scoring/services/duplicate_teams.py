"""Teams of four in a duplicate event (docs/duplicate.md "Teams of four"): the round robin or the
Swiss of teams.

A team is a unit of the event with two active pairs (its first pair the lower number). A round of
teams is drawn as a round robin of the units (``tournaments.draws.round_robin.berger_schedule``, in
the order of their first pairs' numbers): for the k-th team match of the round, team A against
team B, table 2k−1 seats A's first pair NS against B's first pair EW and table 2k seats B's second
pair NS against A's second pair EW, so that both of a team's pairs play the same deals in opposite
directions. In a Swiss stage the teams are drawn as units of one are today: score-paired by the
match points of their team matches in the stage's earlier rounds, no two teams meeting twice while
that can be avoided (``tournaments.draws.swiss.swiss_draw``, its seed a lot of the event's
``lots_seed`` and the round). The draw is then stored and checked as a hand-made draft is
(``tournaments.services.rounds.recheck_and_store``).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from core.errors import Conflict, DomainError
from engine.lots import lot
from scoring.actors import Actor
from scoring.selectors.duplicate_teams import round_team_matches
from scoring.services.duplicate import require_duplicate
from tournaments import draws
from tournaments.changes import changed
from tournaments.draws.round_robin import berger_schedule
from tournaments.draws.swiss import swiss_draw
from tournaments.models import Pair, PairStatus, Round, RoundStatus, StageKind
from tournaments.services.rounds import lock_round, recheck_and_store, require_status

#: What a round of teams says it was drawn with (``Round.draw_system``).
TEAM_DRAW = "team_round_robin"
TEAM_SWISS = "team_swiss"


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
    swiss = round_.stage.kind == StageKind.SWISS
    if swiss:
        seed = lot(round_.event.lots_seed, round_.number) % 2**53
        schedule_round = _swiss_teams(round_, teams, seed=seed)
    else:
        seed = None
        index = Round.objects.filter(stage=round_.stage_id, number__lt=round_.number).count()
        schedule = berger_schedule([unit for unit, _ in teams])
        if index >= len(schedule):
            raise Conflict("Every team has met every other: the round robin is complete.", "stage_complete")
        schedule_round = [(a, b) for a, b in schedule[index] if b is not None]
    pairs = dict(teams)
    pairings = []
    for k, (a, b) in enumerate(schedule_round, start=1):
        (a1, a2), (b1, b2) = pairs[a], pairs[b]
        pairings.append(draws.Pairing(table=2 * k - 1, ns=a1, ew=b1))
        pairings.append(draws.Pairing(table=2 * k, ns=b2, ew=a2))
    recheck_and_store(round_, pairings, whole_stage=True)
    round_.draw_system = TEAM_SWISS if swiss else TEAM_DRAW
    round_.draw_seed, round_.drawn_at = seed, timezone.now()
    round_.save(update_fields=["draw_system", "draw_seed", "drawn_at"])
    changed(round_.event_id)
    return round_


def _swiss_teams(
    round_: Round, teams: list[tuple[int, tuple[int, int]]], *, seed: int
) -> list[tuple[int, int]]:
    """The teams' Swiss pairing of the round: (team A, team B) by table, the best-placed first."""
    points: dict[int, float] = {unit: 0.0 for unit, _ in teams}
    met: dict[int, set[int]] = {unit: set() for unit, _ in teams}
    earlier = Round.objects.filter(stage=round_.stage_id, number__lt=round_.number).select_related("event")
    for played_round in earlier.order_by("number"):
        for played in round_team_matches(played_round):
            a, b = played["a"]["id"], played["b"]["id"]
            points[a] = points.get(a, 0.0) + played["a_match_points"]
            points[b] = points.get(b, 0.0) + played["b_match_points"]
            met.setdefault(a, set()).add(b)
            met.setdefault(b, set()).add(a)
    numbers = {unit: number for unit, number in _first_numbers(teams).items()}
    entrants = [
        draws.Entrant(id=unit, number=numbers[unit], points=points[unit], opponents=frozenset(met[unit]))
        for unit, _ in teams
    ]
    drawn = swiss_draw(entrants, seed=seed, same_unit=draws.SameUnit.OFF, block=None)
    return [(pairing.ns, pairing.ew) for pairing in drawn.pairings if pairing.ew is not None]


def _first_numbers(teams: list[tuple[int, tuple[int, int]]]) -> dict[int, int]:
    first = {
        pk: number
        for pk, number in Pair.objects.filter(pk__in=[p for _, (p, _) in teams]).values_list("pk", "number")
    }
    return {unit: first[pair] for unit, (pair, _) in teams}
