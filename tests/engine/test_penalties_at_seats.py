"""A penalty table read at a table of four (engine/penalties/seats.py, docs/referees.md "Tables of
four"): every row of the built-in tables as four-player Dou Dizhu reads them, 1st to 4th offence —
a player alone's points for levels, its forfeit for an award, the seed's own rows (seed 003)."""

from __future__ import annotations

import pytest

from engine.penalties import TABLES, Infraction, Scope, build_table, propose
from engine.registry import get_game
from tests.engine.test_penalties import DEFAULT, LT, R, W, notation

I = Infraction  # noqa: E741

SEAT_DEFAULT = {
    **DEFAULT,
    I.HIDDEN_CARD: [("match_points-1",)] * 2 + [("forfeit",)] * 2,
    I.EXPOSED_CARD: [(R,)] * 4,  # 出错牌, seed 003 item 6: the opponent names a card from the table
    I.PARTNER_TALK: [(W,)] + [("forfeit",)] * 3,
}
SEAT_CLUB_LEVELS = {
    **SEAT_DEFAULT,
    I.HIDDEN_CARD: [("match_points-3",)] * 2 + [("forfeit",)] * 2,
    I.ILLEGAL_SIGNAL: [(W,), (W,), ("forfeit",), ("forfeit",)],
    I.SLOW_PLAY: [(W,), (W,), ("match_points-1",), ("match_points-1",)],
    I.TRIBUTE_ERROR: [("redo_tribute", "match_points-2")] * 4,
    I.OUT_OF_TURN: [(R,), (R,), (R, "match_points-1"), (R, "match_points-1")],
}
EXPECTED = {"default": SEAT_DEFAULT, "club_levels": SEAT_CLUB_LEVELS}
ROWS = get_game("doudizhu4").seat_penalty_rows()


def dou_dizhu(key: str, **setting):
    return build_table({"table": key, **setting}, seat_rows=ROWS)


@pytest.mark.parametrize(
    ("key", "infraction", "earlier"),
    [(key, infraction, n) for key, rows in EXPECTED.items() for infraction in rows for n in range(4)],
)
def test_g12_each_row_read_for_a_player_alone_first_to_fourth_offence(key, infraction, earlier):
    proposal = propose(dou_dizhu(key), infraction, earlier=earlier).to_dict()
    assert tuple(notation(e) for e in proposal["effects"]) == EXPECTED[key][infraction][earlier]


def test_g12_at_a_table_of_four_a_sides_count_is_the_players_own():
    table = dou_dizhu("default")
    assert {row.scope for row in table.rows.values()} == {Scope.SEAT, Scope.TABLE}
    assert table.to_dict()["accused"] == "seat"
    assert TABLES["default"].to_dict()["accused"] == "side"


def test_g12_late_minutes_in_levels_read_as_the_players_points():
    proposal = propose(dou_dizhu("club_levels"), I.LATE_ARRIVAL, earlier=0, minutes_late=7).to_dict()
    assert [notation(e) for e in proposal["effects"]] == [W, "match_points-1"]


def test_g12_an_events_own_row_in_levels_reads_as_points_and_its_scope_as_the_seat():
    table = dou_dizhu(
        "default",
        rows={
            "slow_play": {"scope": "side", "steps": [[{"kind": "levels", "to": "opponents", "amount": 2}]]}
        },
    )
    proposal = propose(table, I.SLOW_PLAY, earlier=0)
    assert [notation(e.to_dict()) for e in proposal.effects] == ["match_points-2"]
    assert proposal.scope is Scope.SEAT


def test_g12_a_game_of_two_sides_reads_the_table_as_written():
    assert get_game("guandan").seat_penalty_rows() is None
    assert [notation(e.to_dict()) for e in propose(TABLES["default"], I.EXPOSED_CARD, earlier=0).effects] == [
        LT
    ]
