"""Daguai Luzi's scoring and standings from recorded points (docs/rules/daguai.md K5, K7):
``daguai_deal`` reads a match's recorded points, ``net_points`` their difference, the
``first_places`` tiebreak the recorded first-outs, and a new event of the game takes the K7 chain.

Covers engine/scoring/methods/deals.py, engine/scoring/methods/records.py,
engine/scoring/ranking/entries.py and tournaments/services/events.py (``game_scoring_defaults``).
"""

from __future__ import annotations

from engine.scoring.methods import DealTally, MatchKind, MatchRecord, Points, build_method
from engine.scoring.ranking import RankingContext, pair_rounds, rank, validate_chain
from engine.seats import Side
from tournaments.models.event import default_level_points, default_match_points, default_tiebreaks
from tournaments.services.events import game_scoring_defaults

NS, EW = Side.NS, Side.EW
WDL = build_method({"method": "win_draw_loss"})
NET = build_method({"method": "net_points"})
DAGUAI = build_method({"method": "daguai_deal"})


def played(match_id, round_, ns, ew, points, first_outs, *, tally=None) -> MatchRecord:
    a, b = points
    winner = None if a == b else (NS if a > b else EW)
    return MatchRecord(
        match_id=match_id,
        round=round_,
        ns=ns,
        ew=ew,
        winner=winner,
        points={NS: a, EW: b},
        first_outs={NS: first_outs[0], EW: first_outs[1]},
        tally=tally,
    )


def test_k5_daguai_deal_scores_the_recorded_points():
    assert DAGUAI.score_match(played(1, 1, 1, 2, (12, 13), (4, 2))) == Points(ns=12, ew=13)


def test_k5_recorded_points_take_precedence_over_a_tally():
    record = played(1, 1, 1, 2, (3, 0), (1, 0), tally={NS: DealTally(double=5), EW: DealTally()})
    assert DAGUAI.score_match(record) == Points(ns=3, ew=0)


def test_g9_daguai_deal_without_points_still_reads_the_2v2_tally():
    record = MatchRecord(
        match_id=1, round=1, ns=1, ew=2, winner=NS, tally={NS: DealTally(double=1), EW: DealTally()}
    )
    assert DAGUAI.score_match(record) == Points(ns=5, ew=0)


def test_k7_net_points_are_own_points_minus_the_opponents():
    assert NET.score_match(played(1, 1, 1, 2, (12, 17), (4, 2))) == Points(ns=-5, ew=5)


def test_k7_net_points_of_a_match_without_points_are_zero():
    assert NET.score_match(MatchRecord(match_id=1, round=1, ns=1, ew=2, winner=NS)) == Points(ns=0, ew=0)


def test_k7_net_points_of_a_bye_or_forfeit_are_the_methods_fixed_zero():
    assert NET.score_match(MatchRecord(match_id=1, round=1, ns=1, ew=None, kind=MatchKind.BYE)) == Points(
        0, None
    )
    forfeit = MatchRecord(match_id=2, round=1, ns=1, ew=2, kind=MatchKind.FORFEIT, winner=NS)
    assert NET.score_match(forfeit) == Points(ns=0, ew=0)


def test_k7_first_places_count_the_recorded_first_outs():
    rounds = pair_rounds([played(1, 1, 1, 2, (5, 5), (4, 2))], match_method=WDL, level_method=NET)
    assert (rounds[1][0].firsts, rounds[2][0].firsts) == (4, 2)


def test_k7_first_places_without_first_outs_count_the_tally_as_before():
    record = MatchRecord(
        match_id=1,
        round=1,
        ns=1,
        ew=2,
        winner=NS,
        tally={NS: DealTally(one_three=2), EW: DealTally(one_four=1)},
    )
    rounds = pair_rounds([record], match_method=WDL, level_method=NET)
    assert (rounds[1][0].firsts, rounds[2][0].firsts) == (2, 1)


# A round of two matches: teams 1 and 2 draw on points, 3 beats 4.
# | team | MP | net | first-outs |
# |  3   | 2  | +6  |     4      |
# |  1   | 1  |  0  |     4      |
# |  2   | 1  |  0  |     2      |
# |  4   | 0  | −6  |     2      |
ROUND = [played(1, 1, 1, 2, (9, 9), (4, 2)), played(2, 1, 3, 4, (10, 4), (4, 2))]


def _rank(records):
    defaults = game_scoring_defaults("daguai")
    context = RankingContext(
        rounds=pair_rounds(
            records,
            match_method=build_method(defaults["match_points"]),
            level_method=build_method(defaults["level_points"]),
        ),
        seed=7,
    )
    return rank(context, chain=defaults["tiebreaks"])


def test_k7_equal_match_points_and_net_points_are_separated_by_first_outs():
    rows = _rank(ROUND)
    assert [(row.pair, row.match_points, row.decided_by) for row in rows] == [
        (3, 2, "match_points"),
        (1, 1, "first_places"),
        (2, 1, "match_points"),
        (4, 0, None),
    ]


def test_k7_the_daguai_defaults_are_the_k7_chain():
    defaults = game_scoring_defaults("daguai")
    assert defaults["match_points"] == build_method({"method": "win_draw_loss"}).to_dict()
    assert defaults["level_points"] == build_method({"method": "net_points"}).to_dict()
    assert validate_chain(defaults["tiebreaks"]) == (
        "level_points",
        "first_places",
        "progressive",
        "progressive_cut1",
        "progressive_cut2",
        "lots",
    )
    # Guandan's are the event columns' own defaults (G9, G10).
    assert game_scoring_defaults("guandan") == {
        "match_points": default_match_points(),
        "level_points": default_level_points(),
        "tiebreaks": default_tiebreaks(),
    }
    assert default_match_points() == build_method({"method": "win_draw_loss"}).to_dict()
    assert default_level_points() == build_method({"method": "level_difference"}).to_dict()
    assert default_tiebreaks() == ["level_points", "head_to_head", "opponents_points"]


GAME_POINTS = build_method({"method": "game_points"})


def test_d10_game_points_score_each_sides_recorded_points():
    assert GAME_POINTS.score_match(played(1, 1, 1, 2, (12, 17), (4, 2))) == Points(ns=12, ew=17)


def test_d10_game_points_of_a_match_without_points_are_zero():
    record = MatchRecord(match_id=1, round=1, ns=1, ew=2, winner=NS)
    assert GAME_POINTS.score_match(record) == Points(ns=0, ew=0)


def test_d10_a_new_doudizhu_event_takes_the_table_scoring():
    defaults = game_scoring_defaults("doudizhu4")
    assert defaults["match_points"] == build_method({"method": "game_points"}).to_dict()
    assert defaults["level_points"] == build_method({"method": "net_points"}).to_dict()
    assert validate_chain(defaults["tiebreaks"]) == tuple(defaults["tiebreaks"])
