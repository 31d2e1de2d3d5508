"""Finishing orders (docs/rules/guandan.md G5.3, G5.5): engine/guandan/finishing.py."""

from __future__ import annotations

import pytest

from engine.errors import BadInput
from engine.guandan.finishing import normalise_finishing_order
from engine.seats import Seat, Side

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def test_g5_two_seats_are_a_1_2_finish_and_both_others_are_last():
    finish = normalise_finishing_order(["N", "S"])
    assert finish.seats[:2] == (N, S)
    assert set(finish.last_seats) == {E, W}
    assert finish.is_double_win and finish.partner_place == 2


def test_g5_three_seats_complete_with_the_fourth():
    finish = normalise_finishing_order(["E", "N", "W"])
    assert finish.seats == (E, N, W, S)
    assert finish.last_seats == (S,)
    assert finish.partner_place == 3
    assert finish.winner_side is Side.EW


def test_g5_four_seats_1_4():
    finish = normalise_finishing_order([N, E, W, S])
    assert finish.partner_place == 4
    assert finish.last_seats == (S,)


def test_g5_four_seats_of_a_1_2_finish_still_make_both_last():
    assert set(normalise_finishing_order(["N", "S", "W", "E"]).last_seats) == {E, W}


def test_g5_lower_case_seats_are_accepted():
    assert normalise_finishing_order(["n", "s"]).first is N


@pytest.mark.parametrize(
    ("order", "code"),
    [
        (["N"], "finishing_order_incomplete"),
        ([], "finishing_order_incomplete"),
        (["N", "E"], "finishing_order_incomplete"),
        (["N", "S", "N"], "duplicate_seat"),
        (["N", "S", "E", "W", "N"], "duplicate_seat"),
        (["N", "Z"], "unknown_seat"),
        ("NS", "invalid"),
    ],
)
def test_g5_malformed_finishing_order_is_bad_input(order, code):
    with pytest.raises(BadInput) as raised:
        normalise_finishing_order(order)
    assert raised.value.code == code
