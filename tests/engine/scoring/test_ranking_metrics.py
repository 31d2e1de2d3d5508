"""G10 tiebreak metrics, each on a worked example, and the registry they are validated against.

Covers engine/scoring/ranking/metrics.py.
"""

from __future__ import annotations

import pytest

from engine.scoring.methods import MatchKind, MatchRecord, SettingError, build_method
from engine.scoring.ranking import METRICS, RankingContext, lots_value, pair_rounds, validate_chain
from engine.seats import Side
from tests.scoring.records import played, t

NS, EW = Side.NS, Side.EW
WDL = build_method({"method": "win_draw_loss"})  # 2 / 1 / 0, a bye 2
NET = build_method({"method": "level_difference"})


# Event E: 4 pairs, 3 rounds, win_draw_loss 2/1/0.
# | match | round | NS | EW | levels | winner | tally NS       | tally EW       |
# |   1   |   1   |  1 |  2 | 10-6   |  NS    | 2×1-2, 1×1-3   | 1×1-3, 1×1-4   |
# |   2   |   1   |  3 |  4 |  8-8   |  draw  | 1×1-2          | 1×1-3          |
# |   3   |   2   |  1 |  3 |  5-9   |  EW    | 1×1-4          | 2×1-2          |
# |   4   |   2   |  2 |  4 | 14-12  |  NS    | 1×1-2, 1×1-3   | -              |
# |   5   |   3   |  1 |  4 | 15-13  |  NS    | 1×1-2          | 1×1-4          |
# |   6   |   3   |  2 |  3 |  9-9   |  draw  | 2×1-3          | 1×1-2, 1×1-4   |
EVENT = [
    played(1, 1, 1, 2, (10, 6), NS, {NS: t(2, 1), EW: t(0, 1, 1)}),
    played(2, 1, 3, 4, (8, 8), None, {NS: t(1), EW: t(0, 1)}),
    played(3, 2, 1, 3, (5, 9), EW, {NS: t(0, 0, 1), EW: t(2)}),
    played(4, 2, 2, 4, (14, 12), NS, {NS: t(1, 1), EW: t()}),
    played(5, 3, 1, 4, (15, 13), NS, {NS: t(1), EW: t(0, 0, 1)}),
    played(6, 3, 2, 3, (9, 9), None, {NS: t(0, 2), EW: t(1, 0, 1)}),
]
# | pair | results | match points | after round 1, 2, 3 | opponents (their points) |
# |  1   | W L W   |      4       |  2, 2, 4            | 2 (3), 3 (4), 4 (1)      |
# |  2   | L W D   |      3       |  0, 2, 3            | 1 (4), 4 (1), 3 (4)      |
# |  3   | D W D   |      4       |  1, 3, 4            | 4 (1), 1 (4), 2 (3)      |
# |  4   | D L L   |      1       |  1, 1, 1            | 3 (4), 2 (3), 1 (4)      |


def values(key: str, records=EVENT, **options) -> dict[int, object]:
    ctx = RankingContext(rounds=pair_rounds(records, match_method=WDL, level_method=NET), **options)
    return METRICS[key]().values(ctx)


def test_g10_event_match_points():
    ctx = RankingContext(rounds=pair_rounds(EVENT, match_method=WDL, level_method=NET))
    assert ctx.match_points == {1: 4, 2: 3, 3: 4, 4: 1}


def test_g10_level_points_use_the_events_level_method():
    # level_difference net: 1: +4 −4 +2; 2: −4 +2 +0; 3: 0 +4 +0; 4: 0 −2 −2
    assert values("level_points") == {1: 2, 2: -2, 3: 4, 4: -4}


def test_g10_net_level_points():
    assert values("net_level_points") == {1: 2, 2: -2, 3: 4, 4: -4}


def test_g10_cumulative_level_points():
    # 1: 8 + 3 + 13 (A+ = 13); 2: 4 + 12 + 7; 3: 6 + 7 + 7; 4: 6 + 10 + 11
    assert values("cumulative_level_points") == {1: 24, 2: 23, 3: 20, 4: 27}


def test_g10_wins():
    assert values("wins") == {1: 2, 2: 1, 3: 1, 4: 0}


def test_g10_first_places_count_every_deal_won():
    assert values("first_places") == {1: 5, 2: 6, 3: 5, 4: 2}


def test_g10_double_wins_count_1_2_finishes():
    assert values("double_wins") == {1: 3, 2: 1, 3: 4, 4: 0}


def test_g10_opponents_points():
    assert values("opponents_points") == {1: 8, 2: 9, 3: 8, 4: 11}


def test_g10_opponents_points_cut1_drops_the_lowest_opponent():
    assert values("opponents_points_cut1") == {1: 7, 2: 8, 3: 7, 4: 8}


def test_g10_opponents_points_cut1_of_a_single_opponent_is_0():
    """Issue 23: docs/scoring.md says "without the lowest single contribution", so one opponent met
    leaves nothing (the API kept it: 3)."""
    records = [played(1, 1, 1, 2, (10, 6), NS), played(2, 2, 2, 3, (10, 6), NS)]
    # points 1: 2, 2: 2 (L W), 3: 0; pair 1 met pair 2 alone, pair 2 met pairs 1 (2) and 3 (0)
    assert values("opponents_points", records) == {1: 2, 2: 2, 3: 2}
    assert values("opponents_points_cut1", records) == {1: 0, 2: 2, 3: 0}


def test_g10_sonneborn_berger():
    # 1: 3×1 + 4×0 + 1×1; 2: 4×0 + 1×1 + 4×½; 3: 1×½ + 4×1 + 3×½; 4: 4×½ + 3×0 + 4×0
    assert values("sonneborn_berger") == {1: 4, 2: 3, 3: 6, 4: 2}


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("progressive", {1: 8, 2: 5, 3: 8, 4: 3}),
        ("progressive_cut1", {1: 6, 2: 5, 3: 7, 4: 2}),
        ("progressive_cut2", {1: 4, 2: 3, 3: 4, 4: 1}),
        ("progressive_cut3", {1: 0, 2: 0, 3: 0, 4: 0}),
    ],
)
def test_g10_progressive_and_its_cuts(key, expected):
    assert values(key) == expected


def test_g10_progressive_counts_a_round_not_played_as_0():
    # Pair 5 has no record in round 2 (withdrew, came back): 2, (0), 2 → running 2, 2, 4.
    records = [
        MatchRecord(match_id=11, round=1, ns=5, ew=None, kind=MatchKind.BYE),
        played(12, 2, 6, 7, (9, 5), NS),
        played(13, 3, 5, 6, (9, 5), NS),
    ]
    assert values("progressive", records)[5] == 8
    assert values("progressive_cut1", records)[5] == 6
    assert values("progressive_cut2", records)[5] == 4


def test_g10_head_to_head_is_group_dependent_and_none_outside_a_group():
    assert METRICS["head_to_head"].group_dependent
    assert not any(cls.group_dependent for key, cls in METRICS.items() if key != "head_to_head")
    assert values("head_to_head") == dict.fromkeys((1, 2, 3, 4))


def test_g10_head_to_head_between_two_pairs_that_met():
    ctx = RankingContext(rounds=pair_rounds(EVENT, match_method=WDL, level_method=NET))
    assert METRICS["head_to_head"]().group_values(ctx, [1, 3]) == {1: 0, 3: 2}


def test_g10_head_to_head_only_between_exactly_two():
    ctx = RankingContext(rounds=pair_rounds(EVENT, match_method=WDL, level_method=NET))
    assert METRICS["head_to_head"]().group_values(ctx, [1, 2, 3]) == {1: None, 2: None, 3: None}


def test_g10_head_to_head_sums_every_meeting():
    records = [
        played(1, 1, 1, 2, (9, 5), NS),
        played(2, 2, 2, 1, (9, 9), None),
        played(3, 3, 1, 2, (5, 9), EW),
    ]
    ctx = RankingContext(rounds=pair_rounds(records, match_method=WDL, level_method=NET))
    assert METRICS["head_to_head"]().group_values(ctx, [1, 2]) == {1: 3, 2: 3}


# Event B: 3 pairs, 2 rounds, a bye each round (scored 2 as a win).
# | match | round | NS | EW | winner |
# |  21   |   1   |  1 |  2 |   NS   |   pair 3 has the bye
# |  22   |   2   |  3 |  1 |   NS   |   pair 2 has the bye
# Totals: 1: 2 + 0 = 2; 2: 0 + 2 = 2; 3: 2 + 2 = 4.
BYES = [
    played(21, 1, 1, 2, (9, 5), NS),
    MatchRecord(match_id=23, round=1, ns=3, ew=None, kind=MatchKind.BYE),
    played(22, 2, 3, 1, (9, 5), NS),
    MatchRecord(match_id=24, round=2, ns=2, ew=None, kind=MatchKind.BYE),
]


@pytest.mark.parametrize(
    ("key", "option", "expected"),
    [
        ("opponents_points", "zero", {1: 6, 2: 2, 3: 2}),
        ("opponents_points", "own", {1: 6, 2: 4, 3: 6}),
        ("opponents_points_cut1", "zero", {1: 4, 2: 2, 3: 2}),
        ("opponents_points_cut1", "own", {1: 4, 2: 2, 3: 4}),
    ],
)
def test_g10_opponents_points_with_the_bye_option(key, option, expected):
    assert values(key, BYES, bye_in_opponents=option) == expected


def test_g10_sonneborn_berger_byes_add_nothing():
    assert values("sonneborn_berger", BYES) == {1: 2, 2: 0, 3: 2}


def test_g10_forfeit_opponent_counts_for_opponents_points_but_not_for_sonneborn_berger():
    records = [
        MatchRecord(match_id=31, round=1, ns=1, ew=2, kind=MatchKind.FORFEIT, winner=NS),
        played(32, 2, 2, 3, (9, 5), NS),
    ]
    # totals: 1: 2; 2: 0 + 2 = 2; 3: 0
    assert values("opponents_points", records) == {1: 2, 2: 2, 3: 2}
    assert values("sonneborn_berger", records) == {1: 0, 2: 0, 3: 0}
    assert values("wins", records) == {1: 1, 2: 1, 3: 0}


# Event F: 4 pairs, 2 rounds, win_draw_loss 2/1/0 (a forfeit win 2, a forfeit loss 0).
# | match | round | NS | EW | result                           |
# |  41   |   1   |  1 |  2 | pair 2 forfeits (late): 1 wins   |
# |  42   |   1   |  3 |  4 | NS wins 9-5                      |
# |  43   |   2   |  1 |  3 | NS wins 9-5                      |
# |  44   |   2   |  2 |  4 | draw 7-7                         |
# Totals: 1: 2 + 2 = 4; 2: 0 + 1 = 1; 3: 2 + 0 = 2; 4: 0 + 1 = 1.
# What the forfeited match 41 adds to the opponents' points of pair 1 and of pair 2:
# | option     | pair 1: match 41 + pair 3 (2) | pair 2: match 41 + pair 4 (1) | pair 3   | pair 4   |
# | "opponent" | 1 (pair 2's) + 2 = 3          | 4 (pair 1's) + 1 = 5          | 1 + 4 = 5 | 2 + 1 = 3 |
# | "zero"     | 0 + 2 = 2                     | 0 + 1 = 1                     | 5         | 3         |
# | "own"      | 4 (its own) + 2 = 6           | 1 (its own) + 1 = 2           | 5         | 3         |
FORFEITED = [
    MatchRecord(match_id=41, round=1, ns=1, ew=2, kind=MatchKind.FORFEIT, winner=NS),
    played(42, 1, 3, 4, (9, 5), NS),
    played(43, 2, 1, 3, (9, 5), NS),
    played(44, 2, 2, 4, (7, 7), None),
]


@pytest.mark.parametrize(
    ("key", "option", "expected"),
    [
        ("opponents_points", "opponent", {1: 3, 2: 5, 3: 5, 4: 3}),
        ("opponents_points", "zero", {1: 2, 2: 1, 3: 5, 4: 3}),
        ("opponents_points", "own", {1: 6, 2: 2, 3: 5, 4: 3}),
        ("opponents_points_cut1", "zero", {1: 2, 2: 1, 3: 4, 4: 2}),
        ("opponents_points_cut1", "own", {1: 4, 2: 1, 3: 4, 4: 2}),
    ],
)
def test_g10_opponents_points_with_the_forfeit_option(key, option, expected):
    assert values(key, FORFEITED, forfeit_in_opponents=option) == expected


def test_g10_a_withdrawal_counts_in_opponents_points_as_a_forfeit():
    withdrawn = [
        MatchRecord(match_id=41, round=1, ns=1, ew=2, kind=MatchKind.WITHDRAWAL, winner=NS),
        *FORFEITED[1:],
    ]
    assert values("opponents_points", withdrawn, forfeit_in_opponents="zero") == {1: 2, 2: 1, 3: 5, 4: 3}


def test_g10_wins_count_byes():
    assert values("wins", BYES) == {1: 1, 2: 1, 3: 2}


def test_g10_lots_are_reproducible_from_the_seed():
    assert values("lots", seed=2024) == {pair: lots_value(2024, pair) for pair in (1, 2, 3, 4)}
    assert values("lots", seed=2024) == values("lots", seed=2024)
    assert values("lots", seed=2024) != values("lots", seed=2025)


def test_g10_lots_are_drawn_on_the_pairs_numbers_not_their_ids():
    # Two copies of one event: the same pairs by number, other ids, the same lots.
    ctx = RankingContext(
        rounds=pair_rounds(EVENT, match_method=WDL, level_method=NET),
        seed=2024,
        lot_keys={1: 11, 2: 12, 3: 13, 4: 14},
    )
    assert METRICS["lots"]().values(ctx) == {pair: lots_value(2024, 10 + pair) for pair in (1, 2, 3, 4)}


def test_g10_lots_need_a_seed():
    with pytest.raises(SettingError) as caught:
        values("lots")
    assert caught.value.code == "lots_seed_required"


# --- the registry ------------------------------------------------------------------------------


def test_g10_metric_keys_are_the_public_api():
    assert list(METRICS) == [
        "level_points",
        "net_level_points",
        "cumulative_level_points",
        "head_to_head",
        "opponents_points",
        "opponents_points_cut1",
        "wins",
        "first_places",
        "double_wins",
        "progressive",
        "progressive_cut1",
        "progressive_cut2",
        "progressive_cut3",
        "sonneborn_berger",
        "lots",
    ]


def test_g10_every_metric_has_column_headers():
    for key, cls in METRICS.items():
        assert cls.key == key and cls.label and cls.ascending is False


def test_g10_validate_chain_returns_the_keys():
    assert validate_chain(["level_points", "head_to_head", "lots"]) == (
        "level_points",
        "head_to_head",
        "lots",
    )
    assert validate_chain([]) == ()


@pytest.mark.parametrize(
    ("chain", "code", "field"),
    [
        (["level_points", "buchholz"], "unknown_metric", "tiebreaks.1"),
        (["match_points"], "unknown_metric", "tiebreaks.0"),
        ([3], "unknown_metric", "tiebreaks.0"),
        (["wins", "level_points", "wins"], "duplicate_metric", "tiebreaks.2"),
        ("wins", "invalid", "tiebreaks"),
    ],
)
def test_g10_validate_chain_refuses_bad_chains(chain, code, field):
    with pytest.raises(SettingError) as caught:
        validate_chain(chain)
    assert (caught.value.code, caught.value.field) == (code, field)
