"""The Daguai Luzi classifier against a slow checker written the other way round (docs/rules/daguai.md
K2, K3).

The engine counts ranks and suits and works out what the jokers must supply. The checker puts
every card in each joker's place, one substitution after another, classifies the natural cards
by the definitions of K2, and collects what it finds; jokers alone are the joker groups of K2.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import ALL_CARDS, Suit
from engine.daguai.readings import readings

NATURALS = [card for card in ALL_CARDS if not card.is_joker]
JOKERS = [card for card in ALL_CARDS if card.is_joker]


def group(rank: int) -> int:
    return 15 if rank == 2 else rank


def natural_kinds(ranks: list[int], suits: list[Suit], jokers: list[bool]) -> set[tuple[str, int]]:
    """K2 on five natural cards, straight from the definitions; ``jokers`` marks the substituted ones."""
    found = set()
    counts = sorted(Counter(ranks).values())
    top = max(ranks)
    if counts == [5]:
        found.add(("five_of_a_kind", group(ranks[0])))
    if counts == [1, 4]:
        found.add(("four_single", group(Counter(ranks).most_common(1)[0][0])))
    if counts == [2, 3]:
        found.add(("full_house", group(Counter(ranks).most_common(1)[0][0])))
    straight = None
    if counts == [1] * 5:
        if top - min(ranks) == 4:
            straight = top
        elif sorted(ranks) == [2, 3, 4, 5, 14]:
            straight = 5  # A low before the 2
    if straight:
        found.add(("straight", straight))
    if len(set(suits)) == 1:
        value = 0
        for rank in sorted(
            (0 if joker else rank for rank, joker in zip(ranks, jokers, strict=True)), reverse=True
        ):
            value = value * 16 + rank  # a joker in a flush has no point
        found.add(("flush", value))
        if straight:
            found.add(("straight_flush", straight))
    return found


def slow_kinds(cards) -> set[tuple[str, int]]:
    jokers = [card for card in cards if card.is_joker]
    naturals = [card for card in cards if not card.is_joker]
    if not naturals:  # jokers alone: a small-joker group unless every joker is big
        kind = {1: "single", 2: "pair", 3: "triple", 5: "five_of_a_kind"}.get(len(cards))
        return {(kind, 17 if all(c.rank == 17 for c in cards) else 16)} if kind else set()
    if len(cards) < 5:
        kind = {1: "single", 2: "pair", 3: "triple"}.get(len(cards))
        same = len({card.rank for card in naturals}) == 1
        return {(kind, group(naturals[0].rank))} if kind and same else set()
    if len(cards) != 5:
        return set()
    # Each joker as every rank, in the naturals' suit (a flush can use it) or in another.
    suits = {card.suit for card in naturals}
    choices = [
        (rank, suit) for rank in range(2, 15) for suit in (suits if len(suits) == 1 else set()) | {None}
    ]
    found = set()
    for stand_ins in combinations_with_replacement(choices, len(jokers)):  # jokers are interchangeable
        ranks = [card.rank for card in naturals] + [rank for rank, _ in stand_ins]
        card_suits = [card.suit for card in naturals] + [suit or "other" for _, suit in stand_ins]
        found |= natural_kinds(ranks, card_suits, [False] * len(naturals) + [True] * len(jokers))
    return found


@st.composite
def plays(draw):
    """1, 2, 3 or 5 cards from a few neighbouring ranks, one or two suits, and up to three jokers."""
    size = draw(st.sampled_from([1, 2, 3, 5, 5, 5]))
    jokers = draw(st.integers(0, min(size, 3)))
    low = draw(st.integers(2, 10))
    suits = draw(st.sampled_from([[Suit.SPADES], [Suit.SPADES, Suit.HEARTS], list(Suit)]))
    pool = [card for card in NATURALS if low <= card.rank <= low + 4 or card.rank in (2, 14)]
    pool = [card for card in pool if card.suit in suits]
    return [draw(st.sampled_from(pool)) for _ in range(size - jokers)] + [
        draw(st.sampled_from(JOKERS)) for _ in range(jokers)
    ]


@settings(max_examples=300, deadline=None)
@given(plays())
def test_k2_classifier_agrees_with_the_brute_force_checker(cards):
    assert {(r.type.value, r.value) for r in readings(cards)} == slow_kinds(cards)


def test_k2_four_jokers_and_one_card_agree_with_the_checker():
    cards = [JOKERS[0], JOKERS[1], JOKERS[0], JOKERS[1], next(c for c in NATURALS if c.rank == 9)]
    assert {(r.type.value, r.value) for r in readings(cards)} == slow_kinds(cards)
