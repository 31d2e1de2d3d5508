"""Singles, pairs, tractors and throws (docs/rules/shuangkou.md S2 adjacency, S4): shapes.py."""

from __future__ import annotations

import pytest

from engine.cards import Suit
from engine.shuangkou.cards import NO_TRUMP, trump_table
from engine.shuangkou.shapes import PlayKind, decompose, pack, pair_powers, window_top
from tests.engine.shuangkou.builders import L7S, cards


def shape(text, table=L7S):
    return decompose(cards(text), table)


def units(text, table=L7S):
    return [" ".join(c.code for c in unit.cards) for unit in shape(text, table).units]


def test_s4_a_single_card():
    assert shape("HK").kind is PlayKind.SINGLE


def test_s4_a_pair_is_two_identical_cards():
    assert shape("HK HK").kind is PlayKind.PAIR


def test_s4_two_cards_of_one_rank_and_two_suits_are_no_pair():
    assert shape("HK DK").kind is PlayKind.MIXED
    assert shape("H7 C7").kind is PlayKind.THROW  # two equal trumps, still two singles


def test_s4_two_small_or_two_big_jokers_are_pairs_a_small_with_a_big_is_not():
    assert shape("BJ BJ").kind is PlayKind.PAIR and shape("RJ RJ").kind is PlayKind.PAIR
    assert shape("BJ RJ").kind is PlayKind.THROW


def test_s4_a_tractor_is_adjacent_pairs_of_one_suit():
    s = shape("HQ HQ HK HK HA HA")
    assert (s.kind, s.tractors, s.pairs) == (PlayKind.TRACTOR, (3,), 3)


def test_s4_pairs_that_are_not_adjacent_are_no_tractor():
    assert shape("HQ HQ HA HA").kind is PlayKind.THROW


def test_s4_pairs_of_two_suits_are_no_tractor():
    assert shape("HQ HQ CK CK").kind is PlayKind.MIXED


def test_s2_the_level_rank_left_out_its_neighbours_are_adjacent_in_a_side_suit():
    assert shape("H6 H6 H8 H8").kind is PlayKind.TRACTOR  # level 7


def test_s4_level_cards_never_join_a_side_suits_tractor():
    assert shape("H6 H6 H7 H7").kind is PlayKind.MIXED  # H7 is a trump at level 7


def test_s2_trump_ace_and_a_side_suit_level_pair_are_adjacent():
    assert shape("SA SA H7 H7").tractors == (2,)


def test_s2_a_side_suit_level_pair_and_the_trump_suit_level_pair_are_adjacent():
    assert shape("D7 D7 S7 S7").tractors == (2,)


def test_s2_the_trump_suit_level_pair_and_small_jokers_and_big_jokers_are_adjacent():
    assert shape("S7 S7 BJ BJ RJ RJ").tractors == (3,)


def test_s2_two_side_suit_level_pairs_are_equal_not_adjacent():
    s = shape("H7 H7 C7 C7")
    assert (s.kind, s.tractors, s.pairs) == (PlayKind.THROW, (), 2)


def test_s2_the_whole_trump_ladder_from_ace_to_big_jokers_is_one_tractor():
    assert shape("SA SA H7 H7 S7 S7 BJ BJ RJ RJ").tractors == (5,)


def test_s2_without_a_trump_suit_a_level_pair_and_small_jokers_are_adjacent():
    assert shape("H2 H2 BJ BJ", trump_table(2, None)).tractors == (2,)


def test_s2_in_the_no_trump_deal_the_jokers_are_a_tractor_and_twos_and_aces_are_not():
    table = trump_table(NO_TRUMP, None)
    assert shape("BJ BJ RJ RJ", table).tractors == (2,)
    assert shape("HA HA H2 H2", table).kind is PlayKind.THROW


def test_s2_at_level_a_the_king_is_next_to_the_side_suit_level_cards_in_trumps():
    table = trump_table(14, Suit.HEARTS)
    assert shape("HK HK DA DA", table).tractors == (2,)


def test_s4_a_throw_is_cut_longest_tractor_first_then_pairs_then_singles():
    assert units("HA HA HK HK H5 H9 H9 HJ") == ["HA HA HK HK", "H9 H9", "HJ", "H5"]


def test_s4_cutting_a_trump_throw_uses_one_of_two_equal_level_pairs_in_the_tractor():
    s = shape("SA SA H7 H7 C7 C7 S7 S7")
    assert (s.tractors, s.pairs) == ((3,), 4)


def test_s4_the_longest_tractor_is_taken_first():
    s = shape("H2 H2 H3 H3 H4 H4 H5 H5")
    assert s.tractors == (4,) and len(s.units) == 1


def test_s4_a_mixed_play_has_no_group_and_no_units():
    s = shape("HA SA")
    assert (s.group, s.units, s.kind) == (None, (), PlayKind.MIXED)


def test_s4_the_shape_as_json():
    assert shape("HA HA HK HK H5").to_dict() == {
        "type": "throw",
        "size": 5,
        "pairs": 2,
        "tractors": [2],
        "units": [
            {"type": "tractor", "pairs": 2, "cards": ["HA", "HA", "HK", "HK"]},
            {"type": "single", "pairs": 0, "cards": ["H5"]},
        ],
    }


@pytest.mark.parametrize(
    ("lengths", "hand", "covered"),
    [
        ((2,), "H2 H2 H3 H3", 2),
        ((3,), "H2 H2 H3 H3", 0),  # a shorter tractor does not match a longer one
        ((2, 2), "H2 H2 H3 H3 H4 H4 H5 H5", 4),
        ((3, 2), "H2 H2 H3 H3 H4 H4", 3),  # the longer one placed
        ((2, 2), "H2 H2 H3 H3 H4 H4", 2),
        ((2,), "H2 H2 H4 H4", 0),
    ],
)
def test_s5_pack_counts_the_lead_tractor_pairs_a_hand_can_match(lengths, hand, covered):
    assert pack(lengths, pair_powers(cards(hand), L7S))[0] == covered


def test_s5_window_top_finds_the_highest_tractor_of_a_length():
    pairs = pair_powers(cards("H2 H2 H3 H3 HQ HQ HK HK HA HA"), L7S)
    assert window_top(pairs, 2) == L7S.power[cards("HA")[0]]
    assert window_top(pairs, 4) is None
