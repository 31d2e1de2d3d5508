"""Large draws paired block by block (tournaments/draws/blocks.py, docs/rules/guandan.md G11).

Against the whole-field matching (``block=None``) on random fields with histories, units and
byes: a Swiss round by blocks costs exactly as much in every tier above the seeded tie-break
(no rematch, units apart, fewest floats, the bye where the rule puts it), and a first round by
blocks is the very same draw.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.draws import Entrant, first_round_draw, swiss_draw
from tournaments.draws import swiss as swiss_module
from tournaments.draws.blocks import blocks_of, pair_by_blocks
from tournaments.draws.partners import Candidates
from tournaments.draws.runs import pair_by_runs, runs_of
from tournaments.draws.swiss import SwissCosts

from .histories import random_fields, swiss_history


def fields(*, least: int = 12, most: int = 90):
    """A field in standings order after a few rounds: points, old opponents, byes and units."""
    return random_fields(least=least, most=most, units=(1, 30), most_rounds=5)


def draw_cost(draw, costs: SwissCosts) -> int:
    place = {entrant.id: n for n, entrant in enumerate(costs.ranked)}
    played = [
        (min(place[p.ns], place[p.ew]), max(place[p.ns], place[p.ew]))
        for p in draw.pairings
        if p.ew is not None
    ]
    bye = next((place[p.ns] for p in draw.pairings if p.ew is None), None)
    return costs.total(played, bye)


@settings(max_examples=60, deadline=None)
@given(fields(), st.integers(4, 40), st.sampled_from(["hard", "soft", "off"]), st.booleans())
def test_g11_a_swiss_round_by_blocks_is_as_good_as_the_whole_field_in_every_tier(
    field, block, same_unit, avoid_rematches
):
    options = {"seed": 5, "same_unit": same_unit, "avoid_rematches": avoid_rematches}
    by_blocks = swiss_draw(field, block=block, **options)
    whole = swiss_draw(field, block=None, **options)
    costs = SwissCosts(field, soft_unit_points=1.0, **options)
    soft = costs.scale.soft
    assert draw_cost(by_blocks, costs) // soft == draw_cost(whole, costs) // soft
    # Which pair floats is the tie-break's choice; how many float, meet again or meet their unit is not.
    assert Counter(n.code for n in by_blocks.relaxed) == Counter(n.code for n in whole.relaxed)
    assert swiss_draw(field, block=block, **options) == by_blocks  # seeded, reproducible


@settings(max_examples=60, deadline=None)
@given(fields(least=10, most=160), st.integers(4, 60), st.sampled_from(["random", "seeded"]), st.booleans())
def test_g11_a_first_round_by_blocks_is_the_whole_field_draw(field, block, method, soft):
    options = {"seed": 9, "method": method, "same_unit": "soft" if soft else "hard"}
    assert first_round_draw(field, block=block, **options) == first_round_draw(field, block=None, **options)


@pytest.mark.parametrize("method", ["random", "seeded"])
def test_g11_blocks_are_kept_on_a_large_field(monkeypatch, method):
    # The certificates hold on a realistic field, so the fast path is the one taken.
    kept = []
    for name in ("_by_blocks", "first_round_by_blocks"):
        real = getattr(swiss_module, name)

        def spy(*args, real=real, **kwargs):
            result = real(*args, **kwargs)
            kept.append(result is not None)
            return result

        monkeypatch.setattr(swiss_module, name, spy)
    field = [Entrant(id=k, seeding=k, unit=k % 37, points=float(k % 5)) for k in range(1, 402)]
    assert first_round_draw(field, seed=1, method=method, block=100) == first_round_draw(
        field, seed=1, method=method, block=None
    )
    swiss_draw(sorted(field, key=lambda e: -e.points), seed=2, block=100)
    assert kept == [True, True]


def test_g11_blocks_start_at_even_places_and_keep_no_short_tail():
    assert [len(run) for run in blocks_of(list(range(26)), 7)] == [8, 8, 10]
    assert [len(run) for run in blocks_of(list(range(18)), 8)] == [8, 10]
    assert [len(run) for run in blocks_of(list(range(20)), 8)] == [8, 8, 4]
    assert [len(run) for run in blocks_of(list(range(6)), 8)] == [6]


def test_g11_a_block_without_its_certificate_is_drawn_again_with_its_neighbours():
    seen = []

    def good(run, played):
        seen.append(len(run))
        return len(run) > 4

    def near(run):
        size = len(run)
        return lambda k: [(i, j) for i in range(size) for j in range(i + 1, min(size, i + k + 1))]

    played = pair_by_blocks(
        list(range(12)), block=4, edge_cost=lambda i, j: j - i, near=near, window=2, hard=1 << 40, good=good
    )
    assert played is not None and sorted(v for pair in played for v in pair) == list(range(12))
    assert seen == [4, 4, 4, 12]
    # A single block is the whole field: the caller draws it in one matching, never twice.
    assert (
        pair_by_blocks(
            [0, 1, 2, 3], block=4, edge_cost=lambda i, j: 1, near=near, window=2, hard=1, good=good
        )
        is None
    )


def test_g11_runs_are_cut_at_even_places_where_the_points_drop():
    points = [3.0] * 10 + [2.0] * 7 + [1.0] * 15
    # Step 8, cuts within 2 of 8, 16, 24: at the drop after place 10; 16, as 17 is odd; 24.
    assert runs_of(points, block=8, window=2) == [(0, 10), (10, 16), (16, 24), (24, 32)]
    # A run never holds fewer places than the window, so no candidate meeting jumps over one.
    assert runs_of(points, block=8, window=6) == [(0, 10), (10, 32)]


def test_g11_a_run_whose_optimum_exits_is_joined_to_its_neighbours():
    soft = 1 << 40

    def edge_cost(i, j):
        return 0 if (i, j) in {(4, 7), (5, 6)} else 5 * soft

    # Runs (0, 6) and (6, 16): the free meetings cross the cut, so the first run's optimum exits.
    assert runs_of([0.0] * 16, block=4, window=3) == [(0, 6), (6, 16)]
    candidates = Candidates(range(16), k=3, free=lambda i, j: True)  # the three places either side
    options = {
        "block": 4,
        "window": 3,
        "edge_cost": edge_cost,
        "candidates": candidates,
        "soft": soft,
        "cap": 100,
    }
    assert pair_by_runs(list(range(16)), [0.0] * 16, merges=0, **options) is None
    # Joined, the two runs are one, and its optimum takes both free meetings.
    played = pair_by_runs(list(range(16)), [0.0] * 16, **options)
    assert played is not None and {(4, 7), (5, 6)} <= set(played)
    assert sorted(v for pair in played for v in pair) == list(range(16))


def test_g11_a_deep_round_of_three_units_is_drawn_run_by_run(monkeypatch):
    # Eight rounds with three units: the blocks cannot reach their bound, the runs prove theirs.
    taken = []
    for name in ("pair_by_blocks", "pair_by_runs"):
        real = getattr(swiss_module, name)

        def spy(*args, real=real, name=name, **kwargs):
            result = real(*args, **kwargs)
            taken.append((name, result is not None))
            return result

        monkeypatch.setattr(swiss_module, name, spy)
    field = swiss_history(size=400, rounds=8, units=[0, 1, 2], seed=1)
    by_runs = swiss_draw(field, seed=3, block=100)
    assert taken == [("pair_by_blocks", False), ("pair_by_runs", True)]
    costs = SwissCosts(field, seed=3, same_unit="hard", avoid_rematches=True, soft_unit_points=1.0)
    soft = costs.scale.soft
    assert (
        draw_cost(by_runs, costs) // soft == draw_cost(swiss_draw(field, seed=3, block=None), costs) // soft
    )
