"""G11 unit standings: units ranked by their pairs' match points, then level points, then lots.

Covers engine/scoring/ranking/rank.py (``rank_units``, ``UnitRow``).
"""

from __future__ import annotations

import pytest

from engine.scoring.methods import SettingError
from engine.scoring.ranking import StandingRow, UnitRow, lots_value, rank_units


def row(pair: int, rank: int, match_points: float) -> StandingRow:
    return StandingRow(
        pair=pair,
        rank=rank,
        shared=False,
        match_points=match_points,
        values={},
        played=3,
        wins=0,
        draws=0,
        losses=0,
        decided_by=None,
    )


# | pair | rank | MP | LP | unit |
# |  1   |  1   |  6 | 10 |  10  |
# |  2   |  2   |  5 |  8 |  20  |
# |  3   |  3   |  4 |  5 |  10  |
# |  4   |  3   |  4 |  7 |  20  |
# |  5   |  5   |  2 |  3 |  30  |
# |  6   |  6   |  1 |  1 |  30  |
# |  7   |  7   |  0 |  0 |  -   |   no unit: left out
ROWS = [row(1, 1, 6), row(2, 2, 5), row(3, 3, 4), row(4, 3, 4), row(5, 5, 2), row(6, 6, 1), row(7, 7, 0)]
UNIT_OF = {1: 10, 2: 20, 3: 10, 4: 20, 5: 30, 6: 30, 7: None}
LEVELS = {1: 10, 2: 8, 3: 5, 4: 7, 5: 3, 6: 1, 7: 0}


def test_g11_units_ranked_by_the_sum_of_all_their_pairs():
    assert rank_units(ROWS, UNIT_OF, level_points=LEVELS) == [
        UnitRow(
            unit=10,
            rank=1,
            shared=False,
            match_points=10,
            level_points=15,
            pairs=(1, 3),
            decided_by="match_points",
        ),
        UnitRow(
            unit=20,
            rank=2,
            shared=False,
            match_points=9,
            level_points=15,
            pairs=(2, 4),
            decided_by="match_points",
        ),
        UnitRow(unit=30, rank=3, shared=False, match_points=3, level_points=4, pairs=(5, 6), decided_by=None),
    ]


def test_g11_units_count_only_their_best_pairs():
    units = rank_units(ROWS, UNIT_OF, best=1, level_points=LEVELS)
    assert [(u.unit, u.match_points, u.level_points, u.pairs) for u in units] == [
        (10, 6, 10, (1,)),
        (20, 5, 8, (2,)),
        (30, 2, 3, (5,)),
    ]


def test_g11_units_level_on_points_are_separated_by_level_points():
    # unit 10: pairs 1 and 6, MP 6 + 1 = 7, LP 10 + 1 = 11
    # unit 20: pairs 2 and 5, MP 5 + 2 = 7, LP 8 + 4 = 12
    unit_of = {1: 10, 6: 10, 2: 20, 5: 20}
    levels = {1: 10, 6: 1, 2: 8, 5: 4}
    units = rank_units(ROWS, unit_of, level_points=levels)
    assert [(u.unit, u.rank, u.match_points, u.level_points, u.decided_by) for u in units] == [
        (20, 1, 7, 12, "level_points"),
        (10, 2, 7, 11, None),
    ]


def test_g11_units_still_level_share_without_a_seed():
    unit_of = {3: 10, 4: 20}
    units = rank_units(ROWS, unit_of, level_points={3: 5, 4: 5})
    assert [(u.unit, u.rank, u.shared, u.decided_by) for u in units] == [
        (10, 1, True, None),
        (20, 1, True, None),
    ]


def test_g11_units_still_level_draw_lots_with_a_seed():
    unit_of = {3: 10, 4: 20}
    units = rank_units(ROWS, unit_of, level_points={3: 5, 4: 5}, seed=99)
    first, second = sorted((10, 20), key=lambda unit: -lots_value(99, unit))
    assert [(u.unit, u.rank, u.shared, u.decided_by) for u in units] == [
        (first, 1, False, "lots"),
        (second, 2, False, None),
    ]


def test_g11_pairs_without_a_unit_are_left_out():
    assert rank_units(ROWS, {7: None}, level_points=LEVELS) == []


@pytest.mark.parametrize("best", [0, -1, True, 1.5])
def test_g11_best_must_be_a_positive_integer(best):
    with pytest.raises(SettingError) as caught:
        rank_units(ROWS, UNIT_OF, best=best, level_points=LEVELS)
    assert (caught.value.code, caught.value.field) == ("invalid", "best")
