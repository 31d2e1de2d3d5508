"""The standings' entries of a table of four (docs/scoring.md "Tables of four";
engine/scoring/ranking/tables.py)."""

from __future__ import annotations

from engine.scoring.methods.records import MatchKind, Outcome
from engine.scoring.ranking.tables import ByeRecord, TableRecord, table_rounds


def table(
    match: int, round_: int, players: dict[str, int], points: dict[str, float], won=None
) -> TableRecord:
    won = won or dict.fromkeys(points, 0)
    seats = {seat: {"points": points[seat], "deals_won": won[seat]} for seat in points}
    return TableRecord(match_id=match, round=round_, players=players, seats=seats)


PLAYERS = {"N": 1, "E": 2, "S": 3, "W": 4}


def test_d10_a_players_match_points_are_their_own_points_at_the_table():
    rounds = table_rounds([table(10, 1, PLAYERS, {"N": 6, "E": 1, "S": 3, "W": 2})])
    assert {player: entries[0].match_points for player, entries in rounds.items()} == {1: 6, 2: 1, 3: 3, 4: 2}


def test_d10_level_points_are_the_points_above_the_tables_average():
    rounds = table_rounds([table(10, 1, PLAYERS, {"N": 6, "E": 1, "S": 3, "W": 2})])
    assert {player: entries[0].level_points for player, entries in rounds.items()} == {
        1: 3,
        2: -2,
        3: 0,
        4: -1,
    }


def test_d10_first_places_count_the_deals_won():
    won = {"N": 3, "E": 1, "S": 2, "W": 2}
    rounds = table_rounds([table(10, 1, PLAYERS, {"N": 6, "E": 1, "S": 3, "W": 2}, won)])
    assert {player: entries[0].firsts for player, entries in rounds.items()} == {1: 3, 2: 1, 3: 2, 4: 2}


def test_d10_topping_the_table_alone_is_a_win_and_a_shared_top_a_draw():
    alone = table_rounds([table(10, 1, PLAYERS, {"N": 6, "E": 1, "S": 3, "W": 2})])
    assert [alone[p][0].outcome for p in (1, 2, 3, 4)] == [
        Outcome.WIN,
        Outcome.LOSS,
        Outcome.LOSS,
        Outcome.LOSS,
    ]
    shared = table_rounds([table(10, 1, PLAYERS, {"N": 4, "E": 4, "S": 0, "W": 0})])
    assert [shared[p][0].outcome for p in (1, 2, 3, 4)] == [
        Outcome.DRAW,
        Outcome.DRAW,
        Outcome.LOSS,
        Outcome.LOSS,
    ]


def test_d10_a_bye_scores_the_rounds_average_per_seated_player_and_is_a_draw():
    other = {"N": 5, "E": 6, "S": 7, "W": 8}
    rounds = table_rounds(
        [
            table(10, 1, PLAYERS, {"N": 6, "E": 1, "S": 3, "W": 2}),
            table(11, 1, other, {"N": 0, "E": 0, "S": 2, "W": 2}),
        ],
        [ByeRecord(match_id=12, round=1, player=9)],
    )
    bye = rounds[9][0]
    assert bye.kind is MatchKind.BYE and bye.outcome is Outcome.DRAW
    assert bye.match_points == 2  # 16 points over 8 seated players
    assert bye.level_points == 0 and bye.firsts == 0


def test_d10_a_bye_in_a_round_without_confirmed_tables_scores_nothing_yet():
    rounds = table_rounds([], [ByeRecord(match_id=12, round=1, player=9)])
    assert rounds[9][0].match_points == 0


def test_d10_entries_are_in_round_order():
    rounds = table_rounds(
        [table(20, 2, PLAYERS, dict.fromkeys("NESW", 1)), table(10, 1, PLAYERS, dict.fromkeys("NESW", 2))]
    )
    assert [entry.round for entry in rounds[1]] == [1, 2]


def test_g12_a_players_forfeit_is_a_lost_table_with_no_points_and_the_others_keep_theirs():
    played = table(10, 1, PLAYERS, {"N": 6, "E": 1, "S": 3, "W": 2}, {"N": 3, "E": 1, "S": 2, "W": 2})
    rounds = table_rounds([played], forfeits=[ByeRecord(match_id=10, round=1, player=1)])
    (north,) = rounds[1]
    assert (north.kind, north.outcome, north.match_points, north.level_points, north.firsts) == (
        MatchKind.FORFEIT,
        Outcome.LOSS,
        0,
        -3,  # its 0 less the table's average as played
        0,
    )
    assert {player: entries[0].match_points for player, entries in rounds.items() if player != 1} == {
        2: 1,
        3: 3,
        4: 2,
    }


def test_g12_a_forfeit_before_the_table_is_confirmed_is_the_players_round():
    rounds = table_rounds([], forfeits=[ByeRecord(match_id=10, round=2, player=7)])
    (entry,) = rounds[7]
    assert (entry.round, entry.kind, entry.match_points, entry.level_points) == (2, MatchKind.FORFEIT, 0, 0)
