"""Seats, teams and the dealer of Daguai Luzi (docs/rules/daguai.md K1, K5): engine/daguai/seats.py."""

from __future__ import annotations

import pytest

from engine.daguai.profiles import STANDARD
from engine.daguai.seats import SEATS, Seat, Team, dealer_of, parse_seat, parse_team, round_dealers
from engine.errors import BadInput


def test_k1_six_seats_numbered_in_the_order_of_play():
    assert [seat.value for seat in SEATS] == ["1", "2", "3", "4", "5", "6"]
    assert [seat.number for seat in SEATS] == [1, 2, 3, 4, 5, 6]


def test_k1_the_teams_sit_alternately_odd_seats_a_even_seats_b():
    assert [seat.team for seat in SEATS] == [Team.A, Team.B] * 3
    assert Team.A.seats == (Seat.P1, Seat.P3, Seat.P5) and Team.B.seats == (Seat.P2, Seat.P4, Seat.P6)
    assert Team.A.other is Team.B


@pytest.mark.parametrize(("deal", "seat"), [(1, "1"), (2, "2"), (6, "6"), (7, "1"), (14, "2")])
def test_k5_the_deal_passes_round_from_seat_one(deal, seat):
    assert dealer_of(deal) == Seat(seat)


@pytest.mark.parametrize("deal", [0, -1, True, "1"])
def test_k5_deals_are_numbered_from_one(deal):
    with pytest.raises(BadInput):
        dealer_of(deal)


def test_k1_seats_and_teams_parse():
    assert parse_seat(4) is Seat.P4 and parse_seat(" 5 ") is Seat.P5 and parse_team("b") is Team.B
    with pytest.raises(BadInput) as caught:
        parse_seat("N", field="dealer")
    assert (caught.value.code, caught.value.field) == ("unknown_seat", "dealer")


def test_k5_a_round_of_six_deals_lets_every_seat_deal_once():
    assert round_dealers(STANDARD.deals_per_round) == SEATS
    assert round_dealers(STANDARD.with_overrides({"deals_per_round": 8}).deals_per_round)[6:] == (
        Seat.P1,
        Seat.P2,
    )
