"""The bottom (扣底) and its multiplier, and the attackers' points (docs/rules/shuangkou.md S6, S7):
levels.py."""

from __future__ import annotations

import pytest

from engine.errors import BadInput
from engine.seats import Seat
from engine.shuangkou.levels import Taker, bottom_multiplier, score_deal, total_points
from engine.shuangkou.profiles import STANDARD

# S7, the table written out: (longest tractor, pairs) of the play winning the last trick -> multiplier
MULTIPLIERS = [
    ((0, 0), 2),  # singles only
    ((0, 1), 4),  # one pair
    ((0, 2), 6),  # two pairs
    ((0, 3), 8),  # three pairs
    ((0, 4), 10),  # four pairs without a tractor (decision: the last step again)
    ((0, 5), 12),
    ((2, 2), 8),  # a tractor of 2: 2 x 2^2
    ((3, 3), 18),  # a tractor of 3: 2 x 3^2
    ((4, 4), 32),
    ((5, 5), 50),
    ((6, 6), 72),
    ((2, 3), 8),  # a tractor counts before the pairs beside it
    ((2, 4), 8),  # two tractors of 2: the longest, 2 x 2^2
]


@pytest.mark.parametrize(("shape", "multiplier"), MULTIPLIERS, ids=[f"{t}x{p}" for (t, p), _ in MULTIPLIERS])
def test_s7_the_multiplier_table(shape, multiplier):
    assert bottom_multiplier(*shape) == multiplier


def test_s_tractor_of_three_pairs_multiplies_the_bottom_by_18():
    result = score_deal(
        dealer="N", level="5", trick_points=40, bottom_points=25, last_trick="attackers", last_tractor=3
    )
    assert (result.multiplier, result.bottom_bonus, result.attackers_points) == (18, 450, 490)


def test_s7_a_single_winning_the_last_trick_doubles_the_bottom():
    result = score_deal(dealer="N", level="5", trick_points=40, bottom_points=25, last_trick="attackers")
    assert (result.multiplier, result.bottom_bonus, result.attackers_points) == (2, 50, 90)


def test_s7_the_bottom_counts_for_nobody_when_the_dealer_side_takes_the_last_trick():
    result = score_deal(
        dealer="N", level="5", trick_points=40, bottom_points=25, last_trick="dealer", last_pairs=3
    )
    assert (result.multiplier, result.bottom_bonus, result.attackers_points) == (None, 0, 40)
    assert result.last_trick is Taker.DEALER


def test_s7_the_multipliers_are_settings():
    profile = STANDARD.with_overrides(
        {"single_multiplier": 1, "pair_multipliers": [3, 5], "tractor_multiplier": 3}
    )
    assert [bottom_multiplier(0, n, profile) for n in range(5)] == [1, 3, 5, 7, 9]
    assert bottom_multiplier(2, 2, profile) == 12


def test_s7_a_one_entry_pair_table_steps_from_the_single_multiplier():
    profile = STANDARD.with_overrides({"pair_multipliers": [4]})
    assert [bottom_multiplier(0, n, profile) for n in range(4)] == [2, 4, 6, 8]


def test_s6_the_card_points_are_settings_and_make_the_total():
    assert total_points() == 200
    assert total_points(STANDARD.with_overrides({"king_points": 0})) == 120


def test_s5_a_throw_penalty_never_takes_the_attackers_below_zero():
    result = score_deal(dealer="N", level="2", trick_points=5, penalty=-20)
    assert result.attackers_points == 0


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"trick_points": -5}, "trick_points"),
        ({"trick_points": 205}, "trick_points"),
        ({"trick_points": 150, "bottom_points": 60}, "trick_points"),
        ({"trick_points": True}, "trick_points"),
        ({"last_trick": "nobody"}, "last_trick"),
        ({"level": "Z"}, "level"),
        ({"attackers_level": "1"}, "attackers_level"),
        ({"dealer": "X"}, "dealer"),
        ({"penalty": 1.5}, "penalty"),
        ({"last_j_highest": "yes"}, "last_j_highest"),
    ],
)
def test_s7_a_malformed_score_is_bad_input_at_its_field(kwargs, field):
    with pytest.raises(BadInput) as caught:
        score_deal(**({"dealer": "N", "level": "2", "trick_points": 40} | kwargs))
    assert caught.value.field == field


def test_s7_the_score_as_json():
    result = score_deal(
        dealer=Seat.E, level="3", trick_points=70, bottom_points=10, last_trick="attackers", last_pairs=1
    )
    assert result.to_dict() == {
        "trick_points": 70,
        "bottom_points": 10,
        "last_trick": "attackers",
        "multiplier": 4,
        "bottom_bonus": 40,
        "penalty": 0,
        "attackers_points": 110,
        "level_change": {
            "dealer": "E",
            "attackers_points": 110,
            "kept": False,
            "side": "NS",
            "earned": 3,
            "level_from": "2",
            "level_to": "5",
            "rise": 3,
            "j_reset": False,
            "dealer_side_level": "3",
            "next_dealer": "N",  # after E in N -> W -> S -> E
            "won_no_trump": False,
        },
    }
