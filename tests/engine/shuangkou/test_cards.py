"""Levels and the order of the cards (docs/rules/shuangkou.md S1, S2): engine/shuangkou/cards.py."""

from __future__ import annotations

import pytest

from engine.cards import Suit
from engine.errors import BadInput
from engine.shuangkou.cards import (
    NO_TRUMP,
    TRUMP,
    card_points,
    format_level,
    parse_level,
    parse_trump_suit,
    trump_table,
)
from tests.engine.shuangkou.builders import L7S, cards


def order(table, group):
    """The codes of a group low to high, equal cards joined by '='."""
    ranked = sorted(
        (c for c in table.power if table.group[c] == group), key=lambda c: (table.power[c], c.code)
    )
    out: list[str] = []
    for card in ranked:
        if out and table.power[card] == table.power[ranked[ranked.index(card) - 1]]:
            out[-1] += f"={card.code}"
        else:
            out.append(card.code)
    return out


def test_s2_trumps_run_trump_suit_then_other_level_cards_then_trump_level_card_then_jokers():
    assert order(L7S, TRUMP) == [
        *["S2", "S3", "S4", "S5", "S6", "S8", "S9", "ST", "SJ", "SQ", "SK", "SA"],
        "C7=D7=H7",
        "S7",
        "BJ",
        "RJ",
    ]


def test_s2_a_side_suit_runs_a_high_to_2_low_without_the_level_rank():
    assert order(L7S, "H") == ["H2", "H3", "H4", "H5", "H6", "H8", "H9", "HT", "HJ", "HQ", "HK", "HA"]


def test_s2_a_level_card_is_a_trump_not_a_card_of_its_printed_suit():
    (h7,) = cards("H7")
    assert L7S.group[h7] == TRUMP and L7S.is_trump(h7)


def test_s2_without_a_trump_suit_the_four_level_cards_are_the_equal_lowest_trumps():
    table = trump_table(2, None)
    assert order(table, TRUMP) == ["C2=D2=H2=S2", "BJ", "RJ"]
    assert order(table, "S")[0] == "S3"


def test_s9_in_the_no_trump_deal_only_the_jokers_are_trump_and_every_suit_is_whole():
    table = trump_table(NO_TRUMP, None)
    assert order(table, TRUMP) == ["BJ", "RJ"]
    assert order(table, "D") == ["D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9", "DT", "DJ", "DQ", "DK", "DA"]


def test_s9_the_no_trump_deal_has_no_trump_suit():
    with pytest.raises(BadInput) as caught:
        trump_table(NO_TRUMP, Suit.HEARTS)
    assert caught.value.field == "trump"


def test_s2_any_trump_is_above_any_side_card():
    table = trump_table(2, Suit.CLUBS)
    (c3, ha) = cards("C3 HA")
    assert table.power[c3] > table.power[ha]


@pytest.mark.parametrize(
    ("text", "level"),
    [("2", 2), ("10", 10), ("T", 10), ("j", 11), ("Q", 12), ("K", 13), ("A", 14), ("NT", NO_TRUMP), (9, 9)],
)
def test_s2_levels_are_read_from_their_codes(text, level):
    assert parse_level(text) == level


def test_s2_levels_are_written_as_codes():
    assert [format_level(n) for n in (2, 10, 11, 14, NO_TRUMP)] == ["2", "10", "J", "A", "NT"]


@pytest.mark.parametrize("bad", ["1", "BJ", "", None, True, 16])
def test_s2_an_unknown_level_is_bad_input_at_its_field(bad):
    with pytest.raises(BadInput) as caught:
        parse_level(bad, field="attackers_level")
    assert (caught.value.code, caught.value.field) == ("unknown_level", "attackers_level")


@pytest.mark.parametrize(
    ("text", "suit"),
    [("S", Suit.SPADES), ("h", Suit.HEARTS), ("♣", Suit.CLUBS), (None, None), ("none", None)],
)
def test_s3_a_trump_suit_is_a_suit_or_none(text, suit):
    assert parse_trump_suit(text) is suit


def test_s3_an_unknown_trump_suit_is_bad_input():
    with pytest.raises(BadInput) as caught:
        parse_trump_suit("X")
    assert (caught.value.code, caught.value.field) == ("unknown_suit", "trump")


def test_s6_fives_tens_and_kings_hold_200_points_in_two_decks():
    points = card_points()
    assert 2 * sum(points.values()) == 200
    assert [points[c] for c in cards("H5 DT SK SQ BJ")] == [5, 10, 10, 0, 0]
