"""Score-paired (Swiss, 积分编排制) rounds and first-round draws (docs/rules/guandan.md G11).

A Swiss round is a minimum-cost perfect matching (see ``matching``). From most to least
important, a draw avoids:

1. rematches (when ``avoid_rematches``);
2. a second bye for one pair;
3. two pairs of one unit meeting (``same_unit="hard"``);
4. the bye going anywhere but to the lowest-ranked pair that has not had one;
5. score gaps, squared so that equal points meet and a pair floats to the nearest score group,
   and, with ``same_unit="soft"``, a meeting inside a unit, which costs as much as a float
   across ``soft_unit_points`` points;
6. and between draws of equal cost, a seeded random jitter decides.

So the bye is, as the rule says, the lowest pair without one, unless giving it there would force
a rematch, a second bye or (hard) a same-unit meeting that another choice avoids. Everything the
draw had to give up is flagged on the pairing and listed in ``Draw.relaxed``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from enum import StrEnum
from functools import cache
from itertools import chain
from typing import TypeVar

from engine.lots import lot
from tournaments.draws.blocks import DEFAULT_BLOCK, first_round_by_blocks, pair_by_blocks
from tournaments.draws.certificate import certify
from tournaments.draws.matching import (
    GAP_RESOLUTION,
    CostScale,
    jitter,
    match_edges,
    min_cost_matching,
)
from tournaments.draws.partners import Candidates
from tournaments.draws.runs import pair_by_runs
from tournaments.draws.seating import annotate, relaxed_of, seat_pair
from tournaments.draws.swiss_costs import SwissCosts
from tournaments.draws.types import (
    Draw,
    DrawError,
    Entrant,
    ErrorCode,
    FirstRound,
    Flag,
    Pairing,
    SameUnit,
    check_entrants,
)

# Candidate partners per pair: 24 places either side in the ranking, and its 16 nearest free
# partners either way (``partners.py``). After 8 rounds at most 8 of the places are old
# opponents, and a wider window only slows the draw (see bench/draws.py).
DEFAULT_WINDOW = 24


# Up to this many pairs a later round is always the best of every possible draw: proved over
# every meeting (``certificate.py``) or drawn over every one. One matching over every meeting
# of 680 pairs (230,000) took 7–11 s on the loaded test machine, of 1,000 pairs 15 s and more.
EVERY_MEETING_PAIRS = 700
# Rounds drawn again with the meetings the proof found missing, before every meeting is.
_REDRAWS = 3

_E = TypeVar("_E", bound=StrEnum)
_SOFT_FIRST_ROUND = 9


def swiss_draw(
    entrants: Sequence[Entrant],
    *,
    seed: int,
    same_unit: SameUnit = SameUnit.HARD,
    avoid_rematches: bool = True,
    soft_unit_points: float = 1.0,
    window: int = DEFAULT_WINDOW,
    block: int | None = DEFAULT_BLOCK,
) -> Draw:
    """Draw a score-paired round (G11 积分编排制): equal points meet, no rematches, units apart.

    ``entrants`` are the active pairs, in standings order. Table 1 holds the pairing of the
    highest-ranked pairs; the bye, if any, comes last. Seats balance each pair's previous
    North–South and East–West counts, and a seeded lot settles the rest. A field of more than
    ``block`` pairs is first paired block by block (``blocks.py``), then, if a block fails its
    certificate, run by run (``runs.py``), each kept only with its proof that no draw of the
    whole field is better in any tier; ``block=None`` always draws the whole field in one
    matching. Up to ``EVERY_MEETING_PAIRS`` pairs a round not kept by the blocks' proof is then
    proved the best of every possible draw, or drawn again until it is
    (``_best_of_every_draw``, ``certificate.py``).
    """
    same_unit = _choice("same_unit", same_unit, SameUnit)
    costs = SwissCosts(
        entrants,
        seed=seed,
        same_unit=same_unit,
        avoid_rematches=avoid_rematches,
        soft_unit_points=soft_unit_points,
    )
    result = _by_blocks(costs, block=block, window=window) if block and len(costs.ranked) > block else None
    if result is not None and result[2]:
        played, bye = result[0], result[1]
    else:
        played, bye = _best_of_every_draw(
            costs, *(result[:2] if result else _whole_field(costs, window=window)), window=window
        )
    pairings = _pairings(costs.ranked, played, bye, seed=seed)
    ignore = set()
    if not avoid_rematches:
        ignore.add(Flag.REMATCH)
    if same_unit == SameUnit.OFF:
        ignore.add(Flag.SAME_UNIT)
    return Draw(pairings=pairings, seed=seed, relaxed=relaxed_of(pairings, ignore=ignore))


def _best_of_every_draw(
    costs: SwissCosts, played: list[tuple[int, int]], bye: int | None, *, window: int
) -> tuple[list[tuple[int, int]], int | None]:
    """A field of up to ``EVERY_MEETING_PAIRS`` pairs: the round drawn over the candidate
    meetings if proved the best of every possible draw (``certificate.py``), else drawn again
    with the meetings the proof found missing, and in the end over every meeting. A larger
    field's round is the best over its candidates (docs/events.md "Which meetings are
    considered")."""
    size = len(costs.ranked)
    if size > EVERY_MEETING_PAIRS or window >= size - 1:
        return played, bye
    extra: set[tuple[int, int]] = set()
    allowed = costs.allowed
    # The proof covers rounds that break no hard constraint and give the bye where the rule
    # does; any other round is drawn over every meeting at once.
    for attempt in range(_REDRAWS + 1):
        if bye != costs.ideal_bye() or not all(allowed(i, j) for i, j in played):
            return _whole_field(costs, window=size)
        found = certify(
            played=played,
            points=costs.points,
            candidates=chain(costs.near(window), extra),
            units=costs.units,
            allowed=allowed,
            gap=costs.gap,
        )
        if found.proved:
            return played, bye
        new = set(found.missing) - extra
        if not new or attempt == _REDRAWS:
            break
        extra |= new
        played, bye = _whole_field(costs, window=window, extra=extra)
    # No potentials for the candidates' closed walks (see certificate.py), or the meetings
    # found missing keep coming: a proper round exists, so the best of every draw is one over
    # the allowed meetings.
    return _every_allowed_meeting(costs, played, bye), bye


def _every_allowed_meeting(
    costs: SwissCosts, played: list[tuple[int, int]], bye: int | None
) -> list[tuple[int, int]]:
    """The best draw over every allowed meeting of the places but ``bye`` (the drawn round
    ``played`` is one of them): about 230,000 meetings at 680 pairs, 7–11 s on the loaded 2-core
    test machine."""
    places = [i for i in range(len(costs.ranked)) if i != bye]
    edge, allowed = costs.edge, costs.allowed
    edges = [
        (x, y, edge(i, j))
        for x, i in enumerate(places)
        for y in range(x + 1, len(places))
        if allowed(i, j := places[y])
    ]
    matched = match_edges(len(places), edges)
    assert matched is not None, "the drawn round is a perfect matching of allowed meetings"
    return [(places[x], places[y]) for x, y in matched]


def _whole_field(
    costs: SwissCosts, *, window: int, extra: set[tuple[int, int]] | None = None
) -> tuple[list[tuple[int, int]], int | None]:
    ranked, scale = costs.ranked, costs.scale
    size = len(ranked)
    wanted = costs.ideal_bye()

    def unavoidable(played: list[tuple[int, int]], bye: int | None) -> bool:
        # Lower bounds that are cheap to know; anything else is settled by widening.
        if bye != wanted:
            return False
        if costs.avoid_rematches and any(ranked[i].has_met(ranked[j]) for i, j in played):
            return False
        if costs.same_unit != SameUnit.HARD:
            return True
        return sum(ranked[i].same_unit(ranked[j]) for i, j in played) <= same_unit_floor(ranked)

    return min_cost_matching(
        size=size,
        edge_cost=costs.edge,
        near=(lambda k: chain(costs.near(k), extra)) if extra else costs.near,
        window=window,
        hard=scale.same_unit,
        bye_cost=costs.bye if size % 2 else None,
        unavoidable=unavoidable,
        bye_wanted=wanted,
    )


def _by_blocks(
    costs: SwissCosts, *, block: int, window: int
) -> tuple[list[tuple[int, int]], int | None, bool] | None:
    """The draw paired block by block, or run by run, if certified, else None; and whether
    the blocks' proof (over every draw) holds, not the runs' (over the candidate meetings).

    Blocks (``blocks.py``) come first, as they always did; when one of them fails its
    certificate, the field is cut into runs at drops in the points (``runs.py``), whose lower
    bound holds where the blocks' cannot be reached. Joining failed blocks instead took longer
    than the whole-field matching on such rounds (46 s at 5,000 pairs, bench/draws.py).
    """
    bye = costs.ideal_bye()
    places = [i for i in range(len(costs.ranked)) if i != bye]
    soft = costs.scale.soft
    # Both ways ask for the same meetings; they are worked out once.
    edge = cache(costs.edge)

    def good(run: Sequence[int], played: list[tuple[int, int]]) -> bool:
        # With no hard part, a meeting's cost is soft × (gap + unit penalty) + a jitter below
        # ``soft``. Points are ranked best first, so pairing the run off in order is the least
        # gap cost of all (for a convex cost, crossing or nested meetings never help); runs
        # start at even places, so their least costs add up to the whole field's.
        reached = 0
        for i, j in played:
            cost = edge(i, j)
            if cost >= costs.scale.same_unit:
                return False
            reached += cost // soft
        points = [costs.ranked[i].points for i in run]
        return reached == sum(costs.gap(points[k] - points[k + 1]) for k in range(0, len(points), 2))

    played = pair_by_blocks(
        places,
        block=block,
        edge_cost=edge,
        near=lambda run: lambda k: _inside(costs.candidates(k), run),
        window=window,
        hard=costs.scale.same_unit,
        good=good,
        merges=0,
    )
    if played is not None:
        return played, bye, True
    # A meeting without a hard part costs at most the widest gap plus the unit penalty.
    by_runs = pair_by_runs(
        places,
        [costs.ranked[i].points for i in places],
        block=block,
        window=window,
        edge_cost=edge,
        candidates=costs.candidates(window),
        soft=soft,
        cap=GAP_RESOLUTION + costs.unit_penalty + 1,
    )
    return None if by_runs is None else (by_runs, bye, False)


def first_round_draw(
    entrants: Sequence[Entrant],
    *,
    seed: int,
    method: FirstRound = FirstRound.RANDOM,
    same_unit: SameUnit = SameUnit.HARD,
    window: int = DEFAULT_WINDOW,
    block: int | None = DEFAULT_BLOCK,
) -> Draw:
    """Draw a first round (G11), keeping pairs of one unit apart where possible.

    ``random``: the pairs are shuffled by a seeded lot (抽签) and neighbours meet, table by table.
    ``seeded``: pairs in order of ``seeding`` (unseeded last, in the given order); the top half
    meets the bottom half, 1 v N/2+1, 2 v N/2+2, ... (the Swiss convention, unlike a knockout's
    1 v N fold, so that the first round is not a string of walkovers for the top seeds).
    Either way a same-unit meeting is broken up by the smallest change to that ideal order, and
    with an odd count the last pair of the order gets the bye. Table 1 is the top of the order.
    A field of more than ``block`` pairs is first paired block by block (``blocks.py``), which
    gives the very same draw whenever it is kept; ``block=None`` draws in one matching.
    """
    method = _choice("method", method, FirstRound)
    same_unit = _choice("same_unit", same_unit, SameUnit)
    check_entrants(entrants)
    if method == FirstRound.RANDOM:
        order = sorted(entrants, key=lambda entrant: lot(seed, entrant.lot_key))
        offset = 1
    else:
        order = sorted(entrants, key=lambda entrant: (entrant.seeding is None, entrant.seeding or 0))
        offset = len(order) // 2
    size = len(order)
    # Moving a partner d places from the ideal costs d²; a same-unit meeting costs more than any
    # displacement when hard, and as much as a 3-place displacement when soft.
    scale = CostScale.build(entrants=size, max_soft=size * size + _SOFT_FIRST_ROUND)
    unit_cost = scale.same_unit if same_unit == SameUnit.HARD else scale.soft * _SOFT_FIRST_ROUND

    def edge_cost(i: int, j: int) -> int:
        a, b = order[i], order[j]
        cost = scale.soft * (j - i - offset) ** 2 + jitter(seed, a.lot_key, b.lot_key)
        if same_unit != SameUnit.OFF and a.same_unit(b):
            cost += unit_cost
        return cost

    def near(k: int) -> Iterator[tuple[int, int]]:
        for i in range(size):
            for j in range(max(i + 1, i + offset - k), min(size, i + offset + k + 1)):
                yield i, j

    played = None
    if block and size > block:
        played = first_round_by_blocks(
            size=size - size % 2,
            offset=offset,
            block=block,
            window=window,
            edge_cost=edge_cost,
            soft=scale.soft,
            hard=scale.same_unit,
        )
    bye: int | None = size - 1 if size % 2 else None
    if played is None:
        played, bye = min_cost_matching(
            size=size,
            edge_cost=edge_cost,
            near=near,
            window=window,
            hard=scale.same_unit,
            bye_cost=(lambda i: scale.bye_step * (size - 1 - i)) if size % 2 else None,
            unavoidable=lambda played, _: (
                sum(order[i].same_unit(order[j]) for i, j in played) <= same_unit_floor(order)
            ),
        )
    pairings = _pairings(order, played, bye, seed=seed, floats=False)
    ignore = {Flag.REMATCH, Flag.REPEAT_BYE} | ({Flag.SAME_UNIT} if same_unit == SameUnit.OFF else set())
    return Draw(pairings=pairings, seed=seed, relaxed=relaxed_of(pairings, ignore=ignore))


def same_unit_floor(entrants: Sequence[Entrant]) -> int:
    """Same-unit meetings no draw can avoid: a unit with more than half the pairs must meet itself.

    Every other pair can take one of its members and the bye one more, so ``(u - others - bye) / 2``
    meetings remain, where ``u`` is the largest unit.
    """
    units = Counter(entrant.unit for entrant in entrants if entrant.unit is not None)
    largest = max(units.values(), default=0)
    return max(0, (largest - (len(entrants) - largest) - len(entrants) % 2) // 2)


def _inside(candidates: Candidates, run: Sequence[int]) -> Iterator[tuple[int, int]]:
    """The candidate meetings inside ``run`` (places in ranking order), in its own numbering."""
    index = {place: x for x, place in enumerate(run)}
    low, high = run[0], run[-1] + 1
    for x, place in enumerate(run):
        for other in candidates.down(place, low, high):
            y = index.get(other)
            if y is not None:
                yield x, y


def _pairings(
    order: list[Entrant], played: list[tuple[int, int]], bye: int | None, *, seed: int, floats: bool = True
) -> tuple[Pairing, ...]:
    # ``played`` pairs are (better, worse) places in ``order``; sorting them numbers tables from
    # the top.
    pairings = []
    for table, (i, j) in enumerate(sorted(played), start=1):
        ns, ew = seat_pair(order[i], order[j], seed=seed)
        pairings.append(Pairing(table=table, ns=ns, ew=ew))
    if bye is not None:
        pairings.append(Pairing(table=len(pairings) + 1, ns=order[bye].id))
    return annotate(pairings, order, floats=floats)


def _choice(name: str, value: str, choices: type[_E]) -> _E:
    """``value`` as a member of ``choices``, or a ``DrawError`` naming the setting."""
    try:
        return choices(value)
    except ValueError:
        raise DrawError(
            ErrorCode.INVALID_SETTING, f"{name} must be one of {', '.join(choices)}, not {value!r}"
        ) from None
