"""G10 standings: match points, then the event's tiebreak chain, shared places or lots.

Covers engine/scoring/ranking/rank.py (``rank``, ``StandingRow``).
"""

from __future__ import annotations

import pytest

from engine.scoring.methods import DealTally, SettingError, build_method
from engine.scoring.ranking import RankingContext, StandingRow, lots_value, pair_rounds, rank
from engine.seats import Side
from tests.scoring.records import played

NS, EW = Side.NS, Side.EW
WDL = build_method({"method": "win_draw_loss"})  # 2 / 1 / 0
NET = build_method({"method": "level_difference"})


def context(records, **options) -> RankingContext:
    return RankingContext(rounds=pair_rounds(records, match_method=WDL, level_method=NET), **options)


def summary(rows: list[StandingRow]) -> list[tuple]:
    return [(row.pair, row.rank, row.shared, row.match_points, row.values, row.decided_by) for row in rows]


# Event E: 4 pairs, 3 rounds (the same as in test_ranking_metrics).
# | match | round | NS | EW | levels | winner |
# |   1   |   1   |  1 |  2 | 10-6   |  NS    |
# |   2   |   1   |  3 |  4 |  8-8   |  draw  |
# |   3   |   2   |  1 |  3 |  5-9   |  EW    |
# |   4   |   2   |  2 |  4 | 14-12  |  NS    |
# |   5   |   3   |  1 |  4 | 15-13  |  NS    |
# |   6   |   3   |  2 |  3 |  9-9   |  draw  |
# | pair | MP | net | progressive | prog-1 | opp | SB | wins |
# |  1   | 4  |  2  |      8      |   6    |  8  |  4 |  2   |
# |  3   | 4  |  4  |      8      |   7    |  8  |  6 |  1   |
# |  2   | 3  | −2  |      5      |   5    |  9  |  3 |  1   |
# |  4   | 1  | −4  |      3      |   2    | 11  |  2 |  0   |
EVENT = [
    played(1, 1, 1, 2, (10, 6), NS),
    played(2, 1, 3, 4, (8, 8), None),
    played(3, 2, 1, 3, (5, 9), EW),
    played(4, 2, 2, 4, (14, 12), NS),
    played(5, 3, 1, 4, (15, 13), NS),
    played(6, 3, 2, 3, (9, 9), None),
]


def test_g10_head_to_head_separates_two_tied_pairs():
    rows = rank(context(EVENT), chain=["progressive", "head_to_head"])
    assert summary(rows) == [
        (3, 1, False, 4, {"progressive": 8, "head_to_head": 2}, "head_to_head"),
        (1, 2, False, 4, {"progressive": 8, "head_to_head": 0}, "match_points"),
        (2, 3, False, 3, {"progressive": 5, "head_to_head": None}, "match_points"),
        (4, 4, False, 1, {"progressive": 3, "head_to_head": None}, None),
    ]


def test_g10_standing_row_counts_results():
    rows = {row.pair: row for row in rank(context(EVENT), chain=[])}
    # | pair | played | W | D | L |
    assert [(p, rows[p].played, rows[p].wins, rows[p].draws, rows[p].losses) for p in (1, 2, 3, 4)] == [
        (1, 3, 2, 0, 1),
        (2, 3, 1, 1, 1),
        (3, 3, 1, 2, 0),
        (4, 3, 0, 1, 2),
    ]


def test_g10_chain_applies_in_order_and_names_the_deciding_metric():
    rows = rank(context(EVENT), chain=["opponents_points", "sonneborn_berger", "wins"])
    assert [(row.pair, row.rank, row.decided_by) for row in rows] == [
        (3, 1, "sonneborn_berger"),  # opponents' points 8 = 8, SB 6 > 4
        (1, 2, "match_points"),
        (2, 3, "match_points"),
        (4, 4, None),
    ]
    assert list(rows[0].values) == ["opponents_points", "sonneborn_berger", "wins"]


def test_g10_first_metric_of_the_chain_that_differs_decides():
    rows = rank(context(EVENT), chain=["wins", "net_level_points"])
    assert [(row.pair, row.decided_by) for row in rows[:2]] == [(1, "wins"), (3, "match_points")]


def test_g10_progressive_cut_1_separates_what_progressive_does_not():
    rows = rank(context(EVENT), chain=["progressive", "progressive_cut1"])
    assert [(row.pair, row.decided_by) for row in rows[:2]] == [(3, "progressive_cut1"), (1, "match_points")]


def test_g10_chain_that_runs_out_shares_the_place():
    rows = rank(context(EVENT), chain=["progressive", "opponents_points"])
    assert summary(rows)[:2] == [
        (1, 1, True, 4, {"progressive": 8, "opponents_points": 8}, None),
        (3, 1, True, 4, {"progressive": 8, "opponents_points": 8}, "match_points"),
    ]
    assert [row.rank for row in rows] == [1, 1, 3, 4]


def test_g10_standings_as_of_round_2():
    # The caller passes only the records up to round 2: 1: W L = 2, 2: L W = 2, 3: D W = 3, 4: D L = 1.
    rows = rank(context([r for r in EVENT if r.round <= 2]), chain=["net_level_points"])
    assert [(row.pair, row.rank, row.match_points, row.decided_by) for row in rows] == [
        (3, 1, 3, "match_points"),
        (1, 2, 2, "net_level_points"),  # 1: +4 −4 = 0; 2: −4 +2 = −2
        (2, 3, 2, "match_points"),
        (4, 4, 1, None),
    ]


# Event S: 4 pairs, 2 rounds; pairs 2 and 3 end level and never met.
# | match | round | NS | EW | levels | winner |
# |  11   |   1   |  1 |  2 |  9-5   |  NS    |
# |  12   |   1   |  3 |  4 |  9-5   |  NS    |
# |  13   |   2   |  1 |  3 |  9-5   |  NS    |
# |  14   |   2   |  2 |  4 |  9-5   |  NS    |
# MP: 1: 4; 2: 2; 3: 2; 4: 0. Net levels: 2: −4 +4 = 0; 3: +4 −4 = 0.
SHARED = [
    played(11, 1, 1, 2, (9, 5), NS),
    played(12, 1, 3, 4, (9, 5), NS),
    played(13, 2, 1, 3, (9, 5), NS),
    played(14, 2, 2, 4, (9, 5), NS),
]


def test_g10_shared_places_are_numbered_1_2_2_4():
    rows = rank(context(SHARED), chain=["wins", "net_level_points", "head_to_head"])
    assert [(row.pair, row.rank, row.shared, row.decided_by) for row in rows] == [
        (1, 1, False, "match_points"),
        (2, 2, True, None),
        (3, 2, True, "match_points"),
        (4, 4, False, None),
    ]


def test_g10_head_to_head_does_not_separate_pairs_that_never_met():
    rows = rank(context(SHARED), chain=["head_to_head"])
    assert [row.values["head_to_head"] for row in rows[1:3]] == [None, None]
    assert rows[1].shared and rows[2].shared


def test_g10_lots_settle_what_the_chain_leaves_when_places_are_not_shared():
    rows = rank(context(SHARED, seed=7), chain=["wins"], shared_places=False)
    first, second = sorted((2, 3), key=lambda pair: -lots_value(7, pair))
    assert [(row.pair, row.rank, row.shared, row.decided_by) for row in rows] == [
        (1, 1, False, "match_points"),
        (first, 2, False, "lots"),
        (second, 3, False, "match_points"),
        (4, 4, False, None),
    ]
    assert list(rows[1].values) == ["wins", "lots"]
    assert rows[1].values["lots"] == lots_value(7, first)


def test_g10_lots_are_reproducible_and_depend_on_the_seed():
    def order(seed: int) -> list[int]:
        return [row.pair for row in rank(context(SHARED, seed=seed), chain=["lots"])]

    assert order(7) == order(7)
    assert {tuple(order(seed)[1:3]) for seed in range(20)} == {(2, 3), (3, 2)}


def test_g10_chain_with_lots_never_leaves_ties():
    rows = rank(context(SHARED, seed=1), chain=["lots"])
    assert not any(row.shared for row in rows)
    assert [row.rank for row in rows] == [1, 2, 3, 4]


@pytest.mark.parametrize(("chain", "shared_places"), [(["lots"], True), (["wins"], False)])
def test_g10_lots_without_a_seed_are_refused(chain, shared_places):
    with pytest.raises(SettingError) as caught:
        rank(context(SHARED), chain=chain, shared_places=shared_places)
    assert (caught.value.code, caught.value.field) == ("lots_seed_required", "seed")


# Event C: 4 pairs round robin; 1, 2 and 3 beat each other in a cycle and all beat 4.
# | match | round | NS | EW | levels | winner | tally                  |
# |  41   |   1   |  1 |  2 | 10-8   |  NS    |                        |
# |  42   |   1   |  3 |  4 | 12-2   |  NS    | 3: one 1-2 finish      |
# |  43   |   2   |  1 |  3 |  6-9   |  EW    |                        |
# |  44   |   2   |  2 |  4 |  9-5   |  NS    |                        |
# |  45   |   3   |  1 |  4 | 11-4   |  NS    |                        |
# |  46   |   3   |  2 |  3 | 13-12  |  NS    |                        |
# MP 1, 2, 3: 4 each; 4: 0. Net levels: 1: 2 − 3 + 7 = 6; 2: −2 + 4 + 1 = 3; 3: 10 + 3 − 1 = 12.
CYCLE = [
    played(41, 1, 1, 2, (10, 8), NS),
    played(42, 1, 3, 4, (12, 2), NS, {NS: DealTally(double=1)}),
    played(43, 2, 1, 3, (6, 9), EW),
    played(44, 2, 2, 4, (9, 5), NS),
    played(45, 3, 1, 4, (11, 4), NS),
    played(46, 3, 2, 3, (13, 12), NS),
]


def test_g10_head_to_head_not_applied_to_groups_of_three():
    rows = rank(context(CYCLE), chain=["head_to_head", "net_level_points"])
    assert summary(rows) == [
        (3, 1, False, 4, {"head_to_head": None, "net_level_points": 12}, "net_level_points"),
        (1, 2, False, 4, {"head_to_head": None, "net_level_points": 6}, "net_level_points"),
        (2, 3, False, 4, {"head_to_head": None, "net_level_points": 3}, "match_points"),
        (4, 4, False, 0, {"head_to_head": None, "net_level_points": -21}, None),
    ]


def test_g10_head_to_head_applies_once_an_earlier_tiebreak_leaves_two():
    rows = rank(context(CYCLE), chain=["first_places", "head_to_head"])
    assert summary(rows)[:3] == [
        (3, 1, False, 4, {"first_places": 1, "head_to_head": None}, "first_places"),
        (1, 2, False, 4, {"first_places": 0, "head_to_head": 2}, "head_to_head"),
        (2, 3, False, 4, {"first_places": 0, "head_to_head": 0}, "match_points"),
    ]


def test_g10_pair_without_rounds_ranks_last_with_zero():
    rounds = pair_rounds(SHARED, match_method=WDL, level_method=NET, pairs=[9])
    rows = rank(RankingContext(rounds=rounds), chain=["opponents_points"])
    last = rows[-1]
    assert (last.pair, last.rank, last.match_points, last.played, last.values) == (
        9,
        5,
        0,
        0,
        {"opponents_points": 0},
    )


def test_g10_empty_standings():
    assert rank(RankingContext(rounds={}), chain=["level_points"]) == []


@pytest.mark.parametrize(
    ("chain", "code", "field"),
    [
        (["level_points", "elo"], "unknown_metric", "tiebreaks.1"),
        (["wins", "wins"], "duplicate_metric", "tiebreaks.1"),
    ],
)
def test_g10_rank_validates_the_chain(chain, code, field):
    with pytest.raises(SettingError) as caught:
        rank(context(EVENT), chain=chain)
    assert (caught.value.code, caught.value.field) == (code, field)
