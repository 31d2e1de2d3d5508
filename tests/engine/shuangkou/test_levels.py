"""The level change and who deals next (docs/rules/shuangkou.md S8, S9): levels.settle and levels.rise."""

from __future__ import annotations

import pytest

from engine.seats import Seat, Side
from engine.shuangkou.cards import NO_TRUMP
from engine.shuangkou.levels import rise, settle
from engine.shuangkou.profiles import STANDARD

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W

# S8, the 80-point table written out: attackers' points -> (the dealer side kept the deal, levels earned)
LEVEL_TABLE = {
    0: (True, 8),
    5: (True, 7),
    10: (True, 7),
    15: (True, 6),
    20: (True, 6),
    25: (True, 5),
    30: (True, 5),
    35: (True, 4),
    40: (True, 4),
    45: (True, 3),
    50: (True, 3),
    55: (True, 2),
    60: (True, 2),
    65: (True, 1),
    70: (True, 1),
    75: (True, 0),
    80: (False, 0),
    85: (False, 0),
    90: (False, 1),
    95: (False, 1),
    100: (False, 2),
    105: (False, 2),
    110: (False, 3),
    115: (False, 3),
    120: (False, 4),
    125: (False, 4),
    130: (False, 5),
    135: (False, 5),
    140: (False, 6),
    145: (False, 6),
    150: (False, 7),
    155: (False, 7),
    160: (False, 8),
    200: (False, 12),
}


def change(points, *, dealer=N, dealer_level=2, attackers_level=2, profile=STANDARD, j_last_trick=False):
    return settle(
        dealer=dealer,
        dealer_level=dealer_level,
        attackers_level=attackers_level,
        points=points,
        j_last_trick=j_last_trick,
        profile=profile,
    )


@pytest.mark.parametrize(("points", "expected"), LEVEL_TABLE.items())
def test_s8_the_80_point_level_table(points, expected):
    result = change(points)
    assert (result.kept, result.earned) == expected
    assert result.side is (Side.NS if expected[0] else Side.EW)


def test_s8_five_points_send_the_dealer_side_up_seven_levels():
    result = change(5)
    assert (result.kept, result.level_from, result.level_to, result.rise) == (True, 2, 9, 7)


def test_s8_125_points_give_the_attackers_the_deal_and_four_levels():
    result = change(125, attackers_level=3)
    assert (result.kept, result.side, result.level_to, result.dealer_side_level) == (False, Side.EW, 7, 2)


def test_s8_the_threshold_and_the_points_per_level_are_settings():
    profile = STANDARD.with_overrides({"threshold": 100, "points_per_level": 20})
    assert (change(90, profile=profile).kept, change(45, profile=profile).earned) == (True, 2)
    assert change(140, profile=profile).earned == 2


@pytest.mark.parametrize(
    ("start", "earned", "end"), [(8, 5, 10), (9, 3, 10), (10, 2, 11), (11, 3, 13), (12, 4, 13)]
)
def test_s8_levels_10_j_and_k_cannot_be_skipped(start, earned, end):
    assert rise(start, earned, played=True, mandatory=(10, 11, 13)) == end


def test_s8_a_dealer_side_that_played_a_mandatory_level_rises_past_it():
    assert change(55, dealer_level=10).level_to == 11
    assert change(35, dealer_level=13).level_to == NO_TRUMP  # K + 4: A is not on the list


def test_s8_attackers_standing_on_a_mandatory_level_stay_on_it_to_play_it():
    result = change(130, attackers_level=11)
    assert (result.kept, result.level_to) == (False, 11)


def test_s8_mandatory_levels_are_a_setting():
    profile = STANDARD.with_overrides({"mandatory_levels": [14]})
    assert change(10, dealer_level=9, profile=profile).level_to == 14
    assert change(0, dealer_level=9, profile=profile).level_to == 14


def test_s9_no_rise_goes_past_the_no_trump_deal():
    assert change(0, dealer_level=14).level_to == NO_TRUMP
    assert change(0, dealer_level=NO_TRUMP).level_to == NO_TRUMP


def test_s8_the_j_rule_sends_the_dealer_side_back_to_2():
    result = change(85, dealer_level=11, attackers_level=6, j_last_trick=True)
    assert (result.j_reset, result.dealer_side_level, result.level_to) == (True, 2, 6)


def test_s8_the_j_rule_needs_more_than_80_points():
    assert not change(80, dealer_level=11, j_last_trick=True).j_reset


def test_s8_the_j_rule_applies_only_while_the_dealer_side_plays_j():
    assert not change(100, dealer_level=12, j_last_trick=True).j_reset


def test_s8_the_j_rule_needs_the_j_as_highest_card_of_the_last_trick():
    assert not change(100, dealer_level=11).j_reset


def test_s8_the_j_rule_is_a_setting_with_its_level_and_reset():
    assert not change(
        100, dealer_level=11, j_last_trick=True, profile=STANDARD.with_overrides({"j_rule": False})
    ).j_reset
    profile = STANDARD.with_overrides({"j_rule_level": 12, "j_rule_reset": 5})
    result = change(100, dealer_level=12, j_last_trick=True, profile=profile)
    assert (result.j_reset, result.dealer_side_level) == (True, 5)


def test_s9_the_dealer_side_keeping_the_deal_hands_it_to_the_dealers_partner():
    assert change(40, dealer=E).next_dealer is W


def test_s9_keep_dealer_same_keeps_the_dealer():
    assert change(40, dealer=E, profile=STANDARD.with_overrides({"keep_dealer": "same"})).next_dealer is E


def test_s9_attackers_taking_the_deal_hand_it_to_the_seat_after_the_dealer():
    assert change(100, dealer=N).next_dealer is W  # counterclockwise: N -> W
    clockwise = STANDARD.with_overrides({"turn_direction": "clockwise"})
    assert change(100, dealer=N, profile=clockwise).next_dealer is E


def test_s9_pass_dealer_previous_seat_hands_it_to_the_seat_before_the_dealer():
    assert (
        change(100, dealer=N, profile=STANDARD.with_overrides({"pass_dealer": "previous_seat"})).next_dealer
        is E
    )


def test_s10_the_dealer_side_holding_its_no_trump_deal_wins_it():
    assert change(75, dealer_level=NO_TRUMP).won_no_trump
    assert not change(80, dealer_level=NO_TRUMP).won_no_trump
    assert not change(0, dealer_level=14).won_no_trump
