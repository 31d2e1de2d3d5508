"""Combinations of Daguai Luzi and their readings (docs/rules/daguai.md K2, K3): daguai/readings.py."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import ALL_CARDS, Suit, parse_cards
from engine.daguai.readings import ComboType, reading_to_dict, readings, strongest, strongest_reading

T = ComboType


def best(codes: str, **kwargs):
    return strongest(readings(parse_cards(codes.split()), **kwargs))


def kinds(codes: str, **kwargs) -> set[tuple[ComboType, int]]:
    return {(r.type, r.rank) for r in readings(parse_cards(codes.split()), **kwargs)}


@pytest.mark.parametrize(
    ("codes", "combo", "rank"),
    [
        ("S3", T.SINGLE, 3),
        ("S9 H9", T.PAIR, 9),
        ("S9 H9 C9", T.TRIPLE, 9),
        ("S3 H4 C5 D6 S7", T.STRAIGHT, 7),
        ("S3 S8 S9 SJ SK", T.FLUSH, 13),
        ("S9 H9 C9 S4 H4", T.FULL_HOUSE, 9),
        ("S9 H9 C9 D9 S4", T.FOUR_SINGLE, 9),
        ("S3 S4 S5 S6 S7", T.STRAIGHT_FLUSH, 7),
        ("S9 H9 C9 D9 S9", T.FIVE_OF_A_KIND, 9),
    ],
)
def test_k2_each_combination_reads_as_its_type(codes, combo, rank):
    reading = best(codes)
    assert (reading.type, reading.rank, reading.size) == (combo, rank, len(codes.split()))


@pytest.mark.parametrize("codes", ["S3 S4", "S3 H3 S4", "S3 H4 C5 D6 S8", "S3 H3 C3 S4 H5", "S3 H3 S4 H4 S5"])
def test_k2_what_is_no_combination(codes):
    assert readings(parse_cards(codes.split())) == ()


@pytest.mark.parametrize("codes", ["S3 H3 C3 D3", "S3 H4 C5 D6 S7 S8"])
def test_k2_only_one_two_three_or_five_cards_are_read(codes):
    assert readings(parse_cards(codes.split())) == ()


def test_k2_a_joker_is_wild_for_any_card_two_to_ace():
    assert best("S5 BJ").type is T.PAIR and best("S5 BJ").wilds == (5,)
    assert best("S2 RJ RJ").type is T.TRIPLE and best("S2 RJ RJ").rank == 2
    assert best("S9 H9 C9 D9 RJ").type is T.FIVE_OF_A_KIND


@pytest.mark.parametrize(
    ("codes", "rank"),
    [("BJ", 16), ("RJ", 17), ("BJ BJ", 16), ("RJ RJ", 17), ("BJ RJ", 16), ("BJ RJ RJ", 16), ("RJ RJ RJ", 17)],
)
def test_k2_jokers_alone_are_joker_groups_and_big_with_small_is_a_small_pair(codes, rank):
    (reading,) = readings(parse_cards(codes.split()))
    assert (reading.rank, reading.wilds) == (rank, ())


def test_k2_five_jokers_are_a_small_joker_five_of_a_kind():
    (reading,) = readings(parse_cards(["BJ", "BJ", "BJ", "RJ", "RJ"]))
    assert (reading.type, reading.rank) == (T.FIVE_OF_A_KIND, 16)


def test_k3_two_counts_low_inside_a_straight():
    assert best("S2 H3 C4 D5 S6").rank == 6
    assert readings(parse_cards(["SJ", "HQ", "CK", "DA", "S2"])) == ()  # no J-Q-K-A-2


def test_k3_ace_low_straight_is_a_setting():
    assert best("SA H2 C3 D4 S5").rank == 5
    assert readings(parse_cards(["SA", "H2", "C3", "D4", "S5"]), ace_low=False) == ()
    assert best("ST HJ CQ DK SA").rank == 14


def test_k3_a_joker_in_a_straight_counts_high():
    reading = best("S3 H4 C5 D6 BJ")
    assert (reading.type, reading.rank, reading.wilds) == (T.STRAIGHT, 7, (7,))
    assert kinds("S3 H4 C5 D6 BJ") == {(T.STRAIGHT, 6), (T.STRAIGHT, 7)}


def test_k3_a_joker_in_a_flush_has_no_point():
    reading = best("S3 S8 S9 SK BJ")
    assert (reading.type, reading.rank, reading.wilds) == (T.FLUSH, 13, (0,))
    assert reading.value < best("S2 S8 S9 SK S3").value  # a natural 2 or 3 still counts more than a joker


def test_k2_every_reading_of_a_set_with_jokers_is_listed():
    found = kinds("S5 H5 C5 S6 BJ")
    assert found == {(T.FOUR_SINGLE, 5), (T.FULL_HOUSE, 5)}
    assert best("S5 H5 C5 S6 BJ").type is T.FOUR_SINGLE
    assert (T.FULL_HOUSE, 9) in kinds("S5 H5 BJ BJ RJ")  # two 5s under a triple of jokers as 9s


def test_k2_a_natural_straight_flush_reads_as_straight_and_flush_too():
    assert kinds("S3 S4 S5 S6 S7") == {(T.STRAIGHT, 7), (T.FLUSH, 7), (T.STRAIGHT_FLUSH, 7)}


def test_k2_three_decks_make_a_suited_full_house_a_flush_too():
    assert kinds("SA SA SA SK SK") == {(T.FULL_HOUSE, 14), (T.FLUSH, 14)}


def test_k2_a_reading_on_the_wire():
    assert reading_to_dict(best("S3 H4 C5 D6 BJ")) == {
        "type": "straight",
        "rank": "7",
        "size": 5,
        "wilds": ["7"],
    }
    assert reading_to_dict(best("S3 S8 S9 SK BJ"))["wilds"] == [None]
    assert reading_to_dict(best("BJ RJ")) == {"type": "pair", "rank": "BJ", "size": 2, "wilds": []}


ANY = [card for card in ALL_CARDS if card.suit in (Suit.SPADES, Suit.HEARTS, None)]


@given(st.lists(st.sampled_from(ANY), min_size=1, max_size=5), st.booleans())
def test_k3_the_replays_strongest_reading_is_the_strongest_of_every_reading(cards, ace_low):
    assert strongest_reading(cards, ace_low=ace_low) == strongest(readings(cards, ace_low=ace_low))
