"""G10: what the standings read about each pair, one ``PairRound`` per match.

Covers engine/scoring/ranking/entries.py (``pair_rounds``, ``RankingContext``).
"""

from __future__ import annotations

import random

import pytest

from engine.scoring.methods import (
    DealTally,
    GameRecord,
    MatchKind,
    MatchRecord,
    Outcome,
    SettingError,
    build_method,
)
from engine.scoring.ranking import PairRound, RankingContext, pair_rounds
from engine.seats import Side

NS, EW = Side.NS, Side.EW
WDL = build_method({"method": "win_draw_loss"})
LEVELS = build_method({"method": "level_table"})

# | match | round | NS | EW | result          | NS-EW levels | tally NS / EW       |
# |   1   |   1   |  1 |  2 | NS won          | 15-13        | 2×1-2, 1×1-4 / 1×1-3 |
# |   2   |   1   |  3 |  - | bye             |              |                      |
# |   3   |   2   |  3 |  1 | 3 forfeited     |              |                      |
# |   4   |   2   |  2 |  - | bye             |              |                      |
RECORDS = [
    MatchRecord(
        match_id=1,
        round=1,
        ns=1,
        ew=2,
        winner=NS,
        games=(GameRecord(ns_level=15, ew_level=13, winner=NS),),
        tally={NS: DealTally(double=2, one_four=1), EW: DealTally(one_three=1)},
    ),
    MatchRecord(match_id=2, round=1, ns=3, ew=None, kind=MatchKind.BYE),
    MatchRecord(match_id=3, round=2, ns=3, ew=1, kind=MatchKind.FORFEIT, winner=EW),
    MatchRecord(match_id=4, round=2, ns=2, ew=None, kind=MatchKind.BYE),
]


def test_g10_pair_rounds_of_a_played_match():
    rounds = pair_rounds(RECORDS, match_method=WDL, level_method=LEVELS)
    assert rounds[1][0] == PairRound(
        round=1,
        match_id=1,
        opponent=2,
        kind=MatchKind.PLAYED,
        outcome=Outcome.WIN,
        match_points=2,
        level_points=16,
        net_levels=2,
        cumulative_levels=13,
        firsts=3,
        double_wins=2,
    )
    assert rounds[2][0] == PairRound(
        round=1,
        match_id=1,
        opponent=1,
        kind=MatchKind.PLAYED,
        outcome=Outcome.LOSS,
        match_points=0,
        level_points=12,
        net_levels=-2,
        cumulative_levels=11,
        firsts=1,
        double_wins=0,
    )


def test_g10_pair_rounds_bye_is_a_win_without_opponent_or_levels():
    bye = pair_rounds(RECORDS, match_method=WDL, level_method=LEVELS)[3][0]
    assert (bye.opponent, bye.kind, bye.outcome) == (None, MatchKind.BYE, Outcome.WIN)
    assert (bye.match_points, bye.level_points, bye.net_levels, bye.cumulative_levels) == (2, 20, 0, 0)


def test_g10_pair_rounds_forfeit_win_is_a_win_with_the_forfeit_points():
    rounds = pair_rounds(RECORDS, match_method=WDL, level_method=LEVELS)
    won, lost = rounds[1][1], rounds[3][1]
    assert (won.outcome, won.match_points, won.level_points, won.net_levels) == (Outcome.WIN, 2, 20, 0)
    assert (lost.outcome, lost.match_points, lost.level_points, lost.opponent) == (Outcome.LOSS, 0, 0, 1)


def test_g10_pair_rounds_are_sorted_by_round_whatever_the_record_order():
    shuffled = RECORDS[::-1]
    assert pair_rounds(shuffled, match_method=WDL, level_method=LEVELS) == pair_rounds(
        RECORDS, match_method=WDL, level_method=LEVELS
    )
    assert [entry.round for entry in pair_rounds(shuffled, match_method=WDL, level_method=LEVELS)[1]] == [
        1,
        2,
    ]


def test_g10_pair_rounds_adds_pairs_that_have_no_round_yet():
    rounds = pair_rounds(RECORDS, match_method=WDL, level_method=LEVELS, pairs=[1, 2, 3, 9])
    assert rounds[9] == []
    assert set(rounds) == {1, 2, 3, 9}


def test_g10_pair_rounds_scores_every_record_once_per_method():
    calls = []

    class Counting(type(WDL)):
        def score(self, records):
            calls.append(len(records))
            return super().score(records)

    records = RECORDS[:]
    random.Random(1).shuffle(records)
    pair_rounds(iter(records), match_method=Counting(), level_method=Counting())
    assert calls == [4, 4]


def test_g10_context_totals_match_points_once():
    ctx = RankingContext(rounds=pair_rounds(RECORDS, match_method=WDL, level_method=LEVELS))
    assert ctx.match_points == {1: 4, 2: 2, 3: 2}
    assert ctx.round_numbers == (1, 2)


@pytest.mark.parametrize(
    ("field", "value"),
    [("bye_in_opponents", "half"), ("forfeit_in_opponents", "half"), ("seed", "42"), ("seed", True)],
)
def test_g10_context_refuses_bad_options(field, value):
    with pytest.raises(SettingError) as caught:
        RankingContext(rounds={}, **{field: value})
    assert caught.value.field == field
