"""A large Swiss round paired run by run, with a lower bound per run (docs/rules/guandan.md G11).

``blocks.py`` certifies a block by comparing its score-gap cost with the ranking paired off in
order. That bound is out of reach when score groups cannot all pair off without extra floats
(deep rounds, few large units), so such rounds used to be drawn in one matching over the whole
field: 10–35 s at 5,000 pairs. This module certifies them another way.

**Runs.** The ranking without the bye (the lowest pair without one) is cut into runs of at least
``window`` places, each cut at an even place and, near each multiple of the block size, where
the points drop the most. ``G`` is the graph of candidate meetings ``swiss._whole_field``
matches first (``partners.py``: the places within ``window`` of each place and its ``2 * window // 3``
nearest free partners either way). A run that some meeting of ``G`` jumps over (a pair of a
large unit reaching far for a free partner) is not certified: it is joined to its neighbours.

**The bound.** Write ``T(e)`` for a meeting's cost above the seeded tie-break, in units of
``soft`` (``cost // soft``), capped at ``cap`` (anything above is a hard violation). Each run
``R`` is solved as a relaxation: each place either meets a place of ``R`` (an edge of ``G``) or
*exits* up or down, at half the least ``T`` of its candidate meetings on that side of ``R``
(and a bias, below). Exit nodes join their side's clique of exit copies (with a spare copy
when the count is odd), so the exits of each side are even in number.

Any draw ``M`` of ``G`` with the ideal bye gives every run a solution of its relaxation: ``M``'s
meetings inside ``R``, and an exit for each place of ``R`` met outside. The exits on a side are
even: the places above a cut are even in number and no meeting of ``G`` jumps over the run,
so an even number of places of ``R`` meets places above ``R``, and the same below. A meeting
across a cut costs at least the two halves its ends pay. So the runs' least relaxed costs add
up to at most ``T(M)`` plus the biases. The bias is one part in ``2S`` of a unit per exit, with
``2S`` larger than the field, so all biases together stay below one unit; it makes an exit
lose every tie. The jitter comes below all of that: a meeting weighs ``Q * 2S * T + jitter``
and an exit ``Q * (S * t + 1)``, ``t`` its least ``T`` outside, with ``Q`` above any run's sum of
jitters, so a run without exits is drawn exactly as it would be on its own.

**The certificate.** If no run's optimum exits or breaks a hard constraint, the union ``U`` of
the runs is a draw whose cost in units, ``T(U)``, is the sum of the runs' least relaxed costs
(less than one unit of bias away), so ``T(U) <= T(M)`` for every draw ``M`` of ``G`` with the
ideal bye. The whole-field draw is the cheapest draw of ``G``, so ``U`` has exactly its tiers
(no rematch, units apart, fewest floats); only the seeded lot between equal draws may differ.
A draw with another bye costs more than ``U`` in the bye tier, and since ``U`` is in ``G`` and
keeps every hard constraint, the whole-field matching never widens past ``G``. A run that exits
(or breaks a constraint) is solved again joined to its neighbours (only the one it exits to,
when all its exits go one way); if that fails too, the caller
draws the whole field in one matching. ``tests/tournaments/test_draws_optimum.py`` checks the
tiers against the whole-field draw on fields cut into small runs.

**What it does not cover** (issue 38): a draw using meetings outside ``G``. Both the runs and the
whole-field draw are the best over ``G``, so ``G`` decides how close to the best of all draws a
round comes. With ``G`` a window of 24 places, a 680-pair round whose one ``hard`` unit held 338
pairs was certified at 1,596 in squared score gaps where a draw over every meeting costs 1,402:
the proof was right about ``G``, and ``G`` left the unit's pairs too few partners in their own
score groups. Up to ``swiss.EVERY_MEETING_PAIRS`` pairs the round the runs give is therefore
proved again over every meeting (``certificate.py``), or drawn again until it is.

Why it usually holds: cutting where the points drop makes an exit cost half a float, while
meetings inside a score group cost nothing, and the exits of a side being even means a run
cannot hand an odd score group's float to its neighbour at half price. A first round has no
drops in the points, so it is not drawn this way (a unit of a fifth of the field still falls
back to one matching there). The proof does not depend on any of this: a run that exits only
costs time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from tournaments.draws.matching import JITTER, match_edges
from tournaments.draws.partners import Candidates

_UP, _DOWN = 0, 1


def runs_of(points: Sequence[float], *, block: int, window: int) -> list[tuple[int, int]]:
    """Runs ``(start, end)`` of the places, cut at even places where the points drop the most.

    Each run holds at least ``window`` places; cuts fall within a quarter step of each multiple
    of the step, ``max(block, 2 * window)`` rounded up to even.
    """
    step = max(block, 2 * window, 2)
    step += step % 2
    slack = step // 4
    cuts = [0]
    target = step
    while target + step <= len(points):
        options = range(target - slack + (target - slack) % 2, target + slack + 1, 2)
        cuts.append(max(options, key=lambda c: (points[c - 1] - points[c], -abs(c - target))))
        target += step
    return list(zip(cuts, [*cuts[1:], len(points)], strict=True))


def pair_by_runs(
    places: Sequence[int],
    points: Sequence[float],
    *,
    block: int,
    window: int,
    edge_cost: Callable[[int, int], int],
    candidates: Candidates,
    soft: int,
    cap: int,
    merges: int = 2,
) -> list[tuple[int, int]] | None:
    """Pair ``places`` (ranking order, the bye left out) run by run, or None without proof.

    ``points`` are the places' points; ``edge_cost`` takes two places (lower first);
    ``candidates`` are the meetings of the whole ranking the whole-field draw matches first
    (``partners.py``); ``soft`` is
    the unit of the lowest tier above the jitter and ``cap`` the least cost in units that breaks
    a hard constraint. A run whose optimum exits is joined to its neighbours, up to ``merges``
    times.
    """
    spans = runs_of(points, block=block, window=window)
    solver = _Relaxation(places, candidates=candidates, edge_cost=edge_cost, soft=soft, cap=cap)
    found = [solver.solve(start, end) for start, end in spans]
    for attempt in range(merges + 1):
        bad = [k for k, result in enumerate(found) if result is None]
        if not bad:
            return [pair for result in found if result is not None for pair in result]
        if len(spans) == 1 or attempt == merges:
            return None
        joined: list[list[int]] = []
        for k in bad:
            # A run whose optimum sent pairs out one way only is joined to that neighbour only
            # (a run of 10,000 joined both ways took 4.5 s of 18); anything else, to both.
            sides = solver.exits.get(spans[k], {_UP, _DOWN})
            low = max(0, k - 1) if _UP in sides else k
            high = min(len(spans) - 1, k + 1) if _DOWN in sides else k
            if low == high:
                low, high = max(0, k - 1), min(len(spans) - 1, k + 1)
            if joined and low <= joined[-1][1] + 1:
                joined[-1][1] = high
            else:
                joined.append([low, high])
        for low, high in reversed(joined):
            span = (spans[low][0], spans[high][1])
            spans[low : high + 1] = [span]
            found[low : high + 1] = [solver.solve(*span)]
    return None


class _Relaxation:
    """The relaxed matching of one run with exits (see the module docstring)."""

    def __init__(
        self,
        places: Sequence[int],
        *,
        candidates: Candidates,
        edge_cost: Callable[[int, int], int],
        soft: int,
        cap: int,
    ) -> None:
        self.places, self.candidates, self.edge_cost = places, candidates, edge_cost
        self.soft, self.cap = soft, cap
        self.position = {place: x for x, place in enumerate(places)}
        # Half a unit is S, one unit 2S: the biases of all exits of a draw (at most one per
        # place) stay below one unit.
        self.half = len(places) // 2 + 1
        # The sides a run's optimum exits on, by run, for the runs that exited.
        self.exits: dict[tuple[int, int], set[int]] = {}

    def units(self, i: int, j: int) -> tuple[int, int]:
        """A meeting's cost in units (capped) and its jitter."""
        cost = self.edge_cost(i, j)
        return min(cost // self.soft, self.cap), cost % self.soft

    def exit_units(self, x: int, start: int, end: int, side: int) -> int | None:
        """The least capped units of position ``x``'s candidate meetings above or below the run."""
        places = self.places
        if side == _UP:
            above = self.near(x, 0, start, up=True)
            return min((self.units(places[y], places[x])[0] for y in above), default=None)
        below = self.near(x, end, len(places), up=False)
        return min((self.units(places[x], places[y])[0] for y in below), default=None)

    def near(self, x: int, lo: int, hi: int, *, up: bool) -> Iterator[int]:
        """The positions in ``[lo, hi)`` of ``x``'s candidates above (``up``) or below it."""
        if lo >= hi:
            return
        place, low, high = self.places[x], self.places[lo], self.places[hi - 1] + 1
        found = self.candidates.up(place, low, high) if up else self.candidates.down(place, low, high)
        for other in found:
            y = self.position.get(other)  # None for the bye's place
            if y is not None:
                yield y

    def solve(self, start: int, end: int) -> list[tuple[int, int]] | None:
        """The run's meetings as places, or None when its optimum exits or breaks a constraint."""
        places, size = self.places, end - start
        if start > 0 and end < len(places) and self.candidates.jumps_over(places[start], places[end - 1] + 1):
            return None  # a candidate meeting jumps over the run: the sides' parity is lost
        # Jitter sums of one solution stay below ``quantum``, the unit of everything above it.
        quantum = JITTER * (size // 2 + 1)
        unit = 2 * self.half
        edges: list[tuple[int, int, int]] = []
        hard: set[tuple[int, int]] = set()
        for x in range(size):
            for y in (v - start for v in self.near(start + x, start, end, up=False)):
                cost, jit = self.units(places[start + x], places[start + y])
                if cost >= self.cap:
                    hard.add((x, y))
                edges.append((x, y, quantum * unit * cost + jit))
        nodes = first_down = size
        for side in (_UP, _DOWN):
            copies = []
            for x in range(size):
                least = self.exit_units(start + x, start, end, side)
                if least is not None:
                    edges.append((x, nodes, quantum * (self.half * least + 1)))
                    copies.append(nodes)
                    nodes += 1
            if len(copies) % 2:
                copies.append(nodes)
                nodes += 1
            edges.extend((a, b, 0) for k, a in enumerate(copies) for b in copies[k + 1 :])
            if side == _UP:
                first_down = nodes
        matched = match_edges(nodes, edges)
        if matched is None:
            return None
        played = [(a, b) for a, b in matched if b < size]
        exits = {_UP if b < first_down else _DOWN for a, b in matched if a < size <= b}
        if exits:
            self.exits[(start, end)] = exits
        if len(played) * 2 < size or any(pair in hard for pair in played):
            return None  # a place exits, or a hard constraint is broken
        return [(places[start + a], places[start + b]) for a, b in played]
