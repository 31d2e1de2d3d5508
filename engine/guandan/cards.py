"""Cards, seats and levels of Guandan 掼蛋 (docs/rules/guandan.md G1, G2).

Pure Python: the rules engine never imports Django.

The notation, the parsers, interning and the copy count are every game's and live in
``engine/cards.py``; seats and sides in ``engine/seats.py``, which every game imports
directly (none through this module). This module keeps what is Guandan's: its card class with
the level-card rules of G2, two decks of 27-card hands, and levels.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine import cards as _shared
from engine.cards import (
    ACE,
    BIG_JOKER,
    RANK_CODES,
    SMALL_JOKER,
    CardPack,
    Suit,
    format_cards,
)
from engine.levels import LEVEL_A, LEVEL_CODES, PASSED_A, format_level, parse_level

__all__ = [
    "ACE",
    "ALL_CARDS",
    "ALL_CODES",
    "BIG_JOKER",
    "HAND_SIZE",
    "LEVEL_A",
    "LEVEL_CODES",
    "LEVEL_ORDER",
    "MAX_COPIES",
    "PASSED_A",
    "RANK_CODES",
    "SMALL_JOKER",
    "Card",
    "Suit",
    "check_copies",
    "format_cards",
    "format_level",
    "format_rank",
    "parse_card",
    "parse_cards",
    "parse_level",
]

# G2 order value of a level card: above A, below the jokers.
LEVEL_ORDER = 15

HAND_SIZE = 27
MAX_COPIES = 2  # two decks (G1)


@dataclass(frozen=True, slots=True, eq=False)
class Card(_shared.Card):
    """One card of Guandan: the shared card (engine/cards.py) with the rules of G2.

    Its own card class, so Guandan's parsers hand out cards that know levels and wilds; the
    other games' cards carry no such methods.
    """

    def is_wild(self, level: int) -> bool:
        """G2: the two heart level cards are wild (逢人配)."""
        return self.suit is Suit.HEARTS and self.rank == level

    def order(self, level: int) -> int:
        """G2 order for singles, pairs, triples, full houses and bombs."""
        if self.rank == level:
            return LEVEL_ORDER
        return self.rank


PACK = CardPack(Card)
ALL_CODES: tuple[str, ...] = PACK.codes
ALL_CARDS: tuple[Card, ...] = PACK.cards
parse_card = PACK.parse_card
parse_cards = PACK.parse_cards


def wild_codes(level: int | None) -> frozenset[str]:
    """G2: the codes of the cards wild at ``level`` (the heart level card, 逢人配), by ``is_wild``."""
    if level is None:
        return frozenset()
    return frozenset(card.code for card in ALL_CARDS if card.is_wild(level))


def check_copies(*groups: Iterable[Card], field: str = "cards") -> None:
    """G1: two decks, so no code may occur more than twice in one question."""
    _shared.check_copies(*groups, decks=MAX_COPIES, field=field)


# ---- levels (G2, G8) ------------------------------------------------------
# LEVEL_A, PASSED_A, LEVEL_CODES, format_level and parse_level are every level game's
# (engine/levels.py).


def format_rank(rank: int) -> str:
    """A rank for output: natural ranks as levels are written, jokers by code."""
    if rank == SMALL_JOKER:
        return "BJ"
    if rank == BIG_JOKER:
        return "RJ"
    return LEVEL_CODES[rank]
