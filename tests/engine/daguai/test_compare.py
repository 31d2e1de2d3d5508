"""Which Daguai Luzi play beats which (docs/rules/daguai.md K3): engine/daguai/readings.py."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from engine.cards import ALL_CARDS, Suit, parse_cards
from engine.daguai.readings import beats, readings, strongest, tier


def best(codes: str):
    return strongest(readings(parse_cards(codes.split())))


LADDER = [
    "SA HK CQ DJ ST",
    "S2 S3 S4 S6 S7",
    "S2 H2 C2 S3 H3",
    "S2 H2 C2 D2 S3",
    "S2 S3 S4 S5 S6",
    "S2 H2 C2 D2 S2",
]


def test_k3_five_card_ladder_straight_flush_full_house_four_single_straight_flush_five():
    ladder = [best(codes) for codes in LADDER]
    assert [tier(r) for r in ladder] == [1, 2, 3, 4, 5, 6]
    for low, high in pairwise(ladder):
        assert beats(high, low) and not beats(low, high)


def test_k3_a_play_beats_only_a_play_of_as_many_cards():
    assert not beats(best("S2 H2 C2 D2 S2"), best("S3"))
    assert not beats(best("S9 H9"), best("S3"))
    assert not beats(best("S9 H9 C9"), best("S3 H3"))


def test_k3_two_is_the_trump_above_the_ace_then_the_jokers():
    order = [best(codes) for codes in ("SK", "SA", "S2", "BJ", "RJ")]
    for low, high in pairwise(order):
        assert beats(high, low)
    assert beats(best("S2 H2"), best("SA HA")) and beats(best("BJ RJ"), best("S2 H2"))
    assert beats(best("RJ RJ"), best("BJ RJ")) and not beats(
        best("BJ BJ"), best("BJ RJ")
    )  # 大小怪 = 小怪 pair
    assert beats(best("S2 H2 C2 S3 H3"), best("SA HA CA SK HK"))  # the triple of a full house
    assert beats(best("S2 H2 C2 D2 S2"), best("SA HA CA DA SA"))


def test_k3_two_is_low_in_straights_and_flushes():
    assert beats(best("S3 H4 C5 D6 S7"), best("S2 H3 C4 D5 S6"))
    assert beats(best("S3 S5 S7 S9 SJ"), best("S2 S5 S7 S9 SJ"))


def test_k3_flushes_compare_card_by_card_from_the_highest():
    assert beats(best("SK S9 S7 S5 S3"), best("SQ SJ S9 S7 S5"))
    assert beats(best("SK SJ S7 S5 S3"), best("SK ST S9 S7 S5"))
    assert not beats(best("HK H9 H7 H5 H3"), best("SK S9 S7 S5 S3"))  # equal


def test_k3_a_joker_makes_a_straight_as_high_as_it_can():
    assert best("S3 H4 C5 D6 BJ").rank == 7 and beats(best("S3 H4 C5 D6 BJ"), best("S2 H3 C4 D5 S6"))


def test_k3_equal_never_beats():
    assert not beats(best("S7"), best("H7"))
    assert not beats(best("S7 BJ"), best("H7 C7"))
    assert not beats(best("S3 H4 C5 D6 S7"), best("H3 C4 D5 S6 H7"))


NATURALS = [card for card in ALL_CARDS if not card.is_joker]
JOKERS = [card for card in ALL_CARDS if card.is_joker]
# Two suits and the jokers: flushes and straight flushes turn up often among random five cards.
POOL = [card for card in NATURALS if card.suit in (Suit.SPADES, Suit.HEARTS)] + JOKERS


@st.composite
def plays_of_a_size(draw):
    """Three random combinations of one size (1, 2, 3 or 5 cards), jokers included; a draw that is
    no combination becomes a group of a drawn rank with a joker."""
    size = draw(st.sampled_from([1, 2, 3, 5]))
    found = []
    for _ in range(3):
        cards = draw(st.lists(st.sampled_from(POOL), min_size=size, max_size=size))
        if not readings(cards):
            rank = draw(st.integers(2, 14))
            cards = [*[card for card in NATURALS if card.rank == rank][: size - 1], JOKERS[0]]
        found.append(strongest(readings(cards)))
    return found


@given(plays_of_a_size())
def test_k3_beats_is_irreflexive_antisymmetric_and_transitive(plays):
    for a in plays:
        assert not beats(a, a)
        for b in plays:
            assert not (beats(a, b) and beats(b, a))
            for c in plays:
                if beats(a, b) and beats(b, c):
                    assert beats(a, c)


@given(st.lists(st.sampled_from(NATURALS + JOKERS), min_size=5, max_size=5), st.sampled_from(LADDER))
def test_k3_the_strongest_reading_beats_whenever_any_reading_does(cards, table):
    options = readings(cards)
    if options and any(beats(r, best(table)) for r in options):
        assert beats(strongest(options), best(table))
