"""Duplicate scoring (docs/duplicate.md "Scoring"): deal points, matchpoints, the difference scale,
travellers and session totals; the worked examples are the docs'."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.duplicate.scoring import (
    TableResult,
    deal_points,
    difference_points,
    matchpoints,
    scale,
    session_totals,
    traveller,
)
from engine.seats import Side


@pytest.mark.parametrize(
    ("order", "ns", "ew"),
    [(["N", "S"], 3, 0), (["E", "N", "W"], 0, 2), (["W", "N", "S", "E"], 0, 1), (["S", "E", "W", "N"], 1, 0)],
)
def test_g5_deal_points_by_the_finishing_order_3_2_1(order, ns, ew):
    assert deal_points(order) == {Side.NS: ns, Side.EW: ew}


def test_deal_points_are_a_setting():
    assert deal_points(["N", "S"], (4, 2, 1)) == {Side.NS: 4, Side.EW: 0}


def test_matchpoints_2_per_table_beaten_1_per_tie():
    # The docs' worked example: five tables' NS scores +3, +1, +1, -2, -3.
    assert matchpoints([3, 1, 1, -2, -3]) == [8, 5, 5, 2, 0]


@given(st.lists(st.integers(min_value=-3, max_value=3), min_size=1, max_size=30))
def test_matchpoints_of_both_directions_sum_to_the_top(scores):
    ns = matchpoints(scores)
    ew = matchpoints([-s for s in scores])
    top = 2 * (len(scores) - 1)
    assert all(a + b == top for a, b in zip(ns, ew, strict=True))
    assert sum(ns) == len(scores) * (len(scores) - 1)


def test_the_difference_scale_is_signed_and_saturates():
    assert [scale(d) for d in (0, 1, 3, 6, 7, 8, 12, -4)] == [0, 1, 3, 6, 6, 7, 7, -4]


def test_difference_points_average_against_every_other_table():
    # The docs' worked example: NS scores +3, +1, -2 → (2+5)/2, (-2+3)/2, (-5-3)/2.
    assert difference_points([3, 1, -2]) == [3.5, 0.5, -4.0]


def _results(*orders):
    return [
        TableResult(table=t + 1, ns=f"ns{t + 1}", ew=f"ew{t + 1}", points=deal_points(order))
        for t, order in enumerate(orders)
    ]


def test_a_traveller_lists_every_table_with_its_percentage():
    lines = traveller(_results(["N", "S"], ["N", "E", "S"], ["E", "W"]))
    assert [(x.ns_score, x.ns_value, x.ns_percent, x.ew_percent) for x in lines] == [
        (3, 4.0, 100.0, 0.0),
        (2, 2.0, 50.0, 50.0),
        (-3, 0.0, 0.0, 100.0),
    ]


def test_one_table_alone_scores_50_percent():
    (line,) = traveller(_results(["N", "S"]))
    assert line.ns_percent == 50.0 and line.ew_percent == 50.0


def test_session_totals_are_matchpoints_over_the_tops():
    deal1 = _results(["N", "S"], ["E", "W"])  # ns1 top, ns2 bottom
    deal2 = _results(["E", "N", "W"], ["E", "N", "W"])  # a tie
    totals = session_totals([deal1, deal2])
    assert totals["ns1"].total == 3 and totals["ns1"].tops == 4 and totals["ns1"].percent == 75.0
    assert totals["ew1"].percent == 25.0 and totals["ew2"].percent == 75.0


def test_session_totals_on_the_difference_scale_have_no_percentage():
    totals = session_totals([_results(["N", "S"], ["E", "W"])], comparison="difference")
    assert totals["ns1"].total == 6 and totals["ns1"].percent is None and totals["ew1"].total == -6
