"""Which play wins a trick, and who leads next (docs/rules/shuangkou.md S5.1, S5.6): tricks.contest.

Level 7, spades trump; N leads, then W, S, E."""

from __future__ import annotations

from engine.shuangkou.cards import NO_TRUMP, trump_table
from tests.engine.shuangkou.builders import E, N, S, W, play, state


def trick(n: str, w: str, s: str, e: str, **kwargs):
    """Play one trick; the result (winner, winning play index, points)."""
    deal = state({N: n, W: w, S: s, E: e}, **kwargs)
    for seat, cards in ((N, n), (W, w), (S, s), (E, e)):
        deal.play(play(seat, cards))
    result = deal.results[-1]
    return result.winner, result.winning_play, result.points


def test_s5_the_highest_card_of_the_led_suit_wins():
    assert trick("H9", "HK", "H3", "HQ")[:2] == (W, 1)


def test_s5_of_equal_cards_the_first_played_wins():
    assert trick("H9", "HK", "HK", "H3")[0] is W


def test_s5_a_card_of_another_side_suit_never_wins():
    assert trick("H9", "CA", "H3", "DA")[0] is N


def test_s5_a_ruff_beats_any_card_of_the_led_suit():
    assert trick("HA", "S2", "H3", "HK")[0] is W


def test_s5_a_higher_ruff_beats_a_lower_one():
    assert trick("HA", "S2", "SK", "H3")[0] is S


def test_s5_side_suit_level_cards_are_equal_the_first_ruff_with_one_stays_winning():
    assert trick("HA", "C7", "D7", "H3")[0] is W
    assert trick("HA", "C7", "S7", "H3")[0] is S


def test_s5_a_ruff_of_a_pair_needs_a_trump_pair():
    assert trick("HA HA", "S2 S3", "H3 H4", "H5 H6")[0] is N
    assert trick("HA HA", "S2 S2", "H3 H4", "H5 H6")[0] is W


def test_s5_a_ruff_of_a_tractor_needs_a_trump_tractor_of_its_length():
    lead = "HK HK HA HA"
    assert trick(lead, "S2 S2 S5 S5", "H3 H3 H4 H4", "H5 H5 H6 H6")[0] is N
    assert trick(lead, "S2 S2 S3 S3", "H3 H3 H4 H4", "H5 H5 H6 H6")[0] is W


def test_s5_a_follower_of_the_suit_wins_only_with_the_leads_shape():
    assert trick("H3 H3", "HA HK", "H4 H5", "H6 H8")[0] is N
    assert trick("H3 H3", "HA HA", "H4 H5", "H6 H8")[0] is W


def test_s5_a_mixed_play_never_wins():
    assert trick("H3 H3", "SA BJ", "H4 H5", "H6 H8")[0] is N


def test_s5_a_throw_is_beaten_only_by_a_ruff_of_its_shape():
    lead = "HA HA HK"
    assert trick(lead, "S2 S2 S3", "C3 C4 C5", "D3 D4 D5")[0] is W
    assert trick(lead, "S2 S4 S3", "C3 C4 C5", "D3 D4 D5")[0] is N


def test_s5_ruffs_of_a_throw_compare_by_their_first_unit():
    lead = "HA HA HK"
    assert trick(lead, "S2 S2 SA", "S3 S3 S4", "D3 D4 D5")[0] is S


def test_s5_the_trick_winner_leads_the_next_trick():
    deal = state({N: "H9 C2", W: "HK C3", S: "H3 C4", E: "HQ C5"})
    for seat, cards in ((N, "H9"), (W, "HK"), (S, "H3"), (E, "HQ")):
        deal.play(play(seat, cards))
    assert deal.to_act is W and deal.leader is W


def test_s5_the_dealer_leads_the_first_trick():
    assert state({N: "H3", E: "H4", S: "H5", W: "H6"}, dealer=E).to_act is E


def test_s6_the_trick_points_go_to_its_winner_side():
    deal = state({N: "H5", W: "HK", S: "HT", E: "H3"})
    for seat, cards in ((N, "H5"), (W, "HK"), (S, "HT"), (E, "H3")):
        deal.play(play(seat, cards))
    assert deal.results[-1].points == 25 and deal.taken[W.side] == 25 and deal.taken[N.side] == 0


def test_s9_in_the_no_trump_deal_the_level_rank_is_an_ordinary_card():
    table = trump_table(NO_TRUMP, None)
    assert trick("H7", "HA", "S7", "H8", table=table)[0] is W
    assert trick("H7", "BJ", "S7", "H8", table=table)[0] is W
