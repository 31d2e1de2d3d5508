"""One play's cards from the wire (engine/plays.py)."""

from __future__ import annotations

import pytest

from engine.cards import parse_card, parse_cards
from engine.errors import BadInput
from engine.plays import play_parser

parse_play = play_parser(parse_cards, parse_card, max_cards=5)
sized = play_parser(parse_cards, parse_card, max_cards=27, sizes={1, 2, 3, 5}, decks=3, rule="K2")


@pytest.mark.parametrize(
    ("codes", "code", "field"),
    [
        (None, "invalid", "cards"),
        ("S3", "invalid", "cards"),
        ([], "empty_play", "cards"),
        (["S3"] * 6, "too_many_cards", "cards"),
        (["S3", "??"], "unknown_card", "cards[1]"),
    ],
)
def test_malformed_plays_name_the_field(codes, code, field):
    with pytest.raises(BadInput) as caught:
        parse_play(codes, field="cards")
    assert (caught.value.code, caught.value.field) == (code, field)


@pytest.mark.parametrize("n", [4, 6])
def test_k2_a_play_of_a_size_the_game_has_not_is_malformed(n):
    with pytest.raises(BadInput) as caught:
        sized(["S3", "S4", "S5", "S6", "S7", "S8"][:n], field="plays[2].cards")
    assert (caught.value.code, caught.value.field) == ("invalid_play_size", "plays[2].cards")


def test_k1_a_copy_beyond_the_decks_is_malformed_at_the_card():
    assert len(sized(["S3"] * 3, field="cards")) == 3
    with pytest.raises(BadInput) as caught:
        sized(["S3", "S4", "S3", "S3", "S3"], field="cards")
    assert (caught.value.code, caught.value.field) == ("too_many_copies", "cards[4]")


def test_a_play_parses_to_interned_cards():
    assert parse_play(("s10", "BJ"), field="cards") == (parse_card("ST"), parse_card("BJ"))
