"""Combinations of four-player Dou Dizhu (docs/rules/doudizhu.md D4): engine/doudizhu/readings.py."""

from __future__ import annotations

import pytest

from engine.cards import parse_cards
from engine.doudizhu.readings import ComboType, order_value, reading_to_dict, readings, run_top

T = ComboType


def read(codes: str, **kwargs):
    found = readings(parse_cards(codes.split()), **kwargs)
    assert len(found) <= 1  # D4: two decks and no wilds, so one reading or none
    return found[0] if found else None


@pytest.mark.parametrize(
    ("codes", "combo", "rank"),
    [
        ("S3", T.SINGLE, 3),
        ("RJ", T.SINGLE, 17),
        ("S9 S9", T.PAIR, 9),
        ("BJ BJ", T.PAIR, 16),
        ("RJ RJ", T.PAIR, 17),
        ("S7 H7 C7", T.TRIPLE, 7),
        ("SK HK CK S4 H4", T.TRIPLE_PAIR, 13),
        ("S3 H3 C3 BJ BJ", T.TRIPLE_PAIR, 3),
        ("S3 H4 C5 D6 S7", T.STRAIGHT, 7),
        ("S3 S4 S5 S6 S7 S8 S9 ST SJ SQ SK", T.STRAIGHT, 13),
        ("S3 H3 S4 H4 S5 H5", T.PAIR_SEQUENCE, 5),
        ("S8 H8 S9 H9 ST HT SJ HJ", T.PAIR_SEQUENCE, 11),
        ("S3 H3 C3 S4 H4 C4", T.TRIPLE_SEQUENCE, 4),
        ("S4 H4 C4 S5 H5 C5 S6 H6 C6 S7 H7 C7", T.TRIPLE_SEQUENCE, 7),
        ("S3 H3 C3 S4 H4 C4 S6 H6 S7 H7", T.AIRPLANE, 4),
        ("S3 H3 C3 S4 H4 C4 S5 H5 C5 S6 H6 S7 H7 S8 H8", T.AIRPLANE, 5),
        ("S8 H8 C8 D8", T.BOMB, 8),
        ("S8 H8 C8 D8 S8 H8 C8 D8", T.BOMB, 8),
        ("BJ BJ RJ RJ", T.JOKER_BOMB, 17),
    ],
)
def test_d4_each_combination_reads_as_its_type_and_main_rank(codes, combo, rank):
    reading = read(codes)
    assert (reading.type, reading.rank, reading.size) == (combo, rank, len(codes.split()))


@pytest.mark.parametrize(
    "codes",
    [
        "S3 S4",
        "BJ RJ",  # a small and a big joker are no pair
        "S3 H3 C3 S4",  # D4: a triple never takes a single
        "S3 H3 C3 S4 S5",
        "S3 H3 S4 H4",  # two pairs are no pair sequence
        "S3 H4 C5 D6",  # four cards are no straight
        "S3 H3 C3 S5 H5 C5",  # triples not consecutive
        "S3 H3 C3 S4 H4 C4 S6 H6 S8 H8",  # D4: the wings must be consecutive too
        "S3 H3 C3 S4 H4 C4 S6 H6 C6 D6",  # the wings are pairs, not a four
        "S3 H3 C3 S4 H4 C4 S5 H5",  # a triple sequence with a pair is no airplane
        "S3 H3 C3 S4 H4 C4 S3 H3 S4 H4",  # wings of the body's ranks (decision, D4)
        "BJ BJ RJ",
        "S3 H3 BJ BJ RJ",
        "S3 S3 H3 H3 C3 C3 D3 D3 S4",
    ],
)
def test_d4_what_is_no_combination(codes):
    assert read(codes) is None


@pytest.mark.parametrize(
    ("codes", "combo", "rank"),
    [
        ("SA H2 C3 D4 S5", T.STRAIGHT, 5),  # A low before the 2
        ("S2 H3 C4 D5 S6", T.STRAIGHT, 6),  # 2 low
        ("ST HJ CQ DK SA", T.STRAIGHT, 14),  # A high after the K
        ("SA HA S2 H2 S3 H3", T.PAIR_SEQUENCE, 3),
        ("S2 H2 S3 H3 S4 H4", T.PAIR_SEQUENCE, 4),
        ("SQ HQ SK HK SA HA", T.PAIR_SEQUENCE, 14),
        ("SA HA CA S2 H2 C2 S3 H3 C3", T.TRIPLE_SEQUENCE, 3),
        ("S2 H2 C2 S3 H3 C3 S4 H4 C4", T.TRIPLE_SEQUENCE, 4),
        ("SQ HQ CQ SK HK CK SA HA CA", T.TRIPLE_SEQUENCE, 14),
        ("SA HA CA S2 H2 C2 S5 H5 S6 H6", T.AIRPLANE, 2),
        ("S5 H5 C5 S6 H6 C6 SA HA S2 H2", T.AIRPLANE, 6),  # wings AA22: A low in its own run
        ("SA S2 S3 S4 S5 S6 S7 S8 S9 ST SJ SQ SK", T.STRAIGHT, 14),  # 13 ranks read A high
    ],
)
def test_d4_runs_take_the_two_low_and_the_ace_low_or_high(codes, combo, rank):
    reading = read(codes)
    assert (reading.type, reading.rank) == (combo, rank)


@pytest.mark.parametrize(
    "codes",
    ["SJ HQ CK DA S2", "SQ HK CA D2 S3", "SK HA C2 D3 S4", "SK HK SA HA S2 H2", "SA H2 C3 D4 BJ"],
)
def test_d4_runs_never_wrap_round_and_never_take_a_joker(codes):
    assert read(codes) is None


def test_d4_run_top_of_rank_sets():
    assert (run_top({14, 2, 3}), run_top({12, 13, 14}), run_top({13, 14, 2}), run_top({2, 16})) == (
        3,
        14,
        None,
        None,
    )


def test_d5_two_ranks_above_the_ace_unless_the_order_is_natural():
    assert read("S2").value > read("SA").value > read("SK").value
    assert read("S2", two_high=False).value < read("S3", two_high=False).value
    assert read("BJ").value > read("S2").value and read("RJ").value > read("BJ").value
    assert (order_value(2), order_value(2, two_high=False), order_value(14)) == (15, 2, 14)


def test_d4_a_reading_on_the_wire():
    assert reading_to_dict(read("ST HJ CQ DK SA")) == {"type": "straight", "rank": "A", "size": 5}
    assert reading_to_dict(read("S2 H2 S3 H3 S4 H4")) == {"type": "pair_sequence", "rank": "4", "size": 6}
    assert reading_to_dict(read("BJ BJ")) == {"type": "pair", "rank": "BJ", "size": 2}
