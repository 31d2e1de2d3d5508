"""The Dou Dizhu classifier against a slow checker written the other way round (docs/rules/doudizhu.md D4).

The engine counts ranks and works out the shape; the checker below enumerates every combination
D4 allows, as sorted lists of ranks, and looks the hand up among them.
"""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import ALL_CARDS
from engine.doudizhu.readings import readings

NATURAL = range(2, 15)
JOKERS = (16, 17)


def window(start: int, length: int) -> list[int]:
    """Ranks at positions start … start+length-1, where position 1 is the low ace and 14 the high one."""
    return [14 if p == 1 else p for p in range(start, start + length)]


def windows(length: int):
    for start in range(1, 16 - length):
        ranks = window(start, length)
        if len(set(ranks)) == length:  # a run uses each rank once
            yield start + length - 1, ranks


@cache
def templates() -> dict[tuple[int, ...], set[tuple[str, int]]]:
    """Every D4 combination of up to 16 cards as (sorted ranks) -> {(type, main rank)}."""
    found: dict[tuple[int, ...], set[tuple[str, int]]] = {}

    def add(ranks, combo, rank):
        found.setdefault(tuple(sorted(ranks)), set()).add((combo, rank))

    for rank in (*NATURAL, *JOKERS):
        add([rank], "single", rank)
        add([rank] * 2, "pair", rank)
    for rank in NATURAL:
        add([rank] * 3, "triple", rank)
        for size in range(4, 9):
            add([rank] * size, "bomb", rank)
        for pair in (*NATURAL, *JOKERS):
            if pair != rank:
                add([rank] * 3 + [pair] * 2, "triple_pair", rank)
    add([16, 16, 17, 17], "joker_bomb", 17)
    for combo, width, least in (("straight", 1, 5), ("pair_sequence", 2, 3), ("triple_sequence", 3, 2)):
        for length in range(least, 14):
            if width * length <= 16:
                for top, ranks in windows(length):
                    add([r for r in ranks for _ in range(width)], combo, top)
    for length in (2, 3):
        for top, body in windows(length):
            for _, wings in windows(length):
                if not set(body) & set(wings):
                    add(
                        [r for r in body for _ in range(3)] + [r for r in wings for _ in range(2)],
                        "airplane",
                        top,
                    )
    return found


def slow_readings(cards) -> set[tuple[str, int]]:
    matches = templates().get(tuple(sorted(card.rank for card in cards)), set())
    # The thirteen ranks A…K and 2…A are one set: D4 reads it A high (the highest top).
    return (
        {max(matches, key=lambda m: m[1])}
        if len({m[0] for m in matches}) == 1 and len(matches) > 1
        else matches
    )


BY_RANK = {rank: [card for card in ALL_CARDS if card.rank == rank] * 2 for rank in (*NATURAL, *JOKERS)}


ALL_RANKS = (*NATURAL, *JOKERS)


@st.composite
def hands(draw):
    """A combination of D4 or a near miss: a template's ranks with up to two cards added, dropped or
    changed, dealt from two decks (a rank the decks cannot hold that often is dropped)."""
    ranks = list(draw(st.sampled_from(sorted(templates()))))
    for _ in range(draw(st.integers(0, 2))):
        change = draw(st.sampled_from(["add", "drop", "swap"]))
        if change != "add" and len(ranks) > 1:
            ranks.pop(draw(st.integers(0, len(ranks) - 1)))
        if change != "drop":
            ranks.append(draw(st.sampled_from(ALL_RANKS)))
    # The checker knows the combinations of up to 16 cards: two cards added to a 16-card template
    # (2233…1010, 18 cards) make a combination it cannot know, not a near miss.
    del ranks[16:]
    cards = []
    for rank in ranks:
        left = [card for card in BY_RANK[rank] if cards.count(card) < BY_RANK[rank].count(card)]
        if left:
            cards.append(draw(st.sampled_from(sorted(set(left), key=str))))
    return cards


@settings(max_examples=600, deadline=None)
@given(hands())
def test_d4_classifier_agrees_with_the_brute_force_checker(cards):
    assert {(r.type.value, r.rank) for r in readings(cards)} == slow_readings(cards)


def test_d4_the_checker_knows_the_shapes_of_the_rule_sheet():
    assert templates()[(3, 3, 3, 4, 4, 4, 6, 6, 7, 7)] == {("airplane", 4)}
    assert (3, 3, 3, 4, 4, 4, 6, 6, 8, 8) not in templates()
    assert templates()[(2, 2, 3, 3, 14, 14)] == {("pair_sequence", 3)}
