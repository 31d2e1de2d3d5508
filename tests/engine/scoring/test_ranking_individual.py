"""An individual event's standings entries (engine/scoring/ranking/individual.py; docs/duplicate.md
"Individual events"): each side's result credited to both its players, and the tiebreaks read
per player over both opponents of each table.

Eight players, two rounds, win_draw_loss 2 / 1 / 0, net level difference:
| match | round | N S | E W | levels | winner |
|   1   |   1   | 1 2 | 3 4 | 10-6   |  NS    |
|   2   |   1   | 5 6 | 7 8 |  8-8   |  draw  |
|   3   |   2   | 1 3 | 5 7 |  5-9   |  EW    |
|   4   |   2   | 2 4 | 6 8 | 14-12  |  NS    |
| player | partners | opponents      | match points | level points |
|   1    | 2, 3     | 3 4, 5 7       | 2 + 0 = 2    |  4 − 4 = 0   |
|   2    | 1, 4     | 3 4, 6 8       | 2 + 2 = 4    |  4 + 2 = 6   |
|   3    | 4, 1     | 1 2, 5 7       | 0 + 0 = 0    | −4 − 4 = −8  |
|   4    | 3, 2     | 1 2, 6 8       | 0 + 2 = 2    | −4 + 2 = −2  |
|   5    | 6, 7     | 7 8, 1 3       | 1 + 2 = 3    |  0 + 4 = 4   |
|   6    | 5, 8     | 7 8, 2 4       | 1 + 0 = 1    |  0 − 2 = −2  |
|   7    | 8, 5     | 5 6, 1 3       | 1 + 2 = 3    |  0 + 4 = 4   |
|   8    | 7, 6     | 5 6, 2 4       | 1 + 0 = 1    |  0 − 2 = −2  |
"""

from __future__ import annotations

from engine.scoring.methods import build_method
from engine.scoring.ranking import METRICS, RankingContext
from engine.scoring.ranking.individual import individual_rounds
from engine.seats import Side
from tests.scoring.records import played

NS, EW = Side.NS, Side.EW
SIDES = {1: ((1, 2), (3, 4)), 2: ((5, 6), (7, 8)), 3: ((1, 3), (5, 7)), 4: ((2, 4), (6, 8))}
# The records as the service reads them: NS and EW are any player of each side (set here to N, E).
RECORDS = [
    played(1, 1, 0, 0, (10, 6), NS),
    played(2, 1, 0, 0, (8, 8), None),
    played(3, 2, 0, 0, (5, 9), EW),
    played(4, 2, 0, 0, (14, 12), NS),
]
POINTS = {1: 2, 2: 4, 3: 0, 4: 2, 5: 3, 6: 1, 7: 3, 8: 1}
LEVELS = {1: 0, 2: 6, 3: -8, 4: -2, 5: 4, 6: -2, 7: 4, 8: -2}


def context():
    entries, met = individual_rounds(
        RECORDS,
        SIDES,
        match_method=build_method({"method": "win_draw_loss"}),
        level_method=build_method({"method": "level_difference"}),
    )
    return RankingContext(rounds=entries, seed=1, met=met), entries, met


def test_each_player_is_credited_with_the_sides_match_and_level_points():
    ctx, entries, _ = context()
    assert ctx.match_points == POINTS
    assert {p: sum(e.level_points for e in rounds) for p, rounds in entries.items()} == LEVELS
    assert all([e.round for e in rounds] == [1, 2] for rounds in entries.values())


def test_the_opponents_met_are_the_other_sides_two_players():
    _, _, met = context()
    assert met[1] == {1: (3, 4), 3: (5, 7)}
    assert met[8] == {2: (5, 6), 4: (2, 4)}


def test_opponents_points_sum_both_opponents_of_every_table():
    ctx, _, _ = context()
    values = METRICS["opponents_points"]().values(ctx)
    # Player 1 met 3 and 4 (0 + 2), then 5 and 7 (3 + 3).
    assert values[1] == 8
    expected = {p: sum(POINTS[o] for others in met.values() for o in others) for p, met in ctx.met.items()}
    assert values == expected


def test_head_to_head_counts_the_tables_two_players_sat_on_opposite_sides_only():
    ctx, _, _ = context()
    metric = METRICS["head_to_head"]()
    # 1 and 2 partnered at table 1 and met nowhere: nothing to compare.
    assert metric.group_values(ctx, [1, 2]) == {1: None, 2: None}
    # 5 and 7 drew as opponents at table 2; their table 3 as partners does not count.
    assert metric.group_values(ctx, [5, 7]) == {5: 1, 7: 1}
    # 1 and 3 partnered in round 2 but met in round 1: 1 won that table.
    assert metric.group_values(ctx, [1, 3]) == {1: 2, 3: 0}


def test_sonneborn_berger_weighs_both_opponents_by_the_outcome():
    ctx, _, _ = context()
    values = {p: METRICS["sonneborn_berger"]().pair_value(ctx, p, ctx.rounds[p]) for p in ctx.rounds}
    assert values[2] == (0 + 2) + (1 + 1)  # won both: 3 and 4, then 6 and 8
    assert values[5] == 0.5 * (3 + 1) + (2 + 0)  # a draw with 7 and 8, then a win over 1 and 3
