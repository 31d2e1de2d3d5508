"""Which Dou Dizhu play beats which (docs/rules/doudizhu.md D5): engine/doudizhu/readings.py."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from engine.cards import ALL_CARDS, parse_cards
from engine.doudizhu.readings import beats, is_bomb, readings, tier


def read(codes: str, **kwargs):
    return readings(parse_cards(codes.split()), **kwargs)[0]


LADDER = [
    "S3 H3 C3 D3",  # 枪
    "S3 H3 C3 D3 S3",  # 炮
    "S3 H3 C3 D3 S3 H3",  # 火箭
    "S3 H3 C3 D3 S3 H3 C3",  # 导弹
    "S3 H3 C3 D3 S3 H3 C3 D3",  # 天炸
    "BJ BJ RJ RJ",  # 天尊
]


def test_d5_the_bomb_ladder_four_five_six_seven_eight_of_a_kind_then_four_jokers():
    ladder = [read(codes) for codes in LADDER]
    for low, high in pairwise(ladder):
        assert beats(high, low) and not beats(low, high)
    assert beats(read("S3 H3 C3 D3 S3"), read("S2 H2 C2 D2"))  # size before rank
    assert tier(read("BJ BJ RJ RJ")) > tier(read(LADDER[4])) and all(is_bomb(r) for r in ladder)


def test_d5_bombs_of_one_size_compare_by_rank_with_the_two_highest():
    assert beats(read("S2 H2 C2 D2"), read("SA HA CA DA"))
    assert not beats(read("S2 H2 C2 D2", two_high=False), read("SA HA CA DA", two_high=False))


def test_d5_a_bomb_beats_every_other_play():
    bomb = read("S3 H3 C3 D3")
    for codes in (
        "RJ",
        "BJ BJ",
        "SA HA CA S2 H2",
        "S3 H4 C5 D6 S7 S8 S9 ST SJ SQ SK",
        "SK HK CK SA HA CA SQ HQ SJ HJ",
    ):
        assert beats(bomb, read(codes)) and not beats(read(codes), bomb)


def test_d5_a_play_beats_only_the_same_type_with_as_many_cards():
    assert beats(read("S4 H5 C6 D7 S8"), read("S3 H4 C5 D6 S7"))
    assert not beats(read("S4 H5 C6 D7 S8 S9"), read("S3 H4 C5 D6 S7"))  # a longer straight
    assert not beats(read("S9 H9"), read("S3"))
    assert not beats(read("S9 H9 C9 S3 H3"), read("S8 H8 C8"))


def test_d5_equal_never_beats():
    assert not beats(read("S7"), read("H7"))
    assert not beats(read("S3 H4 C5 D6 S7"), read("H3 C4 D5 S6 H7"))


def test_d5_main_parts_decide_triple_pairs_and_airplanes():
    assert beats(read("S9 H9 C9 S3 H3"), read("S8 H8 C8 SA HA"))
    assert beats(read("S4 H4 C4 S5 H5 C5 S8 H8 S9 H9"), read("S3 H3 C3 S4 H4 C4 SK HK SA HA"))


def test_d5_runs_compare_by_their_top_in_run_order():
    a2345, low26, high = read("SA H2 C3 D4 S5"), read("S2 H3 C4 D5 S6"), read("ST HJ CQ DK SA")
    assert beats(low26, a2345) and beats(high, low26) and not beats(a2345, high)
    assert beats(read("SQ HQ SK HK SA HA"), read("SJ HJ SQ HQ SK HK"))
    assert beats(read("S2 H2 S3 H3 S4 H4"), read("SA HA S2 H2 S3 H3"))


def test_d5_jokers_top_the_singles_and_pairs():
    assert beats(read("RJ"), read("BJ")) and beats(read("BJ"), read("S2"))
    assert beats(read("RJ RJ"), read("BJ BJ")) and beats(read("BJ BJ"), read("S2 H2"))


# ---- beats is a strict order within a type (hypothesis) -----------------------------------------
def of_rank(rank: int, n: int) -> list:
    return ([card for card in ALL_CARDS if card.rank == rank] * 2)[:n]


def run(top: int, length: int, width: int) -> list:
    return [card for r in range(top - length + 1, top + 1) for card in of_rank(14 if r == 1 else r, width)]


@st.composite
def shapes(draw):
    """A random play of one of the D4 shapes, given the shape's name."""
    shape = draw(
        st.sampled_from(["single", "pair", "triple", "bomb", "straight", "pair_sequence", "airplane"])
    )

    def one():
        if shape in ("single", "pair"):
            return of_rank(draw(st.sampled_from([*range(2, 15), 16, 17])), 1 if shape == "single" else 2)
        if shape in ("triple", "bomb"):
            return of_rank(draw(st.integers(2, 14)), 3 if shape == "triple" else draw(st.integers(4, 8)))
        if shape == "straight":
            return run(draw(st.integers(5, 14)), 5, 1)
        if shape == "pair_sequence":
            return run(draw(st.integers(3, 14)), 3, 2)
        top = draw(st.integers(8, 14))  # an airplane: two triples, wings 33 44 below them
        return run(top, 2, 3) + run(4, 2, 2)

    return shape, [one() for _ in range(3)]


@given(shapes(), st.booleans())
def test_d5_beats_is_irreflexive_antisymmetric_and_transitive(drawn, two_high):
    _, plays = drawn
    found = [readings(cards, two_high=two_high)[0] for cards in plays]
    for a in found:
        assert not beats(a, a)
        for b in found:
            assert not (beats(a, b) and beats(b, a))
            for c in found:
                if beats(a, b) and beats(b, c):
                    assert beats(a, c)


@given(st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=8))
def test_d5_a_non_bomb_never_beats_a_bomb(cards):
    for reading in readings(cards):
        if not is_bomb(reading):
            assert not beats(reading, read("S3 H3 C3 D3"))
