"""Bidding, the forced landlord, the ban and the bomb allowances (docs/rules/doudizhu.md D2, D3):
engine/doudizhu/bidding.py."""

from __future__ import annotations

import pytest

from engine.doudizhu.bidding import Bid, Bidding, LandlordLosses, check_bidding
from engine.doudizhu.profiles import STANDARD
from engine.errors import BadInput
from engine.seats import Seat
from tests.engine.doudizhu.builders import FORCED_N, N_AT_ONE, bid

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def bids(*points) -> list[dict]:
    """Bids from dealer N in turn order N, W, S, E."""
    return [bid(seat, p) for seat, p in zip("NWSE", points, strict=False)]


def test_d2_the_dealer_bids_first_then_each_seat_counterclockwise():
    bidding = Bidding(dealer=S)
    assert bidding.order == (S, E, N, W) and bidding.next_bidder is S


def test_d2_the_highest_bidder_is_landlord_at_its_bid():
    result = check_bidding(dealer="N", bids=bids(1, "pass", 2, "pass"))
    assert (result.valid, result.complete, result.landlord, result.bid, result.forced) == (
        True,
        True,
        S,
        2,
        False,
    )


def test_d2_a_three_ends_the_bidding():
    result = check_bidding(dealer="N", bids=bids("pass", 3))
    assert (result.complete, result.landlord, result.bid, result.next_bidder) == (True, W, 3, None)
    late = check_bidding(dealer="N", bids=bids("pass", 3, "pass"))
    assert (late.valid, late.violation.index, late.violation.code, late.violation.part) == (
        False,
        2,
        "bidding_over",
        "bids",
    )


def test_d2_a_bid_must_be_higher_than_every_bid_before():
    result = check_bidding(dealer="N", bids=bids(2, 2))
    assert (result.violation.index, result.violation.code) == (1, "bid_not_higher")
    assert check_bidding(dealer="N", bids=bids(2, 1)).violation.code == "bid_not_higher"


def test_d2_a_bid_out_of_order_is_not_your_turn():
    result = check_bidding(dealer="N", bids=[bid("N", 1), bid("S", 2)])
    assert (result.violation.index, result.violation.code) == (1, "not_your_turn")


def test_d2_all_pass_makes_the_first_bidder_a_forced_one_point_landlord():
    result = check_bidding(dealer="N", bids=FORCED_N)
    assert (result.landlord, result.bid, result.forced, result.opening_three) == (N, 1, True, False)


def test_d2_an_unfinished_bidding_names_the_next_bidder_and_no_landlord():
    result = check_bidding(dealer="E", bids=[bid("E", 1)])
    assert (result.valid, result.complete, result.landlord, result.next_bidder) == (True, False, None, N)
    assert result.bomb_allowances == {}


def test_d2_a_banned_player_may_not_bid():
    result = check_bidding(dealer="N", bids=bids("pass", 1), banned=["W"])
    assert (result.violation.index, result.violation.code) == (1, "bidding_banned")


def test_d2_a_banned_player_may_pass_and_still_be_made_forced_landlord():
    result = check_bidding(dealer="N", bids=FORCED_N, banned=["N"])
    assert (result.valid, result.landlord, result.forced) == (True, N, True)


def test_d2_three_lost_landlord_hands_ban_a_player_for_the_rest_of_the_round():
    losses = LandlordLosses()
    for _ in range(2):
        losses = losses.after_deal(landlord=W, forced=False, landlord_won=False)
    assert losses.banned() == frozenset() and losses.count(W) == 2
    losses = losses.after_deal(landlord=W, forced=False, landlord_won=True)  # a won hand does not count
    assert losses.count(W) == 2
    losses = losses.after_deal(landlord=W, forced=False, landlord_won=False)
    assert losses.banned() == {W}
    assert LandlordLosses().banned() == frozenset()  # a new round starts clean


def test_d2_a_lost_forced_hand_does_not_count_towards_the_ban():
    losses = LandlordLosses().after_deal(landlord=N, forced=True, landlord_won=False)
    assert losses.count(N) == 0


def test_d2_ban_after_losses_zero_turns_the_ban_off():
    losses = LandlordLosses(((W, 5),))
    assert losses.banned(STANDARD.with_overrides({"ban_after_losses": 0})) == frozenset()
    assert losses.banned(STANDARD.with_overrides({"ban_after_losses": 5})) == {W}


def test_d2_landlord_losses_are_recorded_as_json():
    losses = LandlordLosses().after_deal(landlord=S, forced=False, landlord_won=False)
    assert losses.to_dict() == {"S": 1} and LandlordLosses.from_dict({"S": 1}) == losses
    with pytest.raises(BadInput):
        LandlordLosses.from_dict({"S": -1})


def test_d3_the_landlord_bombs_freely():
    for result in (
        check_bidding(dealer="N", bids=N_AT_ONE),
        check_bidding(dealer="N", bids=FORCED_N),
        check_bidding(dealer="N", bids=bids(2, 3)),
    ):
        assert result.bomb_allowances[result.landlord] is None


def test_d3_an_opening_three_lets_every_farmer_bomb_freely():
    result = check_bidding(dealer="N", bids=bids(3))
    assert result.opening_three and result.bomb_allowances == {N: None, W: None, S: None, E: None}


def test_d3_after_a_later_three_the_seats_that_never_bid_bomb_freely():
    result = check_bidding(dealer="N", bids=bids(2, 3))
    assert not result.opening_three
    assert result.bomb_allowances == {N: 2, W: None, S: None, E: None}


def test_d3_a_farmer_who_passed_or_bid_one_may_bomb_once_two_twice():
    result = check_bidding(dealer="N", bids=bids(1, "pass", 2, "pass"))
    assert result.landlord is S
    assert result.bomb_allowances == {N: 1, W: 1, S: None, E: 1}
    outbid = check_bidding(dealer="N", bids=bids(2, "pass", "pass", 3))
    assert outbid.bomb_allowances == {N: 2, W: 1, S: 1, E: None}


def test_d3_a_first_bid_nobody_competed_with_leaves_each_farmer_one_bomb():
    for first in (1, 2):
        result = check_bidding(dealer="N", bids=bids(first, "pass", "pass", "pass"))
        assert (result.landlord, result.bomb_allowances) == (N, {N: None, W: 1, S: 1, E: 1})


def test_d3_forced_landlord_the_farmer_before_none_the_others_one():
    result = check_bidding(dealer="N", bids=FORCED_N)
    # turn order N, W, S, E: E plays before N (its 上家), W after it (下家), S opposite
    assert result.bomb_allowances == {N: None, W: 1, S: 1, E: 0}


def test_d3_forced_landlord_clockwise_the_farmer_before_is_w():
    profile = STANDARD.with_overrides({"turn_direction": "clockwise"})
    result = check_bidding(dealer="N", bids=[bid(s, "pass") for s in "NESW"], profile=profile)
    assert result.bomb_allowances == {N: None, E: 1, S: 1, W: 0}


def test_d3_bomb_limits_off_lets_everyone_bomb_freely():
    profile = STANDARD.with_overrides({"bomb_limits": False})
    result = check_bidding(dealer="N", bids=FORCED_N, profile=profile)
    assert set(result.bomb_allowances.values()) == {None}


@pytest.mark.parametrize(
    ("given", "field"),
    [
        ([bid("N", 4)], "bids[0].bid"),
        ([bid("N", True)], "bids[0].bid"),
        ([bid("N", 1), {"bid": 2}], "bids[1]"),
        ([bid("X", 1)], "bids[0].seat"),
        ("N1", "bids"),
    ],
)
def test_d2_a_malformed_bid_is_bad_input_at_its_field(given, field):
    with pytest.raises(BadInput) as caught:
        check_bidding(dealer="N", bids=given)
    assert caught.value.field == field


def test_d2_a_pass_is_written_three_ways():
    for written in ({"seat": "N", "bid": "pass"}, {"seat": "N", "bid": 0}, {"seat": "N", "pass": True}):
        assert check_bidding(dealer="N", bids=[written]).bids == (Bid(N),)


def test_d2_the_verdict_as_json():
    data = check_bidding(dealer="N", bids=FORCED_N).to_dict()
    assert data["landlord"] == "N" and data["bid"] == 1 and data["forced"]
    assert data["bomb_allowances"] == {"N": None, "W": 1, "S": 1, "E": 0}
    assert Bid(N, 2).to_dict() == {"seat": "N", "bid": 2} and Bid(N).to_dict() == {"seat": "N", "bid": "pass"}


def test_d2_each_seat_bids_once():
    result = check_bidding(dealer="N", bids=[*bids(1, "pass", "pass", "pass"), bid("N", 2)])
    assert (result.violation.index, result.violation.code) == (4, "bidding_over")
