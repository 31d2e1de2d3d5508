"""G9 methods that score levels: ``level_table`` (26/28-point scales, loaded tables) and
``level_difference`` (net and cumulative).

Covers engine/scoring/methods/levels.py. Levels: 2 … 14 (A), 15 for a side that passed A.
"""

from __future__ import annotations

import pytest

from engine.scoring.methods import GameRecord, MatchKind, MatchRecord, Points, SettingError, build_method
from engine.seats import Side

NS, EW = Side.NS, Side.EW
TABLE_28 = {"method": "level_table"}
TABLE_26 = {"method": "level_table", "scale": 26}


def match(*games: tuple[int, int, Side | None], winner: Side | None) -> MatchRecord:
    return MatchRecord(
        match_id=1,
        round=1,
        ns=1,
        ew=2,
        winner=winner,
        games=tuple(GameRecord(ns_level=ns, ew_level=ew, winner=won) for ns, ew, won in games),
    )


def won_by_ns(difference: int) -> MatchRecord:
    """A one-game match NS won by ``difference`` levels (EW stayed at 2)."""
    return match((2 + difference, 2, NS), winner=NS)


def unplayed(kind: MatchKind, winner: Side | None = None) -> MatchRecord:
    return MatchRecord(
        match_id=1, round=1, ns=1, ew=None if kind is MatchKind.BYE else 2, kind=kind, winner=winner
    )


def score(setting: dict, record: MatchRecord) -> Points:
    return build_method(setting).score_match(record)


# --- level_table: the default formula ---------------------------------------------------------
# | difference | 28: winner/loser | 26: winner/loser |
# |     0      |      15/13       |      14/12       |   a win at equal levels counts d = 1
# |     1      |      15/13       |      14/12       |
# |     2      |      16/12       |      15/11       |
# |    13      |      27/1        |      26/0        |   clamped to [0, scale]


@pytest.mark.parametrize(("difference", "ns", "ew"), [(0, 15, 13), (1, 15, 13), (2, 16, 12), (13, 27, 1)])
def test_g9_level_table_28_default_formula(difference, ns, ew):
    record = won_by_ns(difference) if difference else match((9, 9, NS), winner=NS)
    assert score(TABLE_28, record) == Points(ns=ns, ew=ew)


@pytest.mark.parametrize(("difference", "ns", "ew"), [(0, 14, 12), (1, 14, 12), (2, 15, 11), (13, 26, 0)])
def test_g9_level_table_26_default_formula(difference, ns, ew):
    record = won_by_ns(difference) if difference else match((9, 9, NS), winner=NS)
    assert score(TABLE_26, record) == Points(ns=ns, ew=ew)


def test_g9_level_table_28_difference_2():
    # EW passed A (15) against NS's K (13): a difference of 2.
    assert score(TABLE_28, match((13, 15, EW), winner=EW)) == Points(ns=12, ew=16)


def test_g9_level_table_draw_gives_half_each():
    assert score(TABLE_28, match((9, 9, None), winner=None)) == Points(ns=14, ew=14)
    assert score(TABLE_26, match((9, 9, None), winner=None)) == Points(ns=13, ew=13)


def test_g9_level_table_best_of_three_uses_the_net_difference():
    # NS 10-8 (+2), EW 12-6 (−6), NS 14-9 (+5): NS wins 2–1 by a net 1.
    record = match((10, 8, NS), (6, 12, EW), (14, 9, NS), winner=NS)
    assert score(TABLE_28, record) == Points(ns=15, ew=13)


def test_g9_level_table_match_won_with_a_negative_total_counts_1():
    # NS 3-2 (+1), EW 14-4 (−10), NS 3-2 (+1): NS wins the match with a net −8.
    record = match((3, 2, NS), (4, 14, EW), (3, 2, NS), winner=NS)
    assert score(TABLE_28, record) == Points(ns=15, ew=13)


def test_g9_level_table_28_forfeits_follow_seed_000():
    # | kind       | winner | NS | EW |
    assert score(TABLE_28, unplayed(MatchKind.FORFEIT, EW)) == Points(ns=0, ew=20)
    assert score(TABLE_28, unplayed(MatchKind.WITHDRAWAL, NS)) == Points(ns=28, ew=0)
    assert score(TABLE_28, unplayed(MatchKind.FORFEIT, None)) == Points(ns=0, ew=0)
    assert score(TABLE_28, unplayed(MatchKind.BYE)) == Points(ns=20, ew=None)


def test_g9_level_table_26_forfeits_scale_down():
    assert score(TABLE_26, unplayed(MatchKind.FORFEIT, NS)) == Points(ns=18, ew=0)
    assert score(TABLE_26, unplayed(MatchKind.WITHDRAWAL, EW)) == Points(ns=0, ew=26)
    assert score(TABLE_26, unplayed(MatchKind.BYE)) == Points(ns=18, ew=None)


# --- level_table: a loaded table ---------------------------------------------------------------

LOADED = {
    "method": "level_table",
    "table": [[0, 14, 14], [1, 16, 12], [2, 17, 11], [3, 18, 10], [5, 20, 8]],
}


@pytest.mark.parametrize(
    ("difference", "ns", "ew"),
    [(1, 16, 12), (2, 17, 11), (3, 18, 10), (4, 18, 10), (5, 20, 8), (13, 20, 8)],
)
def test_g9_level_table_loaded_table_uses_the_row_at_or_below(difference, ns, ew):
    assert score(LOADED, won_by_ns(difference)) == Points(ns=ns, ew=ew)


def test_g9_level_table_loaded_table_below_its_first_row_uses_the_first_row():
    assert score({"method": "level_table", "table": [[2, 18, 10]]}, won_by_ns(1)) == Points(ns=18, ew=10)


def test_g9_level_table_loaded_table_draw_still_gives_half_each():
    assert score(LOADED, match((9, 9, None), winner=None)) == Points(ns=14, ew=14)


@pytest.mark.parametrize(
    ("table", "code", "field"),
    [
        ([[0, 14, 14], [0, 15, 13]], "invalid", "table.1.0"),
        ([[1, 15, 13], [0, 14, 14]], "invalid", "table.1.0"),
        ([[14, 28, 0]], "out_of_range", "table.0.0"),
        ([[-1, 14, 14]], "out_of_range", "table.0.0"),
        ([[1, 29, 0]], "out_of_range", "table.0.1"),
        ([[1, 15]], "invalid", "table.0"),
        ([[1, "15", 13]], "invalid", "table.0.1"),
        ([1, 15, 13], "invalid", "table.0"),
        ([], "invalid", "table"),
    ],
)
def test_g9_level_table_bad_loaded_table_is_refused(table, code, field):
    with pytest.raises(SettingError) as caught:
        build_method({"method": "level_table", "table": table})
    assert (caught.value.code, caught.value.field) == (code, field)


def test_g9_level_table_loaded_table_is_shown_in_the_effective_setting():
    assert build_method(LOADED).to_dict()["table"] == LOADED["table"]


# --- level_difference ------------------------------------------------------------------------

NET = {"method": "level_difference"}
CUMULATIVE = {"method": "level_difference", "mode": "cumulative"}


def test_g9_level_difference_net_passed_a_against_k():
    assert score(NET, match((15, 13, NS), winner=NS)) == Points(ns=2, ew=-2)


def test_g9_level_difference_cumulative_a_plus_gives_13():
    assert score(CUMULATIVE, match((15, 13, NS), winner=NS)) == Points(ns=13, ew=11)


def test_g9_level_difference_sums_over_the_games():
    # | game | NS | EW |  net NS | cumulative NS / EW |
    # |  1   | 10 |  8 |   +2    |      8 / 6         |
    # |  2   |  6 | 12 |   −6    |      4 / 10        |
    # |  3   | 14 |  9 |   +5    |     12 / 7         |
    record = match((10, 8, NS), (6, 12, EW), (14, 9, NS), winner=NS)
    assert score(NET, record) == Points(ns=1, ew=-1)
    assert score(CUMULATIVE, record) == Points(ns=24, ew=23)


def test_g9_level_difference_unplayed_scores_0_by_default():
    assert score(NET, unplayed(MatchKind.FORFEIT, NS)) == Points(ns=0, ew=0)
    assert score(CUMULATIVE, unplayed(MatchKind.BYE)) == Points(ns=0, ew=None)


def test_g9_level_difference_unplayed_points_are_configurable():
    setting = {**NET, "forfeit_win": 6, "forfeit_loss": -6, "withdrawal_win": 13}
    assert score(setting, unplayed(MatchKind.FORFEIT, EW)) == Points(ns=-6, ew=6)
    assert score(setting, unplayed(MatchKind.WITHDRAWAL, NS)) == Points(ns=13, ew=0)
