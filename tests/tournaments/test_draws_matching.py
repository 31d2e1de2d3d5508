"""Minimum-cost perfect matching (tournaments/draws/matching.py, docs/rules/guandan.md G11).

Property tests against brute force on small inputs: the blossom search returns a perfect
matching, of least cost over the complete graph, and breaks a hard constraint only when no
perfect matching at all avoids it, however narrow the window it starts from.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.lots import lot, pair_lots
from tournaments.draws import DrawError
from tournaments.draws.matching import BACKEND, JITTER, CostScale, jitter, min_cost_matching

BACKENDS = sorted({"networkx", BACKEND})
# Above every sum of soft costs below (at most 8 edges of 1000 << 40 each).
HARD = 1 << 60


def perfect_matchings(nodes: list[int]) -> Iterator[list[tuple[int, int]]]:
    """Every perfect matching of ``nodes`` (an even count), as sorted (low, high) pairs."""
    if not nodes:
        yield []
        return
    first, rest = nodes[0], nodes[1:]
    for k, partner in enumerate(rest):
        for tail in perfect_matchings(rest[:k] + rest[k + 1 :]):
            yield [(first, partner), *tail]


def solutions(size: int, *, with_bye: bool) -> Iterator[tuple[list[tuple[int, int]], int | None]]:
    """Every way to pair ``size`` nodes, with one of them left for the bye when ``with_bye``."""
    if not with_bye:
        for matching in perfect_matchings(list(range(size))):
            yield matching, None
        return
    for bye in range(size):
        for matching in perfect_matchings([v for v in range(size) if v != bye]):
            yield matching, bye


def total(played, bye, costs, byes) -> int:
    return sum(costs[pair] for pair in played) + (byes[bye] if bye is not None else 0)


def by_distance(size: int):
    def near(k: int):
        return [(i, j) for i in range(size) for j in range(i + 1, min(size, i + k + 1))]

    return near


@st.composite
def instances(draw, *, max_size: int = 8, hard_share: float = 0.0):
    """A node count (odd ones with a bye), distinct costs per edge and per bye, some of them hard."""
    size = draw(st.integers(min_value=2, max_value=max_size))
    with_bye = size % 2 == 1
    edges = list(combinations(range(size), 2))
    values = draw(st.lists(st.integers(0, 999), min_size=len(edges), max_size=len(edges)))
    hard = draw(st.lists(st.booleans(), min_size=len(edges), max_size=len(edges))) if hard_share else []
    # A bit of its own for every edge and every bye breaks ties: no two matchings cost the same,
    # so the optimum is unique.
    costs = {
        edge: (HARD if hard and hard[k] else 0) + (value << 40) + (1 << k)
        for k, (edge, value) in enumerate(zip(edges, values, strict=True))
    }
    bits = len(edges)
    byes = [(draw(st.integers(0, 999)) << 40) + (1 << (bits + v)) for v in range(size)] if with_bye else []
    return size, costs, byes


def solve(size, costs, byes, *, window: int, backend: str):
    return min_cost_matching(
        size=size,
        edge_cost=lambda i, j: costs[(i, j)],
        near=by_distance(size),
        window=window,
        hard=HARD,
        bye_cost=(lambda i: byes[i]) if byes else None,
        backend=backend,
    )


@pytest.mark.parametrize("backend", BACKENDS)
@settings(max_examples=60, deadline=None)
@given(instances())
def test_g11_matching_is_perfect_and_of_least_cost_on_the_complete_graph(backend, instance):
    size, costs, byes = instance
    played, bye = solve(size, costs, byes, window=size, backend=backend)
    placed = [v for pair in played for v in pair] + ([bye] if bye is not None else [])
    assert sorted(placed) == list(range(size))
    assert all(i < j for i, j in played)
    best = min(total(m, b, costs, byes) for m, b in solutions(size, with_bye=bool(byes)))
    assert total(played, bye, costs, byes) == best


@pytest.mark.parametrize("backend", BACKENDS)
@settings(max_examples=60, deadline=None)
@given(instances(hard_share=0.5))
def test_g11_a_narrow_window_breaks_a_hard_constraint_only_when_every_matching_does(backend, instance):
    size, costs, byes = instance
    played, _ = solve(size, costs, byes, window=1, backend=backend)
    broken = sum(costs[pair] >= HARD for pair in played)
    fewest = min(sum(costs[p] >= HARD for p in m) for m, _ in solutions(size, with_bye=bool(byes)))
    assert (broken == 0) == (fewest == 0)


@settings(max_examples=40, deadline=None)
@given(instances(max_size=7))
def test_g11_both_backends_find_the_same_unique_optimum(instance):
    size, costs, byes = instance
    results = {backend: solve(size, costs, byes, window=size, backend=backend) for backend in BACKENDS}
    assert len({(tuple(p), b) for p, b in results.values()}) == 1


def test_g11_unavoidable_stops_the_widening_early():
    # Nodes 0-1 and 2-3 are the only cheap meetings; 0-1 is hard. Told that one hard meeting is
    # unavoidable, the search keeps its first answer instead of widening to the complete graph.
    costs = {(0, 1): HARD, (1, 2): 10, (2, 3): 1, (0, 2): 5000, (0, 3): 5000, (1, 3): 5000}
    asked = []

    def unavoidable(played, bye):
        asked.append(played)
        return True

    played, _ = min_cost_matching(
        size=4,
        edge_cost=lambda i, j: costs[(i, j)],
        near=lambda k: [(0, 1), (2, 3)],
        window=1,
        hard=HARD,
        unavoidable=unavoidable,
    )
    assert played == [(0, 1), (2, 3)] and len(asked) == 1


def test_g11_odd_count_without_a_bye_is_an_impossible_draw():
    with pytest.raises(DrawError) as error:
        min_cost_matching(size=3, edge_cost=lambda i, j: 1, near=by_distance(3), window=1, hard=HARD)
    assert error.value.code == "impossible_draw"


@given(st.integers(0, 2**63), st.integers(0, 10**6), st.integers(0, 10**6))
def test_g11_jitter_is_symmetric_bounded_and_reproducible(seed, a, b):
    assert jitter(seed, a, b) == jitter(seed, b, a) == lot(seed, min(a, b), max(a, b)) % JITTER
    assert 0 <= jitter(seed, a, b) < JITTER


@given(st.integers(-(2**70), 2**70), st.integers(-(2**40), 2**64), st.integers(-(2**40), 2**64))
def test_g11_the_unrolled_pair_lot_draws_the_very_same_lot(seed, a, b):
    # The Swiss draw's tie-breaks go through pair_lots; a copy of the event must draw alike.
    assert pair_lots(seed)(a, b) == lot(seed, a, b)


def test_g11_lot_is_a_fixed_function_of_the_seed():
    # A stored seed must replay the same draw on any Python: these values are splitmix64's.
    assert lot(0) == 0xE220A8397B1DCDAF
    assert lot(1, 2, 3) == lot(1, 2, 3) != lot(1, 3, 2)


@given(st.integers(2, 2000), st.integers(1, 10**6))
def test_g11_each_cost_tier_outweighs_everything_below_it_over_a_whole_matching(entrants, max_soft):
    scale = CostScale.build(entrants=entrants, max_soft=max_soft)
    edges = entrants // 2 + 1
    soft_total = (scale.soft * max_soft + JITTER - 1) * edges  # the jitter is below JITTER
    assert soft_total < scale.bye_step
    assert scale.bye_step * entrants + soft_total < scale.same_unit
    assert scale.same_unit * edges + scale.bye_step * entrants + soft_total < scale.repeat_bye
    assert scale.repeat_bye + scale.same_unit * edges + scale.bye_step * entrants + soft_total < scale.rematch


def test_g11_a_cost_scale_too_large_for_the_weights_is_refused():
    with pytest.raises(DrawError) as error:
        CostScale.build(entrants=10**9, max_soft=10**12)
    assert error.value.code == "impossible_draw"
