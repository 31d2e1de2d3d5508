"""Combinations and their readings (docs/rules/guandan.md G2, G3): engine/guandan/readings.py."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.guandan.cards import ALL_CARDS, BIG_JOKER, SMALL_JOKER, parse_cards
from engine.guandan.readings import ComboType, Reading, reading_to_dict, readings

SINGLE, PAIR, TRIPLE, FULL_HOUSE = ComboType.SINGLE, ComboType.PAIR, ComboType.TRIPLE, ComboType.FULL_HOUSE
STRAIGHT, TUBE, PLATE = ComboType.STRAIGHT, ComboType.TUBE, ComboType.PLATE
BOMB, STRAIGHT_FLUSH, JOKER_BOMB = ComboType.BOMB, ComboType.STRAIGHT_FLUSH, ComboType.JOKER_BOMB


def read(text: str, level: int = 2) -> tuple[Reading, ...]:
    return readings(parse_cards(text.split()), level)


def kinds(text: str, level: int = 2) -> set[tuple[ComboType, int]]:
    return {(r.type, r.rank) for r in read(text, level)}


def only(text: str, level: int = 2) -> Reading:
    (reading,) = read(text, level)
    return reading


# ---- G3 single -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "rank"), [("S3", 3), ("DT", 10), ("CA", 14), ("BJ", SMALL_JOKER), ("RJ", BIG_JOKER)]
)
def test_g3_single_is_any_card(text, rank):
    assert only(text, level=5) == Reading(SINGLE, rank, 1, ())


def test_g2_lone_wild_is_a_single_of_level_rank():
    assert only("H7", level=7) == Reading(SINGLE, 7, 1, (7,))


def test_g2_level_card_keeps_its_rank_as_the_level_number():
    assert only("S7", level=7) == Reading(SINGLE, 7, 1, ())
    assert only("S7 D7", level=7) == Reading(PAIR, 7, 2, ())


def test_g2_only_heart_level_cards_are_wild():
    assert read("S7 S3", level=7) == ()  # a spade level card is no wild
    assert read("H5 S3", level=7) == ()  # a heart that is not the level rank is no wild
    assert only("H7 S3", level=7) == Reading(PAIR, 3, 2, (3,))


# ---- G3 pair ---------------------------------------------------------------------------------------
def test_g3_pair_is_two_cards_of_one_rank_any_suits():
    assert only("S9 D9") == Reading(PAIR, 9, 2, ())


def test_g3_pair_of_different_ranks_is_illegal():
    assert read("S9 D8") == ()


@pytest.mark.parametrize(("text", "rank"), [("BJ BJ", SMALL_JOKER), ("RJ RJ", BIG_JOKER)])
def test_g3_two_equal_jokers_are_a_pair(text, rank):
    assert only(text) == Reading(PAIR, rank, 2, ())


def test_g3_joker_pair_mixed_is_illegal():
    assert read("BJ RJ") == ()


def test_g2_wild_never_stands_for_a_joker():
    assert read("H2 BJ") == ()
    assert read("H2 RJ") == ()


def test_g2_two_wilds_alone_are_a_pair_of_level_cards():
    assert only("H2 H2") == Reading(PAIR, 2, 2, (2, 2))
    assert only("HQ HQ", level=12) == Reading(PAIR, 12, 2, (12, 12))


def test_g2_wild_pairs_with_any_natural_card():
    assert only("H2 SK") == Reading(PAIR, 13, 2, (13,))
    assert only("H2 S2") == Reading(PAIR, 2, 2, (2,))  # standing for its own rank


# ---- G3 triple -------------------------------------------------------------------------------------
def test_g3_triple_is_three_cards_of_one_rank():
    assert only("S9 D9 C9") == Reading(TRIPLE, 9, 3, ())
    assert read("S9 D9 C8") == ()


def test_g2_wilds_complete_a_triple():
    assert only("S9 D9 H2") == Reading(TRIPLE, 9, 3, (9,))
    assert only("S9 H2 H2") == Reading(TRIPLE, 9, 3, (9, 9))


def test_g3_triple_has_no_jokers():
    assert read("BJ BJ H2") == ()
    assert read("BJ BJ RJ") == ()


# ---- G3 full house ---------------------------------------------------------------------------------
def test_g3_full_house_is_a_triple_plus_a_pair():
    assert only("S9 D9 C9 S4 D4") == Reading(FULL_HOUSE, 9, 5, ())
    assert only("S4 D4 S9 D9 C9") == Reading(FULL_HOUSE, 9, 5, ())


def test_g3_full_house_pair_may_be_two_equal_jokers():
    assert only("S9 D9 C9 BJ BJ") == Reading(FULL_HOUSE, 9, 5, ())
    assert only("S9 D9 C9 RJ RJ") == Reading(FULL_HOUSE, 9, 5, ())


def test_g3_full_house_pair_of_mixed_jokers_is_illegal():
    assert read("S9 D9 C9 BJ RJ") == ()


def test_g3_full_house_triple_cannot_be_jokers():
    assert kinds("BJ BJ H2 S9 D9") == {(FULL_HOUSE, 9)}  # 99 + wild is the triple, never the jokers
    assert read("BJ BJ RJ S9 D9") == ()


def test_g2_wild_cannot_make_a_joker_pair_in_a_full_house():
    assert read("S9 D9 C9 BJ H2") == ()


def test_g3_triple_with_a_pair_of_its_own_rank_is_a_bomb_not_a_full_house():
    assert kinds("S9 D9 C9 H9 H9", level=2) == {(BOMB, 9)}  # H9 is no wild at level 2


def test_g3_four_plus_one_is_illegal():
    assert read("S9 D9 C9 H9 S4") == ()


def test_g2_33_55_and_a_wild_is_a_full_house_of_3s_or_of_5s():
    found = read("S3 D3 S5 D5 H2")
    assert set(found) == {Reading(FULL_HOUSE, 3, 5, (3,)), Reading(FULL_HOUSE, 5, 5, (5,))}


def test_g2_999_and_two_wilds_is_a_bomb_of_five_or_a_full_house():
    found = read("S9 D9 C9 H2 H2")
    assert set(found) == {Reading(BOMB, 9, 5, (9, 9)), Reading(FULL_HOUSE, 9, 5, (2, 2))}


def test_g2_full_house_of_level_cards_with_two_wilds():
    # Five level cards: the wilds cannot stand for their own rank in the pair, so another.
    found = read("S9 D9 C9 H9 H9", level=9)
    assert {(r.type, r.rank) for r in found} == {(BOMB, 9), (FULL_HOUSE, 9)}


def test_g2_99_wild_5_reads_two_full_houses():
    assert kinds("S9 D9 H2 H2 S5") == {(FULL_HOUSE, 9), (FULL_HOUSE, 5)}


# ---- G3 straight -------------------------------------------------------------------------------------
def test_g3_straight_is_five_consecutive_ranks_any_suits():
    assert only("S3 D4 C5 S6 D7") == Reading(STRAIGHT, 7, 5, ())
    assert only("D7 S3 C5 D4 S6") == Reading(STRAIGHT, 7, 5, ())


def test_g3_straight_a_is_low_in_a2345():
    assert only("SA D2 C3 S4 D5", level=9) == Reading(STRAIGHT, 5, 5, ())


def test_g3_straight_a_is_high_in_tjqka():
    assert only("ST DJ CQ SK DA", level=9) == Reading(STRAIGHT, 14, 5, ())


@pytest.mark.parametrize("text", ["SJ DQ CK SA D2", "SQ DK CA S2 D3", "SK DA C2 S3 D4"])
def test_g3_straight_has_no_wrap_around(text):
    assert read(text, level=9) == ()


@pytest.mark.parametrize("text", ["S3 D4 C5 S6", "S3 D4 C5 S6 D7 C8", "S3 D4 C5 S6 D8"])
def test_g3_straight_is_exactly_five_cards(text):
    assert all(r.type is not STRAIGHT for r in read(text, level=9))


def test_g3_straight_has_no_jokers():
    assert read("S3 D4 C5 S6 BJ") == ()


def test_g2_level_card_in_a_straight_uses_its_natural_rank():
    assert only("S5 D6 C7 S8 D9", level=7) == Reading(STRAIGHT, 9, 5, ())
    assert only("SJ DQ CK SA DT", level=10) == Reading(STRAIGHT, 14, 5, ())


def test_g2_h2_3456_at_level_2_is_23456_or_34567():
    assert set(read("H2 S3 D4 C5 S6")) == {Reading(STRAIGHT, 6, 5, (2,)), Reading(STRAIGHT, 7, 5, (7,))}


def test_g2_wild_fills_the_a_of_a_low_straight():
    assert set(read("H2 S2 D3 C4 S5")) == {Reading(STRAIGHT, 5, 5, (14,)), Reading(STRAIGHT, 6, 5, (6,))}


def test_g2_wild_reaches_the_a_of_a_high_straight():
    assert set(read("H2 ST DJ CQ SK")) == {Reading(STRAIGHT, 13, 5, (9,)), Reading(STRAIGHT, 14, 5, (14,))}


def test_g2_two_wilds_fill_gaps_in_a_straight():
    assert set(read("H2 H2 S3 D5 C7")) == {Reading(STRAIGHT, 7, 5, (4, 6))}
    assert kinds("H2 H2 S3 D4 C5") == {(STRAIGHT, 5), (STRAIGHT, 6), (STRAIGHT, 7)}


# ---- G3 straight flush --------------------------------------------------------------------------------
def test_g3_five_suited_cards_in_sequence_are_a_straight_flush_and_a_straight():
    assert set(read("S3 S4 S5 S6 S7")) == {Reading(STRAIGHT_FLUSH, 7, 5, ()), Reading(STRAIGHT, 7, 5, ())}


@pytest.mark.parametrize(("text", "rank"), [("DA D2 D3 D4 D5", 5), ("CT CJ CQ CK CA", 14)])
def test_g3_straight_flush_a_low_and_a_high(text, rank):
    assert kinds(text, level=9) == {(STRAIGHT_FLUSH, rank), (STRAIGHT, rank)}


def test_g3_straight_flush_has_no_wrap_around():
    assert read("SJ SQ SK SA S2", level=9) == ()


def test_g2_wild_in_a_straight_flush_stands_for_any_suit():
    assert kinds("H2 S3 S4 S5 S6") == {(STRAIGHT_FLUSH, 6), (STRAIGHT, 6), (STRAIGHT_FLUSH, 7), (STRAIGHT, 7)}
    assert kinds("H2 H2 C9 CJ CK") == {(STRAIGHT_FLUSH, 13), (STRAIGHT, 13)}


def test_g2_wild_standing_for_itself_in_a_heart_straight_flush():
    assert Reading(STRAIGHT_FLUSH, 7, 5, (5,)) in read("H3 H4 H5 H6 H7", level=5)


def test_g3_mixed_suits_are_no_straight_flush():
    assert kinds("H2 S3 S4 D5 S6") == {(STRAIGHT, 6), (STRAIGHT, 7)}


# ---- G3 tube and plate ---------------------------------------------------------------------------------
def test_g3_tube_is_three_consecutive_pairs():
    assert only("S3 D3 S4 D4 S5 D5", level=9) == Reading(TUBE, 5, 6, ())


@pytest.mark.parametrize(("text", "rank"), [("SA DA S2 D2 S3 D3", 3), ("SQ DQ SK DK SA DA", 14)])
def test_g3_tube_a_low_and_a_high(text, rank):
    assert only(text, level=9) == Reading(TUBE, rank, 6, ())


def test_g3_tube_has_no_wrap_around():
    assert read("SK DK SA DA S2 D2", level=9) == ()


@pytest.mark.parametrize("text", ["S3 D3 S4 D4", "S3 D3 S4 D4 S5 D5 S6 D6", "SA DA S2 D2 S3 D3 S4 D4"])
def test_g3_two_or_four_consecutive_pairs_are_illegal(text):
    assert read(text, level=9) == ()


def test_g2_wild_completes_a_tube():
    assert only("S5 D5 S6 D6 S7 H2") == Reading(TUBE, 7, 6, (7,))


def test_g3_plate_is_two_consecutive_triples():
    assert only("S3 D3 C3 S4 D4 C4", level=9) == Reading(PLATE, 4, 6, ())


@pytest.mark.parametrize(("text", "rank"), [("SA DA CA S2 D2 C2", 2), ("SK DK CK SA DA CA", 14)])
def test_g3_plate_a_low_and_a_high(text, rank):
    assert only(text, level=9) == Reading(PLATE, rank, 6, ())


def test_g3_three_consecutive_triples_are_illegal():
    assert read("SQ DQ CQ SK DK CK SA DA CA", level=9) == ()


def test_g3_plate_of_non_consecutive_triples_is_illegal():
    assert read("S3 D3 C3 S5 D5 C5", level=9) == ()


def test_g2_3344_and_two_wilds_is_a_tube_or_a_plate():
    assert set(read("S3 D3 S4 D4 H2 H2")) == {
        Reading(TUBE, 4, 6, (2, 2)),
        Reading(TUBE, 5, 6, (5, 5)),
        Reading(PLATE, 4, 6, (3, 4)),
    }


# ---- G3 bombs ------------------------------------------------------------------------------------------
EIGHT_NINES = "S9 S9 H9 H9 C9 C9 D9 D9"


@pytest.mark.parametrize("size", range(4, 9))
def test_g3_bomb_is_four_to_eight_natural_cards_of_one_rank(size):
    assert only(" ".join(EIGHT_NINES.split()[:size])) == Reading(BOMB, 9, size, ())


@pytest.mark.parametrize(("natural", "wilds"), [(2, 2), (3, 1), (6, 2), (7, 2), (8, 1), (8, 2)])
def test_g2_wilds_join_bombs_up_to_ten_cards(natural, wilds):
    text = " ".join(EIGHT_NINES.split()[:natural] + ["H2"] * wilds)
    assert Reading(BOMB, 9, natural + wilds, (9,) * wilds) in read(text)


def test_g3_bomb_of_level_cards():
    assert only("S7 D7 C7 S7", level=7) == Reading(BOMB, 7, 4, ())
    assert only("S7 D7 H7 H7", level=7) == Reading(BOMB, 7, 4, (7, 7))


def test_g3_bomb_has_no_jokers():
    assert read("BJ BJ RJ S9") == ()
    assert read("S9 D9 C9 BJ") == ()


def test_g3_more_than_ten_cards_are_never_a_combination():
    assert read(EIGHT_NINES + " S8 S8 S8") == ()


def test_g3_joker_bomb_is_exactly_the_four_jokers():
    assert only("BJ RJ BJ RJ") == Reading(JOKER_BOMB, BIG_JOKER, 4, ())


def test_g2_wild_never_joins_the_joker_bomb():
    assert read("BJ BJ RJ H2") == ()
    assert read("BJ BJ RJ RJ H2") == ()


# ---- whole sets ------------------------------------------------------------------------------------------
def test_g3_empty_set_has_no_reading():
    assert readings((), 2) == ()


@pytest.mark.parametrize("text", ["S3 D4 C9", "S3 S3 S4 S4 S5 S5 S6", "S3 D4 C5 S6 D7 C8 D9"])
def test_g3_anything_else_is_illegal(text):
    assert read(text, level=9) == ()


@pytest.mark.parametrize(
    "text", ["H2 S3 D4 C5 S6", "S3 D3 S5 D5 H2", "S3 D3 S4 D4 H2 H2", "H2 H2 S3 S4 S5", "S9 D9 C9 H2 H2"]
)
def test_g3_readings_are_distinct_by_type_and_rank(text):
    found = read(text)
    assert len({(r.type, r.rank) for r in found}) == len(found)
    assert all(r.size == 5 or r.size == 6 for r in found)


def test_reading_wire_form():
    straight = Reading(STRAIGHT, 7, 5, (7,))
    assert reading_to_dict(straight) == {"type": "straight", "rank": "7", "size": 5, "wilds": ["7"]}
    assert reading_to_dict(Reading(PAIR, SMALL_JOKER, 2))["rank"] == "BJ"
    assert reading_to_dict(Reading(STRAIGHT, 5, 5, (10, 14)))["wilds"] == ["10", "A"]


# ---- an independent oracle: try every card each wild could stand for (G2) ----------------------------------
def _oracle(cards, level: int) -> set[tuple[ComboType, int]]:
    """Readings by brute force: substitute each wild by every non-joker card and classify
    the wild-free set with a naive reading of the G3 table."""
    wild = [c for c in cards if c.is_wild(level)]
    natural = [(c.rank, c.suit) for c in cards if not c.is_wild(level)]
    if not natural:  # G2: wilds alone are level cards
        return {(SINGLE if len(wild) == 1 else PAIR, level)}
    found: set[tuple[ComboType, int]] = set()
    every = [(rank, suit) for rank in range(2, 15) for suit in "SHCD"]
    for subs in itertools.product(every, repeat=len(wild)):
        found |= _naive(natural + list(subs))
    return found


def _naive(cards) -> set[tuple[ComboType, int]]:
    ranks = sorted(rank for rank, _ in cards)
    counts = Counter(ranks)
    n, jokers = len(cards), any(r > 14 for r in ranks)
    found = set()
    if n == 1:
        found.add((SINGLE, ranks[0]))
    if n == 2 and len(counts) == 1:
        found.add((PAIR, ranks[0]))
    if n == 3 and len(counts) == 1 and not jokers:
        found.add((TRIPLE, ranks[0]))
    if 4 <= n <= 10 and len(counts) == 1 and not jokers:
        found.add((BOMB, ranks[0]))
    if n == 4 and counts == Counter({16: 2, 17: 2}):
        found.add((JOKER_BOMB, 17))
    if n == 5 and sorted(counts.values()) == [2, 3]:
        triple = next(r for r, k in counts.items() if k == 3)
        if triple <= 14:
            found.add((FULL_HOUSE, triple))
    for run, width, combo in ((5, 1, STRAIGHT), (3, 2, TUBE), (2, 3, PLATE)):
        if n != run * width or jokers or set(counts.values()) != {width} or len(counts) != run:
            continue
        for low in range(1, 15 - run + 1):
            window = {14 if r == 1 else r for r in range(low, low + run)}
            if set(counts) == window:
                found.add((combo, low + run - 1))
                if combo is STRAIGHT and len({suit for _, suit in cards}) == 1:
                    found.add((STRAIGHT_FLUSH, low + run - 1))
    return found


@st.composite
def _plays(draw):
    level = draw(st.integers(2, 14))
    base = draw(st.integers(1, 12))
    pool = [c for c in ALL_CARDS if base <= c.rank <= base + 4 or (base == 1 and c.rank == 14)]
    pool += [c for c in ALL_CARDS if c.is_wild(level) or c.is_joker]
    cards = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=10))
    assume(max(Counter(cards).values()) <= 2)
    return cards, level


@settings(max_examples=300, deadline=None)
@given(_plays())
def test_g2_g3_readings_match_a_brute_force_oracle(play):
    cards, level = play
    assert {(r.type, r.rank) for r in readings(cards, level)} == _oracle(cards, level)


@settings(max_examples=200, deadline=None)
@given(_plays())
def test_g2_each_reading_names_wilds_that_make_it(play):
    cards, level = play
    natural = [(c.rank, c.suit) for c in cards if not c.is_wild(level)]
    if not natural:
        return
    suit = natural[0][1] or "S"
    for reading in readings(cards, level):
        assert (reading.type, reading.rank) in _naive(natural + [(r, suit) for r in reading.wilds])
