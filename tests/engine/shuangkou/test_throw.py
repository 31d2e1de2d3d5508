"""The throw (甩牌): highest in its suit or refused, and the remedy (docs/rules/shuangkou.md S5.3, S5.4).

Level 7, spades trump; N leads, then W, S, E; N-S deal, E-W attack."""

from __future__ import annotations

import pytest

from engine.shuangkou.profiles import STANDARD
from engine.shuangkou.violations import ShuangkouViolation
from tests.engine.shuangkou.builders import E, N, S, W, play, state

LOWEST = STANDARD.with_overrides({"throw_remedy": "lowest_refused"})


def lead(hands: dict, cards: str, refused: str | None = None, profile=STANDARD):
    """N leads; the code broken, or None."""
    deal = state(hands, profile=profile)
    try:
        deal.play(play(N, cards, refused))
    except ShuangkouViolation as error:
        return error.code
    return deal


def test_s5_a_throw_highest_in_its_suit_stands():
    assert not isinstance(lead({N: "HA HA HK", W: "HQ HQ"}, "HA HA HK"), str)


def test_s5_a_throw_with_a_single_another_hand_beats_is_refused():
    assert lead({N: "HA HA HQ", W: "HK"}, "HA HA HQ") == "throw_not_highest"


def test_s5_an_equal_card_elsewhere_does_not_refuse_a_throw():
    assert not isinstance(lead({N: "HA HK HK", W: "HA"}, "HA HK HK"), str)


def test_s5_a_pair_in_a_throw_is_refused_by_a_higher_pair_not_by_a_higher_single():
    assert not isinstance(lead({N: "HA HQ HQ", W: "HK H3"}, "HA HQ HQ"), str)
    assert lead({N: "HA HQ HQ", W: "HK HK"}, "HA HQ HQ") == "throw_not_highest"


def test_s5_a_tractor_in_a_throw_is_refused_by_a_higher_tractor_of_its_length():
    throw = "HA HJ HJ HT HT"
    assert not isinstance(lead({N: throw, W: "HK HK HQ"}, throw), str)
    assert lead({N: throw, W: "HK HK HQ HQ"}, throw) == "throw_not_highest"


def test_s5_trumps_elsewhere_never_refuse_a_side_suit_throw():
    assert not isinstance(lead({N: "HA HA HK", W: "BJ BJ RJ"}, "HA HA HK"), str)


def test_s5_a_trump_throw_is_checked_against_the_other_trumps():
    assert lead({N: "BJ BJ SA", W: "RJ"}, "BJ BJ SA") == "throw_not_highest"


def test_s5_a_throw_is_checked_against_the_partner_too_by_default():
    assert lead({N: "HA HQ", S: "HK"}, "HA HQ") == "throw_not_highest"


def test_s5_throw_check_opponents_leaves_the_partner_out():
    profile = STANDARD.with_overrides({"throw_check": "opponents"})
    assert not isinstance(lead({N: "HA HQ", S: "HK"}, "HA HQ", profile=profile), str)
    assert lead({N: "HA HQ", E: "HK"}, "HA HQ", profile=profile) == "throw_not_highest"


def test_s5_a_lead_is_of_one_suit_or_all_trumps():
    deal = state({N: "HA CA"})
    with pytest.raises(ShuangkouViolation) as caught:
        deal.play(play(N, "HA CA"))
    assert (caught.value.code, caught.value.card) == ("mixed_lead", 1)


def test_s5_a_refused_throw_names_the_smallest_refused_unit_as_the_remedy():
    deal = state({N: "HQ HQ HJ", W: "HK HK HA"})
    with pytest.raises(ShuangkouViolation) as caught:
        deal.play(play(N, "HQ HQ HJ"))
    assert "leads HJ instead" in caught.value.detail


def test_s5_a_recorded_refused_throw_leads_the_smallest_refused_unit():
    result = lead({N: "HQ HQ HJ", W: "HK HK HA"}, "HJ", refused="HQ HQ HJ")
    assert result.lead.kind == "single" and result.hand(N) == tuple(result.hand(N))
    assert sorted(c.code for c in result.hand(N)) == ["HQ", "HQ"]


def test_s5_throw_remedy_lowest_refused_leads_the_lowest_refused_unit():
    hands = {N: "HQ HQ H9 H9 HK", W: "HA HA HT HT"}
    assert lead(hands, "H9 H9", refused="HQ HQ H9 H9 HK") == "wrong_throw_remedy"  # the default: smallest
    assert not isinstance(lead(hands, "H9 H9", refused="HQ HQ H9 H9 HK", profile=LOWEST), str)


def test_s5_the_smallest_refused_unit_is_the_fewest_cards_then_the_lowest():
    hands = {N: "HQ HQ H9 H9 HK", W: "HA HA HT HT"}
    assert not isinstance(lead(hands, "HK", refused="HQ HQ H9 H9 HK"), str)


def test_s5_a_throw_recorded_as_refused_must_have_been_refused():
    assert lead({N: "HA HA HK"}, "HK", refused="HA HA HK") == "throw_wrongly_refused"


def test_s5_only_a_throw_can_be_refused():
    assert lead({N: "HA HA", W: "HK"}, "HA", refused="HA HA") == "not_a_throw"


def test_s5_only_a_leader_throws():
    deal = state({N: "H3", W: "HA HK"})
    deal.play(play(N, "H3"))
    with pytest.raises(ShuangkouViolation) as caught:
        deal.play(play(W, "HK", refused="HA HK"))
    assert caught.value.code == "not_a_throw"


def test_s5_failed_throw_penalty_gives_points_to_the_attackers_for_a_dealer_side_throw():
    profile = STANDARD.with_overrides({"failed_throw_penalty": 10})
    deal = lead({N: "HQ HQ HJ", W: "HK HK HA"}, "HJ", refused="HQ HQ HJ", profile=profile)
    assert deal.penalty == 10


def test_s5_failed_throw_penalty_takes_points_from_an_attacking_thrower():
    profile = STANDARD.with_overrides({"failed_throw_penalty": 10})
    deal = state({N: "H3 C2 C3 C4", W: "HA HQ HQ HJ", S: "H4 C5 C6 C7", E: "H5 HK HK C8"}, profile=profile)
    for seat, cards in ((N, "H3"), (W, "HA"), (S, "H4"), (E, "H5")):
        deal.play(play(seat, cards))
    deal.play(play(W, "HJ", "HQ HQ HJ"))  # W attacks: E's HK HK refuses the throw
    assert deal.penalty == -10


def test_s5_failed_throw_penalty_is_none_by_default():
    assert lead({N: "HQ HQ HJ", W: "HK HK HA"}, "HJ", refused="HQ HQ HJ").penalty == 0
