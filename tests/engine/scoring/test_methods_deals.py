"""G9 methods that score every deal: ``deal_points`` and ``daguai_deal`` (and the general
``daguai_deal_points`` for team games such as 3-v-3 Daguai Luzi).

Covers engine/scoring/methods/deals.py.
"""

from __future__ import annotations

import pytest

from engine.scoring.methods import (
    DealOrderError,
    DealTally,
    GameRecord,
    MatchKind,
    MatchRecord,
    Points,
    SettingError,
    build_method,
    daguai_deal_points,
)
from engine.seats import Side

NS, EW = Side.NS, Side.EW
DEALS = {"method": "deal_points"}
DAGUAI = {"method": "daguai_deal"}

# | side | 1-2 | 1-3 | 1-4 | deal_points    | daguai_deal      |
# |  NS  |  2  |  1  |  3  | 8 + 2 + 3 = 13 | 10 + 3 + 3 = 16  |
# |  EW  |  1  |  0  |  0  | 4              | 5                |
TALLY = {NS: DealTally(double=2, one_three=1, one_four=3), EW: DealTally(double=1)}


def match(tally=TALLY) -> MatchRecord:
    return MatchRecord(
        match_id=1,
        round=1,
        ns=1,
        ew=2,
        winner=NS,
        games=(GameRecord(ns_level=12, ew_level=5, winner=NS),),
        tally=tally,
    )


def unplayed(kind: MatchKind, winner: Side | None = None) -> MatchRecord:
    return MatchRecord(
        match_id=1, round=1, ns=1, ew=None if kind is MatchKind.BYE else 2, kind=kind, winner=winner
    )


def score(setting: dict, record: MatchRecord) -> Points:
    return build_method(setting).score([record])[1]


# --- deal_points ---------------------------------------------------------------------------


def test_g9_deal_points_4_2_1_per_deal_won():
    assert score(DEALS, match()) == Points(ns=13, ew=4)


def test_g9_deal_points_are_configurable():
    assert score({**DEALS, "double": 3, "one_three": 2, "one_four": 1}, match()) == Points(ns=11, ew=3)


def test_g9_deal_points_without_recorded_deals_score_0():
    assert score(DEALS, match(tally=None)) == Points(ns=0, ew=0)


def test_g9_deal_points_side_missing_from_the_tally_scores_0():
    assert score(DEALS, match(tally={NS: DealTally(one_three=2)})) == Points(ns=4, ew=0)


def test_g9_deal_points_unplayed_score_0_by_default():
    assert score(DEALS, unplayed(MatchKind.FORFEIT, NS)) == Points(ns=0, ew=0)
    assert score(DEALS, unplayed(MatchKind.WITHDRAWAL, EW)) == Points(ns=0, ew=0)
    assert score(DEALS, unplayed(MatchKind.BYE)) == Points(ns=0, ew=None)


def test_g9_deal_points_forfeit_points_are_configurable():
    setting = {**DEALS, "forfeit_win": 12, "bye": 8}
    assert score(setting, unplayed(MatchKind.FORFEIT, EW)) == Points(ns=0, ew=12)
    assert score(setting, unplayed(MatchKind.BYE)) == Points(ns=8, ew=None)


# --- daguai_deal ---------------------------------------------------------------------------


def test_g9_daguai_deal_from_the_tally():
    assert score(DAGUAI, match()) == Points(ns=16, ew=5)


def test_g9_daguai_deal_without_recorded_deals_scores_0():
    assert score(DAGUAI, match(tally=None)) == Points(ns=0, ew=0)


def test_g9_daguai_deal_unplayed_scores_0_by_default():
    assert score(DAGUAI, unplayed(MatchKind.FORFEIT, NS)) == Points(ns=0, ew=0)
    assert score(DAGUAI, unplayed(MatchKind.BYE)) == Points(ns=0, ew=None)


def test_g9_daguai_deal_needs_points_for_a_2v2_deal():
    with pytest.raises(SettingError) as caught:
        build_method({**DAGUAI, "catch": [3]})
    assert (caught.value.code, caught.value.field) == ("invalid", "catch")


# | 3-v-3 order (team of each player out) | first out | points                 |
# | A A A                                 |     A     | 3 caught: catch[2] = 8 |
# | A A B A                               |     A     | 2 caught: catch[1] = 5 |
# | A B B A A                             |     A     | 1 caught: catch[0] = 3 |
# | A B B A B                             |     A     | 1 trapped: trapped[0]=1|
# | A B B B                               |     A     | 2 trapped: trapped[1]=0|
@pytest.mark.parametrize(
    ("order", "points"),
    [("AAA", 8), ("AABA", 5), ("ABBAA", 3), ("ABBAB", 1), ("ABBB", 0), ("BAAAB", 0)],
)
def test_g9_daguai_deal_points_3v3(order, points):
    first = order[0]
    assert daguai_deal_points(list(order), team_size=3, catch=[3, 5, 8], trapped=[1, 0]) == (first, points)


def test_g9_daguai_deal_points_ignore_players_after_the_deal_ended():
    assert daguai_deal_points("AABABB", team_size=3, catch=[3, 5, 8], trapped=[1, 0]) == ("A", 5)


@pytest.mark.parametrize(("order", "team_size"), [("", 3), ("AB", 2), ("ABA", 3), ("ACB", 3)])
def test_g9_daguai_deal_points_refuse_an_order_that_ends_no_deal(order, team_size):
    with pytest.raises(DealOrderError):
        daguai_deal_points(order, team_size=team_size, catch=[3, 5, 8], trapped=[1, 0])


def test_g9_daguai_deal_points_need_points_for_every_count():
    with pytest.raises(SettingError):
        daguai_deal_points("AAA", team_size=3, catch=[3, 5], trapped=[1, 0])


@pytest.mark.parametrize(
    ("finish", "order"),
    [("double", ("NS", "NS")), ("one_three", ("NS", "EW", "NS")), ("one_four", ("NS", "EW", "EW"))],
)
@pytest.mark.parametrize(("catch", "trapped"), [([3, 5, 8], [1, 0]), ([2, 4.5, 7], [1.5, 0.5])])
def test_g9_daguai_deal_2v2_tally_agrees_with_the_general_rule(finish, order, catch, trapped):
    method = build_method({**DAGUAI, "catch": catch, "trapped": trapped})
    from_tally = method.score_match(match(tally={NS: DealTally(**{finish: 1})}))
    assert from_tally == Points(
        ns=daguai_deal_points(order, team_size=2, catch=catch, trapped=trapped)[1],
        ew=0,
    )
