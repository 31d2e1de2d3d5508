"""Seats and turn order every game shares (engine/seats.py; docs/rules/guandan.md G1,
docs/rules/doudizhu.md D1, docs/rules/daguai.md K1)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine.daguai.seats import Seat as DaguaiSeat
from engine.errors import BadInput
from engine.guandan import cards as guandan
from engine.seats import (
    DIRECTIONS,
    Seat,
    Side,
    next_seat,
    parse_seat,
    parse_seat_of,
    previous_seat,
    ring,
    rotate,
    seat_order,
)

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
SEAT_NAMES = {"Seat", "Side", "next_seat", "previous_seat", "parse_seat", "seat_order", "DIRECTIONS"}


def test_g1_d1_counterclockwise_is_n_w_s_e_and_clockwise_n_e_s_w():
    assert seat_order() == (N, W, S, E) and seat_order("clockwise") == (N, E, S, W)
    assert DIRECTIONS == ("counterclockwise", "clockwise")


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_next_and_previous_seat_are_inverse(direction):
    for seat in Seat:
        assert previous_seat(next_seat(seat, direction), direction) is seat


def test_d3_previous_seat_is_the_seat_that_plays_before():
    assert previous_seat(N) is E and next_seat(N) is W


def test_ring_and_rotate_follow_a_turn_order():
    assert ring((N, W, S, E)) == {N: W, W: S, S: E, E: N}
    assert rotate((N, W, S, E), S) == (S, E, N, W)


def test_g1_partners_and_sides_are_the_compass_tables():
    assert (N.partner, W.side, Side.EW.seats, Side.NS.other) == (S, Side.EW, (E, W), Side.EW)


def test_seats_and_sides_are_not_imported_through_guandan():
    """Seats and sides are every game's (engine.seats): Guandan's cards module does not hand them on,
    and no module imports a seat name from it."""
    assert not {"Seat", "Side", "next_seat", "parse_seat", "seat_order"} & set(vars(guandan))
    root = Path(__file__).resolve().parents[3]
    for path in root.glob("[!.]*/**/*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "engine.guandan.cards":
                assert not {alias.name for alias in node.names} & SEAT_NAMES, path


def test_parse_seat_of_takes_codes_numbers_and_lower_case():
    assert parse_seat_of(Seat, "w", hint="N, E, S or W") is W
    assert parse_seat_of(DaguaiSeat, 3, hint="1-6") is DaguaiSeat.P3
    with pytest.raises(BadInput) as caught:
        parse_seat_of(DaguaiSeat, 7, hint="1-6", field="dealer")
    assert (caught.value.code, caught.value.field) == ("unknown_seat", "dealer")
    with pytest.raises(BadInput):
        parse_seat_of(DaguaiSeat, True, hint="1-6")


def test_parse_seat_refuses_unknown_compass_seats():
    assert parse_seat(" s ") is S
    with pytest.raises(BadInput):
        parse_seat("X")
