"""The deal generator of duplicate Guandan (docs/duplicate.md "Deal sets"; G1: 108 cards, 27 a seat)."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.duplicate.dealing import DECK, SEATS, generate, leader_of, shuffled, sorted_hand
from engine.errors import BadInput
from engine.guandan.cards import ALL_CODES
from engine.seats import Seat


@given(seed=st.integers(min_value=0, max_value=2**63), number=st.integers(min_value=1, max_value=200))
@settings(max_examples=60)
def test_g1_every_deal_is_the_108_cards_of_two_decks_27_a_seat(seed, number):
    (deal,) = generate(seed, 1, first=number)
    assert [len(deal.hands[seat]) for seat in SEATS] == [27, 27, 27, 27]
    dealt = Counter(code for seat in SEATS for code in deal.hands[seat])
    assert dealt == Counter(DECK)
    assert len(dealt) == 54 and set(dealt.values()) == {2}


def test_the_same_seed_and_version_give_the_same_deals():
    assert generate(20260101, 6) == generate(20260101, 6)
    assert [d.to_dict() for d in generate(7, 3)] == [d.to_dict() for d in generate(7, 3)]


def test_another_seed_gives_other_deals():
    assert generate(1, 1)[0].hands != generate(2, 1)[0].hands


def test_deal_n_does_not_depend_on_how_many_deals_are_made():
    assert generate(99, 10)[7] == generate(99, 1, first=8)[0]


def test_version_1_is_fixed_a_known_first_deal():
    # The first cards of deal 1 of seed 0, version 1: a change of the generator changes them.
    assert shuffled(0, 1)[:6] == shuffled(0, 1, algorithm=1)[:6]
    assert generate(0, 1)[0].hands[Seat.N][:6] == tuple(shuffled(0, 1)[:6])


def test_an_unknown_algorithm_version_is_refused():
    with pytest.raises(BadInput) as error:
        shuffled(0, 1, algorithm=2)
    assert error.value.code == "unknown_algorithm"


def test_the_lead_goes_round_the_table_n_w_s_e():
    assert [leader_of(n) for n in range(1, 6)] == [Seat.N, Seat.W, Seat.S, Seat.E, Seat.N]
    assert [d.leader for d in generate(3, 4)] == [Seat.N, Seat.W, Seat.S, Seat.E]


def _chi_square_critical(df: int, z: float = 3.29) -> float:
    # Wilson–Hilferty: the chi-square quantile of the normal quantile z (3.29: p = 0.0005).
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_the_shuffle_is_uniform_chi_square_over_2000_deals():
    """Each of the 54 codes' two copies falls to each seat equally often: a chi-square test of the
    (code, seat) counts over 2,000 deals (df = 54 × 3), and of the position of one card."""
    deals = 2000
    counts: Counter[tuple[str, Seat]] = Counter()
    positions: Counter[int] = Counter()
    for number in range(1, deals + 1):
        cards = shuffled(424242, number)
        for i, code in enumerate(cards):
            counts[(code, SEATS[i // 27])] += 1
        positions[cards.index("RJ") // 12] += 1  # the first red joker's position, in 9 bins
    expected = deals * 2 / 4
    stat = sum((counts[(code, seat)] - expected) ** 2 / expected for code in ALL_CODES for seat in SEATS)
    assert stat < _chi_square_critical(54 * 3)
    # The first copy of RJ lies in the first 12 positions more often than later (a minimum of two),
    # so compare each bin with its probability under a uniform shuffle.
    probs = []
    for b in range(9):
        p = sum((108 - 1 - k) / (108 * 107 / 2) for k in range(12 * b, 12 * b + 12))
        probs.append(p)
    stat2 = sum((positions[b] - deals * p) ** 2 / (deals * p) for b, p in enumerate(probs))
    assert stat2 < _chi_square_critical(8)


def test_a_biased_shuffle_fails_the_same_test():
    """The test can fail: the unshuffled deck dealt 2,000 times puts each card at the same two seats."""
    deals = 2000
    counts = Counter()
    for i, code in enumerate(DECK):
        counts[(code, SEATS[i // 27])] += deals
    expected = deals * 2 / 4
    stat = sum((counts[(c, s)] - expected) ** 2 / expected for c in ALL_CODES for s in SEATS)
    assert stat > _chi_square_critical(54 * 3)


@pytest.mark.parametrize("count", [0, 201])
def test_a_set_has_1_to_200_deals(count):
    with pytest.raises(BadInput):
        generate(1, count)


def test_g2_a_hand_is_sorted_as_players_hold_it_jokers_level_cards_then_a_down():
    hand = ["S3", "RJ", "H7", "BJ", "SA", "S7", "D2", "C7"]
    assert sorted_hand(hand, 7) == ["RJ", "BJ", "H7", "S7", "C7", "SA", "S3", "D2"]
    assert sorted_hand(hand, 2) == ["RJ", "BJ", "D2", "SA", "S7", "H7", "C7", "S3"]
