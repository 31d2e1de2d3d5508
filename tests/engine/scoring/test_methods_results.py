"""G9 methods that score the result of the match: ``win_draw_loss`` and ``win_plus_speed``.

Covers engine/scoring/methods/results.py.
"""

from __future__ import annotations

import random

from engine.scoring.methods import GameRecord, MatchKind, MatchRecord, Points, build_method
from engine.seats import Side

NS, EW = Side.NS, Side.EW


def played(
    match_id: int, winner: Side | None, *games: tuple[int, int], round: int = 1, **extra
) -> MatchRecord:
    games = games or ((10, 8) if winner is NS else (8, 10) if winner is EW else (9, 9),)
    return MatchRecord(
        match_id=match_id,
        round=round,
        ns=2 * match_id - 1,
        ew=2 * match_id,
        winner=winner,
        games=tuple(GameRecord(ns_level=ns, ew_level=ew, winner=winner) for ns, ew in games),
        **extra,
    )


def unplayed(kind: MatchKind, winner: Side | None = None) -> MatchRecord:
    return MatchRecord(
        match_id=9, round=1, ns=17, ew=None if kind is MatchKind.BYE else 18, kind=kind, winner=winner
    )


def score(setting: dict, record: MatchRecord) -> Points:
    return build_method(setting).score([record])[record.match_id]


WDL = {"method": "win_draw_loss"}


# --- win_draw_loss -------------------------------------------------------------------------


def test_g9_win_draw_loss_national_2_1_0():
    assert score(WDL, played(1, NS)) == Points(ns=2, ew=0)
    assert score(WDL, played(1, EW)) == Points(ns=0, ew=2)
    assert score(WDL, played(1, None)) == Points(ns=1, ew=1)


def test_g9_win_draw_loss_best_of_three_2_1_is_a_win_of_the_match():
    # games: NS 10-8, EW 12-6, NS 14-9; the match is NS's, whatever the games' levels.
    record = played(1, NS, (10, 8), (6, 12), (14, 9))
    assert score(WDL, record) == Points(ns=2, ew=0)


def test_g9_win_draw_loss_bye_scores_as_win():
    assert score(WDL, unplayed(MatchKind.BYE)) == Points(ns=2, ew=None)


def test_g9_win_draw_loss_forfeit_scores_as_win_and_loss():
    assert score(WDL, unplayed(MatchKind.FORFEIT, winner=EW)) == Points(ns=0, ew=2)


def test_g9_win_draw_loss_both_forfeited_both_lose():
    assert score(WDL, unplayed(MatchKind.FORFEIT, winner=None)) == Points(ns=0, ew=0)


def test_g9_win_draw_loss_withdrawal_follows_the_forfeit_points():
    assert score(WDL, unplayed(MatchKind.WITHDRAWAL, winner=NS)) == Points(ns=2, ew=0)


def test_g9_win_draw_loss_club_3_2_1_with_0_for_absence():
    club = {**WDL, "win": 3, "draw": 2, "loss": 1, "forfeit_loss": 0}
    # | record              | NS | EW |
    assert score(club, played(1, NS)) == Points(ns=3, ew=1)
    assert score(club, played(1, None)) == Points(ns=2, ew=2)
    assert score(club, unplayed(MatchKind.FORFEIT, winner=NS)) == Points(ns=3, ew=0)
    assert score(club, unplayed(MatchKind.WITHDRAWAL, winner=EW)) == Points(ns=0, ew=3)
    assert score(club, unplayed(MatchKind.BYE)) == Points(ns=3, ew=None)


def test_g9_win_draw_loss_1_half_0_with_minus_1_for_absence():
    club = {**WDL, "win": 1, "draw": 0.5, "loss": 0, "forfeit_loss": -1}
    assert score(club, played(1, None)) == Points(ns=0.5, ew=0.5)
    assert score(club, unplayed(MatchKind.FORFEIT, winner=NS)) == Points(ns=1, ew=-1)
    assert score(club, unplayed(MatchKind.FORFEIT, winner=None)) == Points(ns=-1, ew=-1)


def test_g9_win_draw_loss_3_1_derives_bye_and_forfeits():
    three_one = {**WDL, "win": 3, "loss": 1}
    assert score(three_one, unplayed(MatchKind.BYE)) == Points(ns=3, ew=None)
    assert score(three_one, unplayed(MatchKind.FORFEIT, winner=EW)) == Points(ns=1, ew=3)


def test_g9_win_draw_loss_explicit_bye_points():
    assert score({**WDL, "bye": 1}, unplayed(MatchKind.BYE)) == Points(ns=1, ew=None)


# --- win_plus_speed ------------------------------------------------------------------------

SPEED = {"method": "win_plus_speed"}


def _round_one() -> list[MatchRecord]:
    """| match | winner | finished_at | on time | bonus |
    |   1   |   NS   |     100     |         |   6   |  (tied with 3: both get the 2nd bonus)
    |   2   |   EW   |      50     |         |   7   |  fastest
    |   3   |   NS   |     100     |         |   6   |
    |   4   |   NS   |     200     |   yes   |   1   |  the clock ran out: the last bonus
    |   5   |  draw  |      10     |         |   -   |
    |   6   |   EW   |     None    |         |   4   |  after the timed winners: 4th place
    |   7   |   NS   |   forfeit   |         |   -   |
    """
    on_time = MatchRecord(
        match_id=4,
        round=1,
        ns=7,
        ew=8,
        winner=NS,
        games=(GameRecord(ns_level=9, ew_level=7, winner=NS, on_time=True),),
        finished_at=200,
    )
    return [
        played(1, NS, finished_at=100),
        played(2, EW, finished_at=50),
        played(3, NS, finished_at=100),
        on_time,
        played(5, None, finished_at=10),
        played(6, EW),
        MatchRecord(match_id=7, round=1, ns=13, ew=14, kind=MatchKind.FORFEIT, winner=NS),
    ]


def test_g9_win_plus_speed_bonus_order_with_ties_and_an_on_time_winner():
    points = build_method(SPEED).score(_round_one())
    assert points == {
        1: Points(ns=16, ew=0),
        2: Points(ns=0, ew=17),
        3: Points(ns=16, ew=0),
        4: Points(ns=11, ew=0),
        5: Points(ns=0, ew=0),
        6: Points(ns=0, ew=14),
        7: Points(ns=10, ew=0),
    }


def test_g9_win_plus_speed_does_not_depend_on_record_order():
    records = _round_one()
    shuffled = records[:]
    random.Random(3).shuffle(shuffled)
    method = build_method(SPEED)
    assert method.score(shuffled) == method.score(records)


def test_g9_win_plus_speed_beyond_the_bonus_list_uses_the_last_bonus():
    records = [played(n, NS, finished_at=10 * n) for n in range(1, 5)]
    points = build_method({**SPEED, "bonuses": [3, 1]}).score(records)
    assert [points[n].ns for n in range(1, 5)] == [13, 11, 11, 11]


def test_g9_win_plus_speed_ranks_each_round_separately():
    records = [played(1, NS, finished_at=500, round=1), played(2, NS, finished_at=900, round=2)]
    points = build_method(SPEED).score(records)
    assert points[1].ns == points[2].ns == 17


def test_g9_win_plus_speed_unknown_times_share_their_place():
    records = [played(1, NS, finished_at=10), played(2, EW), played(3, NS)]
    points = build_method(SPEED).score(records)
    assert (points[1].ns, points[2].ew, points[3].ns) == (17, 16, 16)


def test_g9_win_plus_speed_forfeit_win_gets_no_bonus_and_bye_scores_as_win():
    method = build_method(SPEED)
    assert method.score([unplayed(MatchKind.FORFEIT, winner=EW)])[9] == Points(ns=0, ew=10)
    assert method.score([unplayed(MatchKind.WITHDRAWAL, winner=NS)])[9] == Points(ns=10, ew=0)
    assert method.score([unplayed(MatchKind.BYE)])[9] == Points(ns=10, ew=None)


def test_g9_win_plus_speed_score_match_alone_has_no_bonus():
    assert build_method(SPEED).score_match(played(1, NS, finished_at=5)) == Points(ns=10, ew=0)


def test_g9_win_plus_speed_empty_bonus_list_gives_no_bonus():
    points = build_method({**SPEED, "bonuses": []}).score([played(1, NS, finished_at=5)])
    assert points[1] == Points(ns=10, ew=0)
