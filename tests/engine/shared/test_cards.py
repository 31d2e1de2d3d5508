"""The cards every game shares (engine/cards.py; docs/rules/guandan.md G1, docs/rules/doudizhu.md D1,
docs/rules/daguai.md K1)."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import cards as shared
from engine.cards import (
    ALL_CARDS,
    ALL_CODES,
    BIG_JOKER,
    SMALL_JOKER,
    Card,
    CardPack,
    Suit,
    check_copies,
    extra_copy,
    format_cards,
    format_rank,
    parse_card,
    parse_cards,
    parse_rank,
)
from engine.errors import BadInput
from engine.guandan import cards as guandan


def test_one_pack_is_54_cards_of_four_suits_and_two_jokers():
    assert len(ALL_CODES) == len(ALL_CARDS) == 54
    assert {card.suit for card in ALL_CARDS} == {*Suit, None}
    assert [c.rank for c in ALL_CARDS if c.is_joker] == [SMALL_JOKER, BIG_JOKER]


@pytest.mark.parametrize(
    ("text", "code"),
    [("S10", "ST"), ("10♠", "ST"), ("♥A", "HA"), ("dq", "DQ"), ("小王", "BJ"), ("大王", "RJ"), ("rj", "RJ")],
)
def test_d1_k1_input_forms_are_the_guandan_forms(text, code):
    assert parse_card(text).code == code


@pytest.mark.parametrize("text", ["", "X9", "S1", "S11", "10", 10, None, "SB", "JJ"])
def test_d1_k1_unknown_codes_are_refused(text):
    with pytest.raises(BadInput) as caught:
        parse_card(text)
    assert caught.value.code == "unknown_card"


@given(st.sampled_from(ALL_CODES))
def test_codes_round_trip_and_parsing_interns(code):
    assert parse_card(code).code == code
    assert parse_card(code.lower()) is parse_card(code)


def test_each_card_class_has_its_own_interned_cards():
    plain, gd = parse_card("H7"), guandan.parse_card("H7")
    assert type(plain) is Card and type(gd) is guandan.Card and plain is not gd
    assert gd.is_wild(7) and not hasattr(plain, "is_wild")  # G2 rules stay Guandan's
    assert guandan.parse_card(plain) is gd and parse_card(gd) is plain


def test_a_card_class_has_one_pack_so_its_cards_stay_interned():
    with pytest.raises(ValueError):
        CardPack(Card)
    assert parse_card("S5") is shared.PACK.by_code["S5"]


@pytest.mark.parametrize("card", [parse_card("SA"), guandan.parse_card("BJ")])
def test_copies_and_pickles_give_back_the_interned_card(card):
    assert copy.copy(card) is card and copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_parse_cards_takes_lists_tuples_and_iterables():
    assert (
        parse_cards(["S3", "h4"]) == parse_cards(("S3", "H4")) == tuple(parse_card(c) for c in ["S3", "H4"])
    )
    assert parse_cards(iter(["S3"])) == (parse_card("S3"),)
    assert format_cards(parse_cards(["s10", "BJ"])) == ["ST", "BJ"]


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_d1_k1_copies_per_number_of_decks(decks):
    card = parse_card("S3")
    check_copies([card] * decks, decks=decks)
    with pytest.raises(BadInput) as caught:
        check_copies([card] * decks, [card], decks=decks)
    assert (caught.value.code, caught.value.field) == ("too_many_copies", "cards")


def test_copies_name_the_exact_card_when_the_groups_are_named():
    s3, s4 = parse_cards(["S3", "S4"])
    with pytest.raises(BadInput) as caught:
        check_copies([s4, s3], [s3, s4, s3], decks=2, fields=("cards", "previous"))
    assert caught.value.field == "previous[2]"
    assert extra_copy([[s4, s3], [s3, s4, s3]], decks=2) == (1, 2, s3, 3)
    assert extra_copy([[s3, s3, s3]], decks=3) is None


def test_guandan_keeps_its_copy_check_of_two_decks():
    with pytest.raises(BadInput) as caught:
        guandan.check_copies(guandan.parse_cards(["S3", "S3", "S3"]), field="hands")
    assert (caught.value.code, caught.value.field) == ("too_many_copies", "hands")


@pytest.mark.parametrize(
    ("value", "rank"), [("2", 2), ("10", 10), ("t", 10), ("A", 14), ("bj", 16), ("大王", 17), (9, 9)]
)
def test_ranks_parse(value, rank):
    assert parse_rank(value) == rank


@pytest.mark.parametrize("value", ["1", "11", "X", True, None, 14])
def test_unknown_ranks_are_refused_at_the_field(value):
    with pytest.raises(BadInput) as caught:
        parse_rank(value, field="declared.rank")
    assert (caught.value.code, caught.value.field) == ("unknown_rank", "declared.rank")


def test_ranks_format_with_10_and_joker_codes():
    assert [format_rank(r) for r in (2, 10, 14, 16, 17)] == ["2", "10", "A", "BJ", "RJ"]


def test_guandan_names_are_the_shared_objects():
    assert guandan.Suit is Suit and guandan.ACE == shared.ACE and guandan.format_cards is format_cards
    assert guandan.ALL_CODES == ALL_CODES
