"""Following suit, pairs and tractors (docs/rules/shuangkou.md S5.5): tricks.check_follow through DealState.

The table is level 7 with spades trump; N leads, then W, S, E (counterclockwise)."""

from __future__ import annotations

import pytest

from engine.shuangkou.violations import ShuangkouViolation
from tests.engine.shuangkou.builders import E, N, S, W, play, state


def after_lead(lead: str, hand: str, *, lead_hand: str | None = None):
    """A state where N has led ``lead`` and W, holding ``hand``, follows."""
    deal = state({N: lead_hand or lead, W: hand, S: "", E: ""})
    deal.play(play(N, lead))
    return deal


def follow(lead: str, hand: str, cards: str) -> str | None:
    """The code W's follow breaks, or None."""
    deal = after_lead(lead, hand)
    try:
        deal.play(play(W, cards))
    except ShuangkouViolation as error:
        return error.code
    return None


def test_s5_a_follower_plays_the_led_suit_while_it_holds_it():
    assert follow("HA", "H3 C4", "C4") == "not_following_suit"
    assert follow("HA", "H3 C4", "H3") is None


def test_s5_the_card_at_fault_is_the_first_off_suit_card():
    deal = after_lead("HA HA", "H3 H4 C4 C5")
    with pytest.raises(ShuangkouViolation) as caught:
        deal.play(play(W, "H3 C4"))
    assert (caught.value.code, caught.value.card) == ("not_following_suit", 1)


def test_s5_a_follower_short_of_the_suit_plays_all_of_it_and_anything_else():
    assert follow("HA HA", "H3 C4 C5", "H3 C4") is None
    assert follow("HA HA", "H3 C4 C5", "C4 C5") == "not_following_suit"


def test_s5_a_follower_void_in_the_suit_plays_anything_trumps_or_not():
    assert follow("HA", "C4 S3", "C4") is None
    assert follow("HA", "C4 S3", "S3") is None


def test_s5_a_level_card_follows_trumps_not_its_printed_suit():
    assert follow("HA", "H7 H3", "H7") == "not_following_suit"
    assert follow("S3", "H7 H3", "H7") is None


def test_s5_a_joker_is_a_trump():
    assert follow("SK", "BJ C3", "C3") == "not_following_suit"


def test_s5_a_pair_is_followed_by_a_pair_of_the_suit_when_the_follower_holds_one():
    assert follow("HA HA", "H3 H3 H5 H6", "H5 H6") == "not_following_pairs"
    assert follow("HA HA", "H3 H3 H5 H6", "H3 H3") is None


def test_s5_without_a_pair_a_pair_is_followed_by_two_cards_of_the_suit():
    assert follow("HA HA", "H3 H5 H6", "H3 H6") is None


def test_s5_a_tractor_is_followed_by_a_tractor_of_its_length_when_the_follower_holds_one():
    lead = "HK HK HA HA"
    assert follow(lead, "H3 H3 H4 H4 H9 H9", "H3 H3 H9 H9") == "not_following_tractor"
    assert follow(lead, "H3 H3 H4 H4 H9 H9", "H3 H3 H4 H4") is None


def test_s5_without_a_tractor_a_tractor_is_followed_by_as_many_pairs_as_held():
    lead = "HK HK HA HA"
    assert follow(lead, "H3 H3 H5 H5 H9", "H3 H3 H5 H9") == "not_following_pairs"
    assert follow(lead, "H3 H3 H5 H5 H9", "H3 H3 H5 H5") is None
    assert follow(lead, "H3 H3 H5 H9 HJ", "H3 H3 H5 H9") is None


def test_s5_a_shorter_tractor_need_not_follow_a_longer_one_but_its_pairs_must():
    lead = "HQ HQ HK HK HA HA"
    assert follow(lead, "H3 H3 H4 H4 H9 H8 H2", "H3 H3 H4 H4 H9 H8") is None
    assert follow(lead, "H3 H3 H4 H4 H9 H8 H2", "H3 H3 H2 H4 H9 H8") == "not_following_pairs"


def test_s5_a_throw_is_followed_unit_by_unit_as_far_as_the_hand_allows():
    lead = "HK HK HA HA HQ"  # a tractor and a single
    hand = "H3 H3 H4 H4 H6 H6 H9"
    assert follow(lead, hand, "H3 H3 H4 H4 H9") is None
    assert follow(lead, hand, "H3 H3 H6 H6 H9") == "not_following_tractor"


def test_s5_a_throw_of_two_pairs_needs_two_pairs_when_held():
    lead = "HA HA HQ HQ"
    assert follow(lead, "H3 H3 H5 H5 H9", "H3 H3 H5 H9") == "not_following_pairs"


def test_s5_a_follower_plays_as_many_cards_as_the_lead():
    assert follow("HA HA", "H3 H4 H5", "H3") == "wrong_number_of_cards"


def test_s5_trumps_led_are_followed_with_trumps():
    assert follow("S3 S3", "SQ SQ H7 C2", "SQ H7") == "not_following_pairs"
    assert follow("S3 S3", "SQ SQ H7 C2", "SQ SQ") is None


def test_s5_a_follower_plays_cards_it_holds():
    deal = after_lead("HA", "H3")
    with pytest.raises(ShuangkouViolation) as caught:
        deal.play(play(W, "H4"))
    assert (caught.value.code, caught.value.card) == ("card_not_in_hand", 0)


def test_s5_play_goes_round_in_turn_order():
    deal = after_lead("HA", "H3")
    with pytest.raises(ShuangkouViolation) as caught:
        deal.play(play(S, "H4"))
    assert caught.value.code == "not_your_turn"
    assert deal.to_act is W


def test_s1_clockwise_play_follows_the_setting():
    from engine.shuangkou.profiles import STANDARD

    deal = state(
        {N: "HA", E: "H3", S: "H4", W: "H5"}, profile=STANDARD.with_overrides({"turn_direction": "clockwise"})
    )
    deal.play(play(N, "HA"))
    assert deal.to_act is E
