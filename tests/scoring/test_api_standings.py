"""``GET /events/{slug}/standings/`` and ``…/standings/units/``: match points (G9), the tiebreak
chain (G10) and units (G11), through the API.

Each test writes out its results, enters them as a referee's level sheets (the 8-deal game, so any
plausible levels finish a game) or as posted deals, and compares the standings row by row:
(rank, pair number, match points, tiebreak values in chain order, decided_by). Pairs meet at
tables of published rounds set up with factories; everything else goes through the API.
"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from engine.scoring.ranking import lots_value
from tests.scoring.conftest import API, EW_SWEEP, NS_SWEEP, post_deals, result_url
from tests.scoring.scored import (
    dealt,
    enter,
    forfeit,
    read,
    rows,
    scored_event,
    sheet,
    standings,
)
from tests.tournaments.conftest import (
    EventFactory,
    MatchFactory,
    RoundFactory,
    assert_problem,
    client_for,
    field_errors,
    new_user,
    role_client,
)
from tournaments.models import PairStatus, Role

pytestmark = pytest.mark.django_db

# Four pairs, one round: pair 1 beats pair 2 by 4 levels, pairs 3 and 4 draw.
ONE_ROUND = [[(1, 2), (3, 4)]]
WIN_AND_DRAW = {(1, 1): ("10", "6"), (1, 2): ("7", "7")}

# Four pairs meeting each other once in three rounds.
ROUND_ROBIN = [[(1, 2), (3, 4)], [(1, 3), (2, 4)], [(1, 4), (2, 3)]]

# Deals for a table: NS pass A with five double wins; or eight deals that end 10 against J.
MIXED_EIGHT = [
    ["N", "S"],  # NS 1-2: NS 5
    ["E", "N", "W"],  # EW 1-3: EW 4
    ["W", "N", "S"],  # EW 1-4: EW 5
    ["S", "E", "N"],  # NS 1-3: NS 7
    ["E", "W"],  # EW 1-2: EW 8
    ["N", "E", "W"],  # NS 1-4: NS 8
    ["W", "E"],  # EW 1-2: EW J
    ["S", "E", "N"],  # NS 1-3: NS 10
]


# ---- G9: scoring methods ---------------------------------------------------------------------------
def test_g9_win_draw_loss_with_an_events_own_numbers():
    scored = scored_event(
        ONE_ROUND,
        match_points={"method": "win_draw_loss", "win": 3, "draw": 2, "loss": 1},
        tiebreaks=["level_points"],
    )
    enter(scored, WIN_AND_DRAW)
    assert rows(standings(scored.event)) == [
        (1, 1, 3, {"level_points": 4}, "match_points"),
        (2, 3, 2, {"level_points": 0}, None),
        (2, 4, 2, {"level_points": 0}, "match_points"),
        (4, 2, 1, {"level_points": -4}, None),
    ]


def test_g9_the_standings_publish_the_effective_scoring_setting():
    scored = scored_event(ONE_ROUND, match_points={"method": "win_draw_loss", "win": 3, "loss": 1})
    body = standings(scored.event)
    assert body["match_points"] == {
        "method": "win_draw_loss",
        "win": 3,
        "draw": 1,
        "loss": 1,
        "bye": 3,
        "forfeit_win": 3,
        "forfeit_loss": 1,
        "withdrawal_win": 3,
        "withdrawal_loss": 1,
    }
    assert body["level_points"] == {
        "method": "level_difference",
        "mode": "net",
        "bye": 0,
        "forfeit_win": 0,
        "forfeit_loss": 0,
        "withdrawal_win": 0,
        "withdrawal_loss": 0,
    }


def test_g9_level_table_28_point_scale():
    # Winner 14 + difference, loser 14 − difference; a draw 14 each.
    scored = scored_event(ONE_ROUND, match_points={"method": "level_table"}, tiebreaks=[])
    enter(scored, WIN_AND_DRAW)
    assert rows(standings(scored.event)) == [
        (1, 1, 18, {}, "match_points"),
        (2, 3, 14, {}, None),
        (2, 4, 14, {}, "match_points"),
        (4, 2, 10, {}, None),
    ]


def test_g9_level_table_26_point_scale_is_clamped_to_the_scale():
    # Passed A against 2 is a difference of 13 (G8): 13 + 13 = 26 and 0; 6 against 5: 14 and 12.
    scored = scored_event(ONE_ROUND, match_points={"method": "level_table", "scale": 26}, tiebreaks=[])
    sheet(scored.referee, scored.match(1, 1), "A+", "2", deals=5)
    sheet(scored.referee, scored.match(1, 2), "5", "6")
    assert rows(standings(scored.event)) == [
        (1, 1, 26, {}, "match_points"),
        (2, 4, 14, {}, "match_points"),
        (3, 3, 12, {}, "match_points"),
        (4, 2, 0, {}, None),
    ]


def test_g9_level_table_loaded_table_uses_the_row_at_or_below_the_difference():
    table = [[0, 15, 13], [3, 18, 10], [6, 22, 6]]
    scored = scored_event(
        [[(1, 2), (3, 4), (5, 6)]],
        pairs=6,
        match_points={"method": "level_table", "table": table},
        tiebreaks=["level_points"],
    )
    enter(
        scored,
        {
            (1, 1): ("7", "6"),  # difference 1: row 0
            (1, 2): ("5", "9"),  # difference 4: row 3, EW wins
            (1, 3): ("K", "6"),  # difference 7: row 6
        },
    )
    assert rows(standings(scored.event)) == [
        (1, 5, 22, {"level_points": 7}, "match_points"),
        (2, 4, 18, {"level_points": 4}, "match_points"),
        (3, 1, 15, {"level_points": 1}, "match_points"),
        (4, 2, 13, {"level_points": -1}, "match_points"),
        (5, 3, 10, {"level_points": -4}, "match_points"),
        (6, 6, 6, {"level_points": -7}, None),
    ]


def test_g9_level_difference_net_as_match_points():
    scored = scored_event(ONE_ROUND, match_points={"method": "level_difference"}, tiebreaks=[])
    enter(scored, {(1, 1): ("10", "6"), (1, 2): ("7", "9")})
    assert rows(standings(scored.event)) == [
        (1, 1, 4, {}, "match_points"),
        (2, 4, 2, {}, "match_points"),
        (3, 3, -2, {}, "match_points"),
        (4, 2, -4, {}, None),
    ]


def test_g9_level_difference_cumulative_counts_passing_a_as_15():
    # Own level − 2: A+ (15) gives 13, 5 gives 3, 10 gives 8 and 6 gives 4.
    scored = scored_event(
        ONE_ROUND,
        level_points={"method": "level_difference", "mode": "cumulative"},
        tiebreaks=["level_points"],
    )
    sheet(scored.referee, scored.match(1, 1), "A+", "5", deals=7)
    sheet(scored.referee, scored.match(1, 2), "10", "6")
    assert rows(standings(scored.event)) == [
        (1, 1, 2, {"level_points": 13}, "level_points"),
        (2, 3, 2, {"level_points": 8}, "match_points"),
        (3, 4, 0, {"level_points": 4}, "level_points"),
        (4, 2, 0, {"level_points": 3}, None),
    ]


def test_g9_deal_points_score_every_posted_deal():
    # Table 1: five 1-2 wins for NS (4 each). Table 2: NS 4 + 2 + 1 + 2 = 9, EW 2 + 1 + 4 + 4 = 11.
    scored = scored_event(ONE_ROUND, match_points={"method": "deal_points"}, tiebreaks=["level_points"])
    dealt(scored.referee, scored.match(1, 1), NS_SWEEP)
    body = dealt(scored.referee, scored.match(1, 2), MIXED_EIGHT)
    assert (body["official"]["levels"], body["official"]["winner"]) == ({"NS": "10", "EW": "J"}, "EW")
    assert rows(standings(scored.event)) == [
        (1, 1, 20, {"level_points": 13}, "match_points"),
        (2, 4, 11, {"level_points": 1}, "match_points"),
        (3, 3, 9, {"level_points": -1}, "match_points"),
        (4, 2, 0, {"level_points": -13}, None),
    ]


def test_g9_deal_points_refuse_a_level_sheet_only_result():
    scored = scored_event(ONE_ROUND, match_points={"method": "deal_points"})
    response = scored.referee.post(
        result_url(scored.match(1, 1)),
        {"levels": {"NS": "10", "EW": "6"}, "deals_played": 8, "confirm": True},
        format="json",
    )
    assert_problem(response, 422, "deals_required")


def test_g9_daguai_deal_points_per_deal():
    # 2-v-2: a 1-2 finish catches two opponents (5), 1-3 one (3), 1-4 leaves one's own trapped (1).
    scored = scored_event(ONE_ROUND, match_points={"method": "daguai_deal"}, tiebreaks=[])
    dealt(scored.referee, scored.match(1, 1), NS_SWEEP)
    dealt(scored.referee, scored.match(1, 2), MIXED_EIGHT)
    assert rows(standings(scored.event)) == [
        (1, 1, 25, {}, "match_points"),
        (2, 4, 14, {}, "match_points"),  # 3 + 1 + 5 + 5
        (3, 3, 12, {}, "match_points"),  # 5 + 3 + 1 + 3
        (4, 2, 0, {}, None),
    ]


SPEED_EVENT = {
    "match_format": "time_or_deals",
    "deal_limit": 8,
    "time_limit_minutes": 60,
    "match_points": {"method": "win_plus_speed"},
    "tiebreaks": ["level_points"],
}
FOUR_TABLES = [[(1, 2), (3, 4), (5, 6), (7, 8)]]


def test_g9_win_plus_speed_bonus_by_finishing_time():
    # Winners by finishing time: table 2 (10:20) +7, table 3 (10:30) +6, table 1 (10:40) +5;
    # table 4 ended on time and gets the last bonus, +1.
    scored = scored_event(FOUR_TABLES, pairs=8, **SPEED_EVENT)
    ref, at = scored.referee, "2026-04-11T10:{}:00+08:00"
    sheet(ref, scored.match(1, 1), "10", "6", finished_at=at.format(40))
    sheet(ref, scored.match(1, 2), "6", "9", finished_at=at.format(20))
    sheet(ref, scored.match(1, 3), "9", "7", finished_at=at.format(30))
    sheet(ref, scored.match(1, 4), "8", "5", deals=6, time_up=True, finished_at=at.format(59))
    assert rows(standings(scored.event)) == [
        (1, 4, 17, {"level_points": 3}, "match_points"),
        (2, 5, 16, {"level_points": 2}, "match_points"),
        (3, 1, 15, {"level_points": 4}, "match_points"),
        (4, 7, 11, {"level_points": 3}, "match_points"),
        (5, 6, 0, {"level_points": -2}, "level_points"),
        (6, 3, 0, {"level_points": -3}, None),
        (6, 8, 0, {"level_points": -3}, "level_points"),
        (8, 2, 0, {"level_points": -4}, None),
    ]


def test_g9_win_plus_speed_a_correction_keeps_the_finishing_time():
    scored = scored_event(ONE_ROUND, **SPEED_EVENT)
    ref, at = scored.referee, "2026-04-11T10:{}:00+08:00"
    sheet(ref, scored.match(1, 1), "10", "6", finished_at=at.format(20))
    sheet(ref, scored.match(1, 2), "9", "7", finished_at=at.format(30))
    body = {"corrects": 1, "levels": {"NS": "10", "EW": "5"}, "deals_played": 8}
    assert ref.post(result_url(scored.match(1, 1)), body, format="json").status_code == 201
    assert [row[:3] for row in rows(standings(scored.event))[:2]] == [(1, 1, 17), (2, 3, 16)]


# ---- G9: byes, forfeits, withdrawals ---------------------------------------------------------------
def test_g9_a_bye_scores_the_methods_bye_and_counts_as_a_win():
    scored = scored_event(
        [[(1, 2), (3, None)]],
        pairs=3,
        match_points={"method": "win_draw_loss", "bye": 1},
        tiebreaks=["level_points"],
    )
    enter(scored, {(1, 1): ("10", "6")})
    body = standings(scored.event)
    assert rows(body) == [
        (1, 1, 2, {"level_points": 4}, "match_points"),
        (2, 3, 1, {"level_points": 0}, "match_points"),
        (3, 2, 0, {"level_points": -4}, None),
    ]
    assert [(r["played"], r["wins"], r["draws"], r["losses"]) for r in body["rows"]] == [
        (1, 1, 0, 0),
        (1, 1, 0, 0),
        (1, 0, 0, 1),
    ]


def test_g9_forfeit_and_withdrawal_score_by_the_methods_settings():
    # level_table on 28 points (掼蛋比赛活动方案): a late forfeit gives the opponent 20, a withdrawal 28.
    scored = scored_event(ONE_ROUND, match_points={"method": "level_table"}, tiebreaks=["level_points"])
    forfeit(scored.referee, scored.match(1, 1), "EW", "forfeit")
    forfeit(scored.referee, scored.match(1, 2), "NS", "withdrawal")
    body = standings(scored.event)
    assert rows(body) == [
        (1, 4, 28, {"level_points": 0}, "match_points"),
        (2, 1, 20, {"level_points": 0}, "match_points"),
        (3, 2, 0, {"level_points": 0}, None),
        (3, 3, 0, {"level_points": 0}, None),
    ]
    assert [(r["wins"], r["losses"]) for r in body["rows"]] == [(1, 0), (1, 0), (0, 1), (0, 1)]


def test_g9_a_forfeit_by_both_sides_is_a_loss_for_both():
    scored = scored_event(
        ONE_ROUND,
        match_points={"method": "win_draw_loss", "forfeit_loss": -1},
        tiebreaks=[],
    )
    forfeit(scored.referee, scored.match(1, 1), "both")
    sheet(scored.referee, scored.match(1, 2), "7", "7")
    body = standings(scored.event)
    assert rows(body) == [
        (1, 3, 1, {}, None),
        (1, 4, 1, {}, "match_points"),
        (3, 1, -1, {}, None),
        (3, 2, -1, {}, None),
    ]
    assert [(r["wins"], r["draws"], r["losses"]) for r in body["rows"][2:]] == [(0, 0, 1), (0, 0, 1)]


# ---- G10: the tiebreak chain -----------------------------------------------------------------------
def test_g10_level_points_break_a_tie_in_match_points():
    scored = scored_event(ONE_ROUND, tiebreaks=["level_points"])
    enter(scored, {(1, 1): ("10", "6"), (1, 2): ("9", "8")})
    assert rows(standings(scored.event)) == [
        (1, 1, 2, {"level_points": 4}, "level_points"),
        (2, 3, 2, {"level_points": 1}, "match_points"),
        (3, 4, 0, {"level_points": -1}, "level_points"),
        (4, 2, 0, {"level_points": -4}, None),
    ]


def test_g10_head_to_head_separates_exactly_two():
    # Pairs 1 and 2 both win once by one level; pair 1 beat pair 2.
    scored = scored_event([[(1, 2), (3, 4)], [(3, 1), (2, 4)]], tiebreaks=["level_points", "head_to_head"])
    enter(scored, {(1, 1): ("7", "6"), (1, 2): ("7", "6"), (2, 1): ("7", "6"), (2, 2): ("7", "6")})
    assert rows(standings(scored.event)) == [
        (1, 3, 4, {"level_points": 2, "head_to_head": None}, "match_points"),
        (2, 1, 2, {"level_points": 0, "head_to_head": 2}, "head_to_head"),
        (3, 2, 2, {"level_points": 0, "head_to_head": 0}, "match_points"),
        (4, 4, 0, {"level_points": -2, "head_to_head": None}, None),
    ]


def test_g10_head_to_head_only_between_exactly_two():
    # 1 beat 2, 2 beat 3, 3 beat 1, and all three beat 4, each by one level: three pairs tied.
    scored = scored_event(ROUND_ROBIN, tiebreaks=["level_points", "head_to_head"])
    enter(
        scored,
        {
            (1, 1): ("7", "6"),  # 1 beats 2
            (1, 2): ("7", "6"),  # 3 beats 4
            (2, 1): ("6", "7"),  # 3 beats 1
            (2, 2): ("7", "6"),  # 2 beats 4
            (3, 1): ("7", "6"),  # 1 beats 4
            (3, 2): ("7", "6"),  # 2 beats 3
        },
    )
    body = standings(scored.event)
    assert rows(body) == [
        (1, 1, 4, {"level_points": 1, "head_to_head": None}, None),
        (1, 2, 4, {"level_points": 1, "head_to_head": None}, None),
        (1, 3, 4, {"level_points": 1, "head_to_head": None}, "match_points"),
        (4, 4, 0, {"level_points": -3, "head_to_head": None}, None),
    ]
    assert [row["shared"] for row in body["rows"]] == [True, True, True, False]


# 1 beats 2 and draws 3; 3 beats 4; 2 beats 4. Match points: 1: 3, 3: 3, 2: 2, 4: 0.
OPPONENTS = [[(1, 2), (3, 4)], [(1, 3), (2, 4)]]
OPPONENTS_RESULTS = {(1, 1): ("7", "6"), (1, 2): ("7", "6"), (2, 1): ("7", "7"), (2, 2): ("7", "6")}


def test_g10_opponents_points_sum_the_opponents_final_points():
    scored = scored_event(OPPONENTS, tiebreaks=["level_points", "opponents_points"])
    enter(scored, OPPONENTS_RESULTS)
    assert rows(standings(scored.event)) == [
        (1, 1, 3, {"level_points": 1, "opponents_points": 5}, "opponents_points"),  # 2 + 3
        (2, 3, 3, {"level_points": 1, "opponents_points": 3}, "match_points"),  # 0 + 3
        (3, 2, 2, {"level_points": 0, "opponents_points": 3}, "match_points"),  # 3 + 0
        (4, 4, 0, {"level_points": -2, "opponents_points": 5}, None),  # 3 + 2
    ]


def test_g10_opponents_points_cut1_drop_the_weakest_opponent():
    # Without its weakest opponent (pair 2, 2 points) pair 1 ties pair 3 at 3; the full sum decides.
    scored = scored_event(OPPONENTS, tiebreaks=["opponents_points_cut1", "opponents_points"])
    enter(scored, OPPONENTS_RESULTS)
    assert rows(standings(scored.event)) == [
        (1, 1, 3, {"opponents_points_cut1": 3, "opponents_points": 5}, "opponents_points"),
        (2, 3, 3, {"opponents_points_cut1": 3, "opponents_points": 3}, "match_points"),
        (3, 2, 2, {"opponents_points_cut1": 3, "opponents_points": 3}, "match_points"),
        (4, 4, 0, {"opponents_points_cut1": 3, "opponents_points": 5}, None),
    ]


def test_g10_a_forfeiting_opponent_counts_in_opponents_points():
    scored = scored_event(OPPONENTS, tiebreaks=["opponents_points"])
    forfeit(scored.referee, scored.match(1, 1), "EW")  # pair 2 forfeits to pair 1
    enter(scored, {key: levels for key, levels in OPPONENTS_RESULTS.items() if key != (1, 1)})
    assert rows(standings(scored.event)) == [
        (1, 1, 3, {"opponents_points": 5}, "opponents_points"),
        (2, 3, 3, {"opponents_points": 3}, "match_points"),
        (3, 2, 2, {"opponents_points": 3}, "match_points"),
        (4, 4, 0, {"opponents_points": 5}, None),
    ]


@pytest.mark.parametrize(
    ("opponents_bye", "expected"),
    [
        # Pair 2's and pair 3's byes add nothing …
        ("zero", [(1, 3, 4, {"opponents_points": 2}, "match_points"), (2, 1, 2, {"opponents_points": 6},
         "opponents_points"), (3, 2, 2, {"opponents_points": 2}, None)]),
        # … or their own final points, as if they had met themselves.
        ("own", [(1, 3, 4, {"opponents_points": 6}, "match_points"), (2, 1, 2, {"opponents_points": 6},
         "opponents_points"), (3, 2, 2, {"opponents_points": 4}, None)]),
    ],
)  # fmt: skip
def test_g10_a_bye_in_opponents_points_by_the_events_setting(opponents_bye, expected):
    scored = scored_event(
        [[(1, 2), (3, None)], [(1, 3), (2, None)]],
        pairs=3,
        opponents_bye=opponents_bye,
        tiebreaks=["opponents_points"],
    )
    enter(scored, {(1, 1): ("10", "6"), (2, 1): ("6", "10")})
    assert rows(standings(scored.event)) == expected


@pytest.mark.parametrize(
    ("opponents_forfeit", "expected"),
    [
        # Pair 2 forfeited to pair 1 in round 1. As if played: 1 counts pair 2's 1 point, 2 counts 1's 4 …
        ("opponent", [(1, 1, 4, {"opponents_points": 3}, "match_points"), (2, 3, 2, {"opponents_points": 5},
         "match_points"), (3, 2, 1, {"opponents_points": 5}, "opponents_points"), (4, 4, 1,
         {"opponents_points": 3}, None)]),
        # … nothing on either side …
        ("zero", [(1, 1, 4, {"opponents_points": 2}, "match_points"), (2, 3, 2, {"opponents_points": 5},
         "match_points"), (3, 4, 1, {"opponents_points": 3}, "opponents_points"), (4, 2, 1,
         {"opponents_points": 1}, None)]),
        # … or each side's own final points, as for a bye.
        ("own", [(1, 1, 4, {"opponents_points": 6}, "match_points"), (2, 3, 2, {"opponents_points": 5},
         "match_points"), (3, 4, 1, {"opponents_points": 3}, "opponents_points"), (4, 2, 1,
         {"opponents_points": 2}, None)]),
    ],
)  # fmt: skip
def test_g10_a_forfeit_in_opponents_points_by_the_events_setting(opponents_forfeit, expected):
    # Round 1: pair 2 forfeits to pair 1; pair 3 beats pair 4. Round 2: 1 beats 3; 2 and 4 draw.
    # Match points (2/1/0, a forfeit win 2): 1: 4, 3: 2, 2: 1, 4: 1.
    scored = scored_event(
        [[(1, 2), (3, 4)], [(1, 3), (2, 4)]],
        opponents_forfeit=opponents_forfeit,
        tiebreaks=["opponents_points"],
    )
    forfeit(scored.referee, scored.match(1, 1), "EW")
    enter(scored, {(1, 2): ("10", "6"), (2, 1): ("10", "6"), (2, 2): ("7", "7")})
    assert rows(standings(scored.event)) == expected


def test_g10_wins():
    # Pair 1 won and lost, pair 3 drew twice: 2 points each, level points 0 each.
    scored = scored_event([[(1, 2), (3, 4)], [(1, 4), (2, 3)]], tiebreaks=["level_points", "wins"])
    enter(scored, {(1, 1): ("7", "6"), (1, 2): ("7", "7"), (2, 1): ("6", "7"), (2, 2): ("7", "7")})
    assert rows(standings(scored.event)) == [
        (1, 4, 3, {"level_points": 1, "wins": 1}, "match_points"),
        (2, 1, 2, {"level_points": 0, "wins": 1}, "wins"),
        (3, 3, 2, {"level_points": 0, "wins": 0}, "match_points"),
        (4, 2, 1, {"level_points": -1, "wins": 0}, None),
    ]


# A timed event: the clock stops two tables after a few posted deals, each won by one level.
TIMED = {"match_format": "time_limit", "time_limit_minutes": 60}
TABLE_1_DEALS = [["W", "N", "E"], ["N", "S"]]  # EW 1-3 (4), NS 1-2 (5): NS 5-4
TABLE_2_DEALS = [["E", "N", "W"], ["N", "E", "S"], ["S", "E", "W"]]  # EW 1-3, NS 1-3, NS 1-4: 5-4


def timed_deals(chain):
    scored = scored_event(ONE_ROUND, tiebreaks=chain, **TIMED)
    dealt(scored.referee, scored.match(1, 1), TABLE_1_DEALS, time_up=True)
    dealt(scored.referee, scored.match(1, 2), TABLE_2_DEALS, time_up=True)
    return scored


def test_g10_first_places():
    scored = timed_deals(["level_points", "first_places"])
    assert rows(standings(scored.event)) == [
        (1, 3, 2, {"level_points": 1, "first_places": 2}, "first_places"),
        (2, 1, 2, {"level_points": 1, "first_places": 1}, "match_points"),
        (3, 2, 0, {"level_points": -1, "first_places": 1}, None),
        (3, 4, 0, {"level_points": -1, "first_places": 1}, None),
    ]


def test_g10_double_wins():
    scored = timed_deals(["level_points", "double_wins"])
    assert rows(standings(scored.event)) == [
        (1, 1, 2, {"level_points": 1, "double_wins": 1}, "double_wins"),
        (2, 3, 2, {"level_points": 1, "double_wins": 0}, "match_points"),
        (3, 2, 0, {"level_points": -1, "double_wins": 0}, None),
        (3, 4, 0, {"level_points": -1, "double_wins": 0}, None),
    ]


# Pair 1 wins, wins, loses; pair 2 loses, wins, wins: 4 points each.
PROGRESSIVE_RESULTS = {
    (1, 1): ("7", "6"),  # 1 beats 2
    (1, 2): ("7", "6"),  # 3 beats 4
    (2, 1): ("7", "6"),  # 1 beats 3
    (2, 2): ("7", "6"),  # 2 beats 4
    (3, 1): ("6", "7"),  # 4 beats 1
    (3, 2): ("7", "6"),  # 2 beats 3
}


def test_g10_progressive_sums_the_running_totals():
    # Running totals: 1: 2, 4, 4 = 10; 2: 0, 2, 4 = 6; 3: 2, 2, 2 = 6; 4: 0, 0, 2 = 2.
    scored = scored_event(ROUND_ROBIN, tiebreaks=["progressive"])
    enter(scored, PROGRESSIVE_RESULTS)
    assert rows(standings(scored.event)) == [
        (1, 1, 4, {"progressive": 10}, "progressive"),
        (2, 2, 4, {"progressive": 6}, "match_points"),
        (3, 3, 2, {"progressive": 6}, "progressive"),
        (4, 4, 2, {"progressive": 2}, None),
    ]


def test_g10_progressive_cuts_drop_the_first_rounds():
    # Cut 2 keeps only the last running total (4, 4, 2, 2); cut 1 the last two (8, 6, 4, 2).
    scored = scored_event(ROUND_ROBIN, tiebreaks=["progressive_cut2", "progressive_cut1"])
    enter(scored, PROGRESSIVE_RESULTS)
    assert rows(standings(scored.event)) == [
        (1, 1, 4, {"progressive_cut2": 4, "progressive_cut1": 8}, "progressive_cut1"),
        (2, 2, 4, {"progressive_cut2": 4, "progressive_cut1": 6}, "match_points"),
        (3, 3, 2, {"progressive_cut2": 2, "progressive_cut1": 4}, "progressive_cut1"),
        (4, 4, 2, {"progressive_cut2": 2, "progressive_cut1": 2}, None),
    ]


def test_g10_sonneborn_berger():
    # Opponents' final points × 1 for a win, ½ for a draw: pair 1: 2 + 3/2, pair 3: 0 + 3/2.
    scored = scored_event(OPPONENTS, tiebreaks=["sonneborn_berger"])
    enter(scored, OPPONENTS_RESULTS)
    assert rows(standings(scored.event)) == [
        (1, 1, 3, {"sonneborn_berger": 3.5}, "sonneborn_berger"),
        (2, 3, 3, {"sonneborn_berger": 1.5}, "match_points"),
        (3, 2, 2, {"sonneborn_berger": 0}, "match_points"),
        (4, 4, 0, {"sonneborn_berger": 0}, None),
    ]


def test_g10_lots_are_drawn_with_the_published_seed():
    scored = scored_event(ONE_ROUND, tiebreaks=["lots"], lots_seed=20260411)
    enter(scored, {(1, 1): ("7", "7"), (1, 2): ("7", "7")})
    body = standings(scored.event)
    assert body["lots_seed"] == 20260411
    drawn = sorted(scored.pairs.values(), key=lambda pair: -lots_value(20260411, pair.number))
    assert rows(body) == [
        (place, pair.number, 1, {"lots": lots_value(20260411, pair.number)}, "lots" if place < 4 else None)
        for place, pair in enumerate(drawn, start=1)
    ]


def test_g10_still_tied_pairs_share_a_place_1_2_2_4():
    scored = scored_event(ONE_ROUND, tiebreaks=["level_points"])
    enter(scored, WIN_AND_DRAW)
    body = standings(scored.event)
    assert [(r["rank"], r["shared"], r["pair"]["number"]) for r in body["rows"]] == [
        (1, False, 1),
        (2, True, 3),
        (2, True, 4),
        (4, False, 2),
    ]
    assert body["shared_places"] is True


def test_g10_without_shared_places_lots_settle_what_the_chain_leaves_tied():
    scored = scored_event(ONE_ROUND, tiebreaks=["level_points"], shared_places=False, lots_seed=7)
    enter(scored, WIN_AND_DRAW)
    three, four = (scored.pairs[3], scored.pairs[4])
    first, second = sorted((three, four), key=lambda pair: -lots_value(7, pair.number))
    assert rows(standings(scored.event)) == [
        (1, 1, 2, {"level_points": 4, "lots": lots_value(7, scored.pairs[1].number)}, "match_points"),
        (2, first.number, 1, {"level_points": 0, "lots": lots_value(7, first.number)}, "lots"),
        (3, second.number, 1, {"level_points": 0, "lots": lots_value(7, second.number)}, "match_points"),
        (4, 2, 0, {"level_points": -4, "lots": lots_value(7, scored.pairs[2].number)}, None),
    ]


def test_g10_decided_by_has_a_name():
    scored = scored_event(ONE_ROUND, tiebreaks=["level_points"])
    enter(scored, {(1, 1): ("10", "6"), (1, 2): ("9", "8")})
    body = standings(scored.event)
    assert [row["decided_by_name"] for row in body["rows"]] == [
        "Level points",
        "Match points",
        "Level points",
        None,
    ]
    assert body["columns"] == [
        {"key": "match_points", "name": "Match points"},
        {"key": "level_points", "name": "Level points"},
    ]


# ---- G10: which results count ------------------------------------------------------------------------
def test_g10_standings_as_of_round_n():
    scored = scored_event(ROUND_ROBIN, tiebreaks=["progressive"])
    enter(scored, PROGRESSIVE_RESULTS)
    body = standings(scored.event, round=2)
    assert (body["as_of_round"], body["rounds"]) == (2, [1, 2])
    assert rows(body) == [
        (1, 1, 4, {"progressive": 6}, "match_points"),
        (2, 3, 2, {"progressive": 4}, "progressive"),
        (3, 2, 2, {"progressive": 2}, "match_points"),
        (4, 4, 0, {"progressive": 0}, None),
    ]


def test_g10_a_bad_round_is_a_400():
    scored = scored_event(ONE_ROUND)
    for value in ("x", "0", "-1"):
        response = APIClient().get(f"{API}/events/{scored.event.slug}/standings/", {"round": value})
        assert_problem(response, 400, "invalid")
        assert field_errors(response) == {"round": "invalid"}


@pytest.mark.parametrize("path", ["standings/", "standings/units/", "results/"])
def test_g10_a_round_the_event_never_played_is_a_404(path):
    """Issue 23: ?round=99 of an event of fewer rounds answered 200 with as_of_round 99."""
    scored = scored_event(ONE_ROUND)
    response = APIClient().get(f"{API}/events/{scored.event.slug}/{path}", {"round": 99})
    assert_problem(response, 404, "round_not_found")
    assert field_errors(response) == {"round": "round_not_found"}
    assert APIClient().get(f"{API}/events/{scored.event.slug}/{path}", {"round": 1}).status_code == 200


def test_g10_only_confirmed_results_count(play, keeper, other_keeper):
    event, match = play["event"], play["matches"][0]
    before = standings(event)
    post_deals(keeper, match, NS_SWEEP)
    assert keeper.post(result_url(match), {"side": "NS"}, format="json").status_code == 201
    assert standings(event) == before
    assert [row["match_points"] for row in before["rows"]] == [0, 0, 0, 0]
    other_keeper.post(result_url(match, "/confirm"), {"side": "EW"}, format="json")
    after = standings(event)
    assert [(row["pair"]["id"], row["match_points"]) for row in after["rows"][:1]] == [
        (play["pairs"][0].pk, 2)
    ]
    assert after["results_version"] > before["results_version"]


def test_g10_a_disputed_result_does_not_count(play, keeper, other_keeper):
    event, match = play["event"], play["matches"][1]
    before = standings(event)
    sheet_body = {"levels": {"NS": "A+", "EW": "K"}, "deals_played": 9}
    keeper.post(result_url(match), {**sheet_body, "side": "NS"}, format="json")
    disputed = {"levels": {"NS": "K", "EW": "A+"}, "deals_played": 9, "side": "EW"}
    assert other_keeper.post(result_url(match), disputed, format="json").json()["status"] == "disputed"
    assert standings(event)["rows"] == before["rows"]


def test_g10_a_draft_rounds_matches_do_not_count():
    scored = scored_event(ONE_ROUND, tiebreaks=[])
    enter(scored, WIN_AND_DRAW)
    draft = RoundFactory(event=scored.event, stage=scored.match(1, 1).round.stage, number=2)
    MatchFactory(round=draft, table=1, ns_pair=scored.pairs[2], ew_pair=None)  # a bye, not yet published
    body = standings(scored.event)
    assert body["rounds"] == [1]
    assert [(row[1], row[2]) for row in rows(body)] == [(1, 2), (3, 1), (4, 1), (2, 0)]
    assert [r["round"] for r in read(APIClient(), scored.event, "results/")["rows"]] == [1, 1]


def test_g10_a_correction_changes_the_standings():
    scored = scored_event(ONE_ROUND, tiebreaks=["level_points"])
    enter(scored, WIN_AND_DRAW)
    before = standings(scored.event)
    correction = {"corrects": 1, "levels": {"NS": "6", "EW": "10"}, "deals_played": 8}
    response = scored.referee.post(result_url(scored.match(1, 1)), correction, format="json")
    assert response.json()["official"]["version"] == 2
    after = standings(scored.event)
    assert rows(after) == [
        (1, 2, 2, {"level_points": 4}, "match_points"),
        (2, 3, 1, {"level_points": 0}, None),
        (2, 4, 1, {"level_points": 0}, "match_points"),
        (4, 1, 0, {"level_points": -4}, None),
    ]
    assert after["results_version"] > before["results_version"]


def without_ids(body: dict) -> dict:
    """A standings answer without what differs between two events with the same results."""
    drop = {"event", "results_version", "lots_seed"}
    return {
        **{key: value for key, value in body.items() if key not in drop},
        "rows": [{**row, "pair": row["pair"]["number"]} for row in body["rows"]],
    }


def test_g10_standings_do_not_depend_on_the_order_of_confirmation():
    chain = ["level_points", "opponents_points", "sonneborn_berger", "progressive"]
    results = {**PROGRESSIVE_RESULTS, (2, 2): ("7", "7"), (3, 2): ("J", "6")}
    forward = scored_event(ROUND_ROBIN, tiebreaks=chain, match_points={"method": "level_table"})
    backward = scored_event(ROUND_ROBIN, tiebreaks=chain, match_points={"method": "level_table"})
    enter(forward, results)
    enter(backward, dict(reversed(results.items())))
    assert without_ids(standings(forward.event)) == without_ids(standings(backward.event))
    assert [row[:3] for row in rows(standings(forward.event))] == [
        (1, 2, 46),
        (2, 1, 43),
        (3, 4, 42),
        (4, 3, 37),
    ]


def test_g10_a_new_tiebreak_chain_reranks_at_once():
    scored = scored_event(ONE_ROUND, tiebreaks=["level_points"])
    enter(scored, {(1, 1): ("10", "6"), (1, 2): ("9", "8")})
    assert rows(standings(scored.event))[0][1] == 1  # cached now
    organizer = role_client(scored.event, Role.ORGANIZER)
    url = f"{API}/events/{scored.event.slug}/"
    assert organizer.patch(url, {"tiebreaks": ["wins"]}, format="json").status_code == 200
    assert rows(standings(scored.event)) == [
        (1, 1, 2, {"wins": 1}, None),
        (1, 3, 2, {"wins": 1}, "match_points"),
        (3, 2, 0, {"wins": 0}, None),
        (3, 4, 0, {"wins": 0}, None),
    ]


def test_g10_a_new_scoring_method_rescores_at_once():
    scored = scored_event(ONE_ROUND, tiebreaks=[])
    enter(scored, WIN_AND_DRAW)
    standings(scored.event)
    organizer = role_client(scored.event, Role.ORGANIZER)
    url = f"{API}/events/{scored.event.slug}/"
    patch = {"match_points": {"method": "level_table", "scale": 26}}
    assert organizer.patch(url, patch, format="json").status_code == 200
    assert [row[2] for row in rows(standings(scored.event))] == [17, 13, 13, 9]


def test_g11_a_withdrawn_pair_that_played_stays_in_the_standings():
    scored = scored_event(ONE_ROUND, pairs=6, tiebreaks=["level_points"])
    enter(scored, WIN_AND_DRAW)
    organizer = role_client(scored.event, Role.ORGANIZER)
    for number in (2, 6):  # pair 2 played; pair 6 never did
        pair = scored.pairs[number]
        url = f"{API}/events/{scored.event.slug}/pairs/{pair.pk}/"
        assert organizer.patch(url, {"status": "withdrawn"}, format="json").status_code == 200
    body = standings(scored.event)
    assert [(r["pair"]["number"], r["pair"]["status"]) for r in body["rows"]] == [
        (1, PairStatus.ACTIVE),
        (3, PairStatus.ACTIVE),
        (4, PairStatus.ACTIVE),
        (5, PairStatus.ACTIVE),
        (2, PairStatus.WITHDRAWN),
    ]


# ---- G11: units ----------------------------------------------------------------------------------------
# Unit A: pairs 1, 3, 5; unit B: pairs 2, 4; pair 6 has no unit.
UNITS = {1: "A", 3: "A", 5: "A", 2: "B", 4: "B"}
UNIT_RESULTS = {(1, 1): ("10", "6"), (1, 2): ("6", "9"), (1, 3): ("8", "7")}


def unit_rows(body: dict) -> list[tuple]:
    return [
        (r["rank"], r["unit"]["name"], r["match_points"], r["level_points"], r["pairs"], r["decided_by"])
        for r in body["rows"]
    ]


def test_g11_units_are_ranked_by_their_pairs_totals():
    scored = scored_event([[(1, 2), (3, 4), (5, 6)]], pairs=6, units=UNITS)
    enter(scored, UNIT_RESULTS)
    body = read(APIClient(), scored.event, "standings/units/")
    assert body["unit_best"] is None
    assert unit_rows(body) == [
        (1, "A", 4, 2, [1, 5, 3], "match_points"),  # 2 + 2 + 0; 4 + 1 − 3
        (2, "B", 2, -1, [4, 2], None),  # 2 + 0; 3 − 4
    ]


def test_g11_unit_best_counts_only_the_best_k_pairs():
    scored = scored_event([[(1, 2), (3, 4), (5, 6)]], pairs=6, units=UNITS, unit_best=1)
    enter(scored, UNIT_RESULTS)
    body = read(APIClient(), scored.event, "standings/units/")
    assert body["unit_best"] == 1
    assert unit_rows(body) == [
        (1, "A", 2, 4, [1], "level_points"),
        (2, "B", 2, 3, [4], None),
    ]


def test_g11_units_still_tied_share_a_place_or_draw_lots():
    scored = scored_event(ONE_ROUND, units={1: "A", 2: "B", 3: "C", 4: "D"}, lots_seed=5)
    enter(scored, {(1, 1): ("7", "7"), (1, 2): ("7", "7")})
    body = read(APIClient(), scored.event, "standings/units/")
    assert [(r["rank"], r["shared"], r["unit"]["name"], r["decided_by"]) for r in body["rows"]] == [
        (1, True, "A", None),
        (1, True, "B", None),
        (1, True, "C", None),
        (1, True, "D", None),
    ]
    organizer = role_client(scored.event, Role.ORGANIZER)
    organizer.patch(f"{API}/events/{scored.event.slug}/", {"shared_places": False}, format="json")
    body = read(APIClient(), scored.event, "standings/units/")
    units = {unit.name: unit.pk for unit in scored.event.units.all()}
    drawn = sorted(units, key=lambda name: -lots_value(5, units[name]))
    assert [(r["rank"], r["unit"]["name"], r["decided_by"]) for r in body["rows"]] == [
        (1, drawn[0], "lots"),
        (2, drawn[1], "lots"),
        (3, drawn[2], "lots"),
        (4, drawn[3], None),
    ]


def test_g11_unit_standings_as_of_round_n():
    scored = scored_event([[(1, 2), (3, 4), (5, 6)], [(1, 4), (2, 5), (3, 6)]], pairs=6, units=UNITS)
    enter(scored, {**UNIT_RESULTS, (2, 1): ("5", "9"), (2, 2): ("9", "5"), (2, 3): ("9", "5")})
    body = read(APIClient(), scored.event, "standings/units/", round=1)
    assert body["as_of_round"] == 1
    assert unit_rows(body) == [
        (1, "A", 4, 2, [1, 5, 3], "match_points"),
        (2, "B", 2, -1, [4, 2], None),
    ]


# ---- conditional reads and who may read --------------------------------------------------------------
STANDINGS_PATHS = ["standings/", "standings/units/", "results/"]


@pytest.mark.parametrize("path", STANDINGS_PATHS)
def test_an_unchanged_table_is_a_304(path):
    scored = scored_event(ONE_ROUND)
    url = f"{API}/events/{scored.event.slug}/{path}"
    etag = APIClient().get(url)["ETag"]
    response = APIClient().get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304
    assert response["ETag"] == etag


@pytest.mark.parametrize("path", STANDINGS_PATHS)
def test_a_confirmed_result_changes_the_etag(path):
    scored = scored_event(ONE_ROUND, pairs=4, units={1: "A", 2: "B"})
    url = f"{API}/events/{scored.event.slug}/{path}"
    etag = APIClient().get(url)["ETag"]
    enter(scored, {(1, 1): ("10", "6")})
    response = APIClient().get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    assert response["ETag"] != etag


def _no_table(*args, **kwargs):
    raise AssertionError("a 304 builds no table")


@pytest.mark.parametrize(
    "path", ["standings/", "standings/units/", "standings/export", "standings/units/export"]
)
def test_a_standings_304_reads_the_event_only(path, monkeypatch, django_assert_max_num_queries):
    scored = scored_event(ONE_ROUND, pairs=4, units={1: "A", 2: "B"})
    enter(scored, {(1, 1): ("10", "6")})
    url = f"{API}/events/{scored.event.slug}/{path}"
    etag = APIClient().get(url)["ETag"]
    for name in ("standings_table", "units_table"):  # neither computed nor read from the cache
        monkeypatch.setattr(f"scoring.views.standings.{name}", _no_table)
    monkeypatch.setattr("scoring.selectors.standings._cached", _no_table)
    with django_assert_max_num_queries(1):  # the event
        response = APIClient().get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304
    assert response["ETag"] == etag


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ({}, {"round": 1}),  # as of a round
        ({}, {"format": "csv"}),  # another representation
        ({"format": "csv"}, {"format": "xlsx"}),
        ({}, {"lang": "zh-hans"}),  # labels in another language
    ],
)
def test_a_standings_etag_names_the_representation(first, second):
    scored = scored_event(ONE_ROUND)
    url = f"{API}/events/{scored.event.slug}/standings/"

    def etag(params):
        language = params.pop("lang", "en")
        return APIClient().get(url, params, HTTP_ACCEPT_LANGUAGE=language)["ETag"]

    assert etag(dict(first)) != etag(dict(second))
    assert etag(dict(second)) == etag(dict(second))


def test_unpublishing_the_standings_is_not_a_304_for_the_public():
    scored = scored_event(ONE_ROUND, slug="flags")
    url = f"{API}/events/flags/standings/"
    etag = APIClient().get(url)["ETag"]
    organizer = role_client(scored.event, Role.ORGANIZER)
    organizer.patch(f"{API}/events/flags/", {"publish_standings": False}, format="json")
    assert APIClient().get(url, HTTP_IF_NONE_MATCH=etag).status_code == 401
    organizer.patch(f"{API}/events/flags/", {"publish_standings": True}, format="json")
    response = APIClient().get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200 and response["ETag"] != etag  # the event's version moved


@pytest.mark.parametrize("path", STANDINGS_PATHS)
def test_a_draft_events_tables_are_not_found_by_anonymous(path):
    event = EventFactory(slug="hidden")
    assert_problem(APIClient().get(f"{API}/events/hidden/{path}"), 404, "not_found")
    assert role_client(event, Role.SCOREKEEPER).get(f"{API}/events/hidden/{path}").status_code == 200


@pytest.mark.parametrize("path", ["standings/", "standings/units/"])
def test_unpublished_standings_are_for_staff_only(path):
    event = EventFactory(published=True, slug="quiet", publish_standings=False)
    url = f"{API}/events/quiet/{path}"
    assert_problem(APIClient().get(url), 401, "not_authenticated")
    assert_problem(client_for(new_user()).get(url), 403, "permission_denied")
    assert role_client(event, Role.SCOREKEEPER).get(url).status_code == 200
    assert APIClient().get(f"{API}/events/quiet/results/").status_code == 200


def test_unpublished_results_are_for_staff_only():
    event = EventFactory(published=True, slug="quiet", publish_results=False)
    url = f"{API}/events/quiet/results/"
    assert_problem(APIClient().get(url), 401, "not_authenticated")
    assert_problem(client_for(new_user()).get(url), 403, "permission_denied")
    assert role_client(event, Role.REFEREE).get(url).status_code == 200
    assert APIClient().get(f"{API}/events/quiet/standings/").status_code == 200


# ---- the results table -------------------------------------------------------------------------------
def test_results_list_every_match_of_the_published_rounds_with_its_points():
    scored = scored_event(
        [[(1, 2), (3, None)], [(3, 1), (2, None)]],
        pairs=3,
        match_points={"method": "level_table"},
    )
    sheet(scored.referee, scored.match(1, 1), "10", "6")
    body = read(APIClient(), scored.event, "results/")
    table = [
        (r["round"], r["table"], r["ns_pair"]["number"], r["ew_pair"] and r["ew_pair"]["number"], r["status"])
        for r in body["rows"]
    ]
    assert table == [(1, 1, 1, 2, "confirmed"), (1, 2, 3, None, "bye"), (2, 1, 3, 1, "scheduled"),
                     (2, 2, 2, None, "bye")]  # fmt: skip
    first, bye, pending = body["rows"][:3]
    assert {
        key: first[key] for key in ("levels", "winner", "level_difference", "deals_played", "forfeit")
    } == {
        "levels": {"NS": "10", "EW": "6"},
        "winner": "NS",
        "level_difference": 4,
        "deals_played": 8,
        "forfeit": None,
    }
    assert (first["match_points"], first["level_points"]) == ({"NS": 18, "EW": 10}, {"NS": 4, "EW": -4})
    assert (bye["match_points"], bye["level_points"]) == ({"NS": 20, "EW": None}, {"NS": 0, "EW": None})
    assert (pending["levels"], pending["match_points"], pending["level_points"]) == (None, None, None)


def test_results_of_one_round():
    scored = scored_event([[(1, 2), (3, 4)], [(1, 3), (2, 4)]])
    body = read(APIClient(), scored.event, "results/", round=2)
    assert body["round"] == 2
    assert [(r["round"], r["table"]) for r in body["rows"]] == [(2, 1), (2, 2)]


def test_results_show_a_forfeit():
    scored = scored_event(ONE_ROUND, match_points={"method": "level_table"})
    forfeit(scored.referee, scored.match(1, 2), "NS", "withdrawal")
    row = read(APIClient(), scored.event, "results/")["rows"][1]
    assert (row["forfeit"], row["winner"], row["levels"], row["match_points"]) == (
        "withdrawal",
        "EW",
        None,
        {"NS": 0, "EW": 28},
    )


def test_results_of_a_best_of_three_count_every_game():
    scored = scored_event(ONE_ROUND, match_points={"method": "level_difference"}, tiebreaks=[])
    match = scored.match(1, 1)
    match.best_of = 3
    match.save()
    dealt(scored.referee, match, [*NS_SWEEP, *EW_SWEEP, *NS_SWEEP])
    row = read(APIClient(), scored.event, "results/")["rows"][0]
    assert (row["winner"], row["levels"], row["deals_played"]) == ("NS", {"NS": "A+", "EW": "2"}, 15)
    assert row["match_points"] == {"NS": 13, "EW": -13}  # 13 − 13 + 13


# ---- event settings (G9, G10) are checked when they are set --------------------------------------------
@pytest.mark.parametrize(
    ("settings", "errors"),
    [
        ({"match_points": {"method": "win_draw_loss", "win": "x"}}, {"match_points.win": "invalid"}),
        ({"match_points": {"method": "win_draw_loss", "wins": 3}}, {"match_points.wins": "unknown_field"}),
        ({"match_points": {"method": "elo"}}, {"match_points.method": "unknown_method"}),
        ({"match_points": {}}, {"match_points.method": "required"}),
        ({"match_points": {"method": "level_table", "scale": 30}}, {"match_points.scale": "invalid_choice"}),
        (
            {"match_points": {"method": "level_table", "table": [[0, 15, 13], [3, 29, 0]]}},
            {"match_points.table.1.1": "out_of_range"},
        ),
        (
            {"match_points": {"method": "level_table", "table": [[3, 17, 11], [3, 18, 10]]}},
            {"match_points.table.1.0": "invalid"},
        ),
        (
            {"match_points": {"method": "win_plus_speed", "bonuses": [7, -1]}},
            {"match_points.bonuses.1": "out_of_range"},
        ),
        (
            {"level_points": {"method": "level_difference", "mode": "gross"}},
            {"level_points.mode": "invalid_choice"},
        ),
        ({"tiebreaks": ["level_points", "wins", "elo"]}, {"tiebreaks.2": "unknown_metric"}),
        ({"tiebreaks": ["level_points", "wins", "wins"]}, {"tiebreaks.2": "duplicate_metric"}),
        ({"tiebreaks": ["match_points"]}, {"tiebreaks.0": "unknown_metric"}),
        ({"tiebreaks": "wins"}, {"tiebreaks": "invalid"}),
        ({"opponents_bye": "half"}, {"opponents_bye": "invalid_choice"}),
        ({"opponents_forfeit": "half"}, {"opponents_forfeit": "invalid_choice"}),
        ({"unit_best": 0}, {"unit_best": "min_value"}),
        ({"lots_seed": -1}, {"lots_seed": "min_value"}),
        ({"correction_minutes": -5}, {"correction_minutes": "min_value"}),
    ],
)
def test_g9_g10_a_bad_setting_is_a_400_naming_the_field(settings, errors):
    creator = client_for(new_user())
    response = creator.post(f"{API}/events/", {"slug": "s", "name": "S", **settings}, format="json")
    assert response.status_code == 400
    assert field_errors(response) == errors


def test_g9_a_setting_is_stored_with_its_defaults_filled_in():
    creator = client_for(new_user())
    fields = {"slug": "s", "name": "S", "match_points": {"method": "level_table", "scale": 26}}
    body = creator.post(f"{API}/events/", fields, format="json").json()
    assert body["match_points"] == {
        "method": "level_table",
        "scale": 26,
        "table": None,
        "bye": 18,
        "forfeit_win": 18,
        "forfeit_loss": 0,
        "withdrawal_win": 26,
        "withdrawal_loss": 0,
    }


def test_g10_a_bad_setting_in_a_patch_is_a_400_naming_the_field():
    scored = scored_event(ONE_ROUND)
    organizer = role_client(scored.event, Role.ORGANIZER)
    url = f"{API}/events/{scored.event.slug}/"
    response = organizer.patch(url, {"tiebreaks": ["wins", "coin_toss"]}, format="json")
    assert_problem(response, 400, "unknown_metric")
    assert field_errors(response) == {"tiebreaks.1": "unknown_metric"}
    response = organizer.patch(url, {"match_points": {"method": "deal_points", "double": -4}}, format="json")
    assert field_errors(response) == {"match_points.double": "out_of_range"}
