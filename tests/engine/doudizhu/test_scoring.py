"""Points of a Dou Dizhu deal (docs/rules/doudizhu.md D8): engine/doudizhu/scoring.py."""

from __future__ import annotations

import pytest

from engine.doudizhu.bidding import Party
from engine.doudizhu.profiles import BUILTIN, STANDARD
from engine.doudizhu.scoring import score_deal
from engine.seats import Seat

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
SEATS = (N, E, S, W)


def score(**kwargs):
    base = {"landlord": N, "seats": SEATS, "bid": 2, "opening_three": False, "landlord_won": True}
    return score_deal(**(base | kwargs))


@pytest.mark.parametrize("bid", [1, 2, 3])
def test_d8_the_bid_goes_to_the_winning_landlord(bid):
    result = score(bid=bid)
    assert (result.winner, result.points, result.seats) == (Party.LANDLORD, bid, {N: bid, E: 0, S: 0, W: 0})


def test_d8_when_the_farmers_win_each_farmer_scores_the_bid():
    result = score(bid=3, landlord_won=False)
    assert (result.winner, result.seats) == (Party.FARMERS, {N: 0, E: 3, S: 3, W: 3})


def test_d8_a_winning_opening_three_landlord_scores_one_more():
    assert score(bid=3, opening_three=True).points == 4
    assert score(bid=3, opening_three=True, landlord_won=False).points == 3
    assert (
        score(bid=3, opening_three=True, profile=STANDARD.with_overrides({"opening_three_bonus": 2})).points
        == 5
    )


def test_d8_multipliers_are_off_by_default():
    assert score(bombs=3, spring=True).points == 2


def test_d8_bomb_doubling_doubles_for_every_bomb():
    profile = STANDARD.with_overrides({"bomb_doubling": True})
    assert [score(bombs=n, profile=profile).points for n in range(4)] == [2, 4, 8, 16]


def test_d8_spring_doubling_doubles_a_spring_once_and_the_bonus_comes_first():
    profile = BUILTIN["doudizhu4-doubling"]
    result = score(bid=3, opening_three=True, bombs=1, spring=True, profile=profile)
    assert (result.base, result.multiplier, result.points) == (4, 4, 16)


def test_d8_the_score_as_json():
    assert score(bid=1, landlord_won=False).to_dict() == {
        "winner": "farmers",
        "base": 1,
        "multiplier": 1,
        "points": 1,
        "seats": {"N": 0, "E": 1, "S": 1, "W": 1},
    }
