"""Which play beats which, and which reading applies (G4): engine/guandan/compare.py."""

from __future__ import annotations

import pytest

from engine.guandan.cards import parse_cards
from engine.guandan.compare import beats, choose_reading, match_declared, tier
from engine.guandan.readings import ComboType, Reading, readings

SINGLE, PAIR, TRIPLE, FULL_HOUSE = ComboType.SINGLE, ComboType.PAIR, ComboType.TRIPLE, ComboType.FULL_HOUSE
STRAIGHT, TUBE, PLATE = ComboType.STRAIGHT, ComboType.TUBE, ComboType.PLATE
BOMB, STRAIGHT_FLUSH, JOKER_BOMB = ComboType.BOMB, ComboType.STRAIGHT_FLUSH, ComboType.JOKER_BOMB


def options(text: str, level: int) -> tuple[Reading, ...]:
    return readings(parse_cards(text.split()), level)


def play(text: str, level: int, combo: ComboType | None = None) -> Reading:
    """The reading of ``text`` of type ``combo`` (the only reading when not given)."""
    (found,) = [r for r in options(text, level) if combo is None or r.type is combo]
    return found


def wins(a: str, b: str, level: int = 2) -> bool:
    """Does play ``a`` beat play ``b``, each read as it would be on lead?"""
    first = choose_reading(options(a, level), previous=None, level=level)
    second = choose_reading(options(b, level), previous=None, level=level)
    assert first is not None and second is not None
    return beats(first, second, level)


# ---- G4 within one type ------------------------------------------------------------------------
def test_g4_single_g2_order_level_card_above_ace_below_jokers():
    assert wins("S7", "SA", level=7)
    assert not wins("SA", "S7", level=7)
    assert wins("BJ", "S7", level=7)
    assert wins("RJ", "BJ", level=7)


def test_g4_level_rank_is_taken_out_of_its_natural_place():
    assert not wins("S8", "S7", level=7)
    assert wins("S8", "S6", level=7)


def test_g4_wild_single_is_a_level_card():
    assert wins("H7", "SA", level=7)
    assert not wins("H7", "S7", level=7)  # equal never beats
    assert not wins("H7", "BJ", level=7)


def test_g4_pair_order():
    assert wins("S7 D7", "SA DA", level=7)
    assert wins("BJ BJ", "S7 D7", level=7)
    assert wins("RJ RJ", "BJ BJ", level=7)
    assert wins("H7 H7", "SK DK", level=7)


def test_g4_triple_order():
    assert wins("S7 D7 C7", "SA DA CA", level=7)
    assert wins("S4 D4 C4", "S3 D3 C3", level=7)


def test_g4_full_house_compares_the_triple_only():
    assert wins("S9 D9 C9 S3 D3", "S8 D8 C8 SA DA")
    assert not wins("S8 D8 C8 SA DA", "S9 D9 C9 S3 D3")
    assert not wins("S8 D8 C8 S4 D4", "C8 H8 D8 S3 D3")  # equal triples: equal never beats


def test_g4_full_house_of_level_cards_is_highest():
    assert wins("S5 D5 C5 S2 D2", "SA DA CA SK DK", level=5)


def test_g4_straight_compares_highest_natural_card():
    assert wins("S3 D4 C5 S6 D7", "S2 D3 C4 S5 D6", level=9)
    assert wins("ST DJ CQ SK DA", "S9 DT CJ SQ DK", level=9)


def test_g4_a2345_is_the_lowest_straight():
    assert wins("S2 D3 C4 S5 D6", "SA D2 C3 S4 D5", level=9)


def test_g4_level_card_in_a_straight_is_not_raised():
    # At level 9 the 9 is a level card, yet 6789T beats 56789 by natural rank.
    assert wins("S6 D7 C8 S9 DT", "S5 D6 C7 S8 D9", level=9)
    assert not wins("S5 D6 C7 S8 D9", "S6 D7 C8 S9 DT", level=9)


def test_g4_tube_and_plate_compare_natural_highest():
    assert wins("S4 D4 S5 D5 S6 D6", "S3 D3 S4 D4 S5 D5", level=4)
    assert wins("S2 D2 S3 D3 S4 D4", "SA DA S2 D2 S3 D3", level=9)
    assert wins("SK DK CK SA DA CA", "SQ DQ CQ SK DK CK", level=9)
    assert wins("S2 D2 C2 S3 D3 C3", "SA DA CA S2 D2 C2", level=9)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("S3 D3", "S2"),  # pair vs single
        ("S3 D3 C3", "S2 D2"),
        ("S3 D3 S4 D4 S5 D5", "S2 D3 C4 S5 D6"),  # tube vs straight
        ("S3 D3 C3 S4 D4 C4", "S8 D8 S9 D9 ST DT"),  # plate vs tube
        ("S9 D9 C9 S3 D3", "S2 D3 C4 S5 D6"),  # full house vs straight
    ],
)
def test_g4_non_bombs_of_different_types_never_beat(a, b):
    assert not wins(a, b, level=9)
    assert not wins(b, a, level=9)


@pytest.mark.parametrize(
    "text", ["S5", "S5 D5", "S5 D5 C5", "S3 D4 C5 S6 D7", "S3 D3 S4 D4 S5 D5", "S9 D9 C9 S3 D3"]
)
def test_g4_equal_never_beats(text):
    same = choose_reading(options(text, 9), previous=None, level=9)
    assert same is not None and not beats(same, same, 9)


# ---- G4 bomb ladder ------------------------------------------------------------------------------
LADDER = [
    ("bomb of four", Reading(BOMB, 14, 4)),
    ("bomb of five", Reading(BOMB, 3, 5)),
    ("straight flush", Reading(STRAIGHT_FLUSH, 5, 5)),
    ("bomb of six", Reading(BOMB, 2, 6)),
    ("bomb of seven", Reading(BOMB, 2, 7)),
    ("bomb of eight", Reading(BOMB, 2, 8)),
    ("bomb of nine", Reading(BOMB, 2, 9)),
    ("bomb of ten", Reading(BOMB, 2, 10)),
    ("joker bomb", Reading(JOKER_BOMB, 17, 4)),
]


@pytest.mark.parametrize("low", range(len(LADDER)))
def test_g4_bomb_ladder(low):
    for high in range(len(LADDER)):
        assert beats(LADDER[high][1], LADDER[low][1], 9) is (high > low), (LADDER[high][0], LADDER[low][0])


def test_g4_straight_flush_beats_five_card_bomb():
    assert wins("S3 S4 S5 S6 S7", "SA DA CA HA SA", level=9)
    assert wins("SA S2 S3 S4 S5", "SK DK CK HK CK", level=9)


def test_g4_six_card_bomb_beats_straight_flush():
    assert wins("S2 D2 C2 H2 S2 D2", "CT CJ CQ CK CA", level=9)
    assert not wins("CT CJ CQ CK CA", "S2 D2 C2 H2 S2 D2", level=9)


@pytest.mark.parametrize(
    "non_bomb",
    ["RJ", "RJ RJ", "SA DA CA", "SA DA CA RJ RJ", "ST DJ CQ SK DA", "SQ DQ SK DK SA DA", "SK DK CK SA DA CA"],
)
def test_g4_bomb_beats_every_non_bomb(non_bomb):
    assert wins("S3 D3 C3 H3", non_bomb, level=9)
    assert not wins(non_bomb, "S3 D3 C3 H3", level=9)


def test_g4_same_size_bombs_compare_by_g2_order():
    assert wins("S7 D7 C7 H7", "SA DA CA HA", level=7)
    assert wins("S3 D3 C3 H3", "S2 D2 C2 H2", level=7)
    assert not wins("S3 D3 C3 H3", "C3 H3 S3 D3", level=7)


def test_g4_larger_bomb_beats_higher_rank():
    assert wins("S2 D2 C2 H2 S2", "SA DA CA HA", level=9)


def test_g4_straight_flushes_compare_highest_natural_card():
    assert wins("D4 D5 D6 D7 D8", "S3 S4 S5 S6 S7", level=9)
    assert wins("CT CJ CQ CK CA", "S9 ST SJ SQ SK", level=9)
    assert wins("S2 S3 S4 S5 S6", "DA D2 D3 D4 D5", level=9)
    assert not wins("S3 S4 S5 S6 S7", "D3 D4 D5 D6 D7", level=9)


def test_g4_level_card_in_a_straight_flush_is_not_raised():
    assert wins("S6 S7 S8 S9 ST", "D5 D6 D7 D8 D9", level=9)


def test_g4_joker_bomb_beats_the_ten_card_bomb():
    assert wins("BJ BJ RJ RJ", "S9 S9 H9 H9 C9 C9 D9 D9 H2 H2", level=2)


def test_g4_tier_of_non_bombs_is_zero():
    assert tier(Reading(FULL_HOUSE, 9, 5)) == 0
    assert tier(Reading(BOMB, 9, 5)) < tier(Reading(STRAIGHT_FLUSH, 5, 5)) < tier(Reading(BOMB, 2, 6))


# ---- G4 reading a play --------------------------------------------------------------------------------
def test_g4_default_reading_of_999_and_two_wilds_is_the_bomb():
    assert choose_reading(options("S9 D9 C9 H2 H2", 2), previous=None, level=2) == Reading(BOMB, 9, 5, (9, 9))


def test_g4_five_suited_cards_in_sequence_default_to_straight_flush():
    assert choose_reading(options("S3 S4 S5 S6 S7", 9), previous=None, level=9).type is STRAIGHT_FLUSH


def test_g4_declared_straight_reads_suited_cards_as_a_straight():
    found = match_declared(options("S3 S4 S5 S6 S7", 9), "straight", None, level=9)
    assert found == Reading(STRAIGHT, 7, 5, ())


def test_g4_lowest_rank_by_default_highest_as_variant():
    found = options("H2 S3 D4 C5 S6", 2)
    assert choose_reading(found, previous=None, level=2).rank == 6
    assert choose_reading(found, previous=None, level=2, wild_default="highest").rank == 7


def test_g4_33_55_wild_is_the_full_house_of_3s_unless_highest():
    found = options("S3 D3 S5 D5 H2", 2)
    assert choose_reading(found, previous=None, level=2).rank == 3
    assert choose_reading(found, previous=None, level=2, wild_default="highest").rank == 5


def test_g4_lowest_rank_uses_g2_order():
    # At level 3 a full house of 3s is of level cards, above one of 5s.
    found = options("S3 D3 S5 D5 H3", 3)
    assert choose_reading(found, previous=None, level=3).rank == 5
    assert choose_reading(found, previous=None, level=3, wild_default="highest").rank == 3


def test_g4_following_only_readings_that_beat_count():
    table = play("S2 D3 C4 S5 D6", 2, STRAIGHT)  # 23456
    assert choose_reading(options("H2 S3 D4 C5 S6", 2), previous=table, level=2) == Reading(
        STRAIGHT, 7, 5, (7,)
    )


def test_g4_following_picks_the_strongest_type_that_beats():
    table = play("ST DT CT S4 D4", 2)
    assert choose_reading(options("S9 D9 C9 H2 H2", 2), previous=table, level=2).type is BOMB


def test_g4_following_with_nothing_that_beats_gives_no_reading():
    table = play("SK DK CK HK SK", 2)
    assert choose_reading(options("S9 D9 C9 H2 H2", 2), previous=table, level=2) is None


def test_g4_tube_or_plate_on_lead_reads_as_the_plate():
    # G4 orders no two non-bomb types; the engine reads the plate (documented in compare.py).
    assert choose_reading(options("S3 D3 S4 D4 H2 H2", 2), previous=None, level=2) == Reading(
        PLATE, 4, 6, (3, 4)
    )


def test_g4_tube_or_plate_following_a_tube_is_the_tube():
    table = play("S2 D2 S3 D3 S4 D4", 9)
    assert choose_reading(options("S3 D3 S4 D4 H9 H9", 9), previous=table, level=9) == Reading(
        TUBE, 5, 6, (5, 5)
    )


def test_g4_declared_type_and_rank():
    found = options("H2 S3 D4 C5 S6", 2)
    assert match_declared(found, "straight", 7, level=2) == Reading(STRAIGHT, 7, 5, (7,))
    assert match_declared(found, "straight", 6, level=2) == Reading(STRAIGHT, 6, 5, (2,))
    assert match_declared(found, "straight", 8, level=2) is None
    assert match_declared(found, "tube", None, level=2) is None


def test_g4_declared_type_only_takes_the_default_rank_among_that_type():
    found = options("S3 D3 S5 D5 H2", 2)
    assert match_declared(found, "full_house", None, level=2).rank == 3
    assert match_declared(found, "full_house", None, level=2, wild_default="highest").rank == 5


def test_g4_declared_type_only_when_following_must_beat():
    found = options("S3 D3 S5 D5 H2", 2)
    table = play("S4 D4 C4 S9 D9", 2)
    assert match_declared(found, "full_house", None, level=2, previous=table).rank == 5
    assert match_declared(found, "full_house", 3, level=2, previous=table) is None
