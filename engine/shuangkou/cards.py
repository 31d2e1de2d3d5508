"""Cards, levels and the order of trumps in Shuangkou (docs/rules/shuangkou.md S1, S2).

A deal's cards are judged through a :class:`TrumpTable` for its level and trump suit: each card's
**group** (``TRUMP``, or the suit of a side card), which is what following suit means, and its
**power**, an integer that orders the cards of one group and makes tractors easy: two pairs of
one group are adjacent exactly when their powers differ by one (S2 "adjacent"). Cards of equal
power (the level cards of the side suits) are equal; the first played of them wins.

Tables are built once per (level, trump suit) and cached: a replay looks cards up hundreds of
times, so the lookups are plain dicts keyed by the interned cards of engine/cards.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from engine.cards import ALL_CARDS, BIG_JOKER, SMALL_JOKER, Card, Suit
from engine.errors import BadInput
from engine.seats import Seat
from engine.shuangkou.profiles import RuleProfile

DECKS = 2
HAND_SIZE = 25  # S1: 4 x 25 dealt, 8 to the bottom
BOTTOM_SIZE = 8
DEALER_HAND = HAND_SIZE + BOTTOM_SIZE  # the dealer holds the bottom until it buries 8
SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)

FIRST_LEVEL = 2
ACE = 14
NO_TRUMP = 15  # S9: the final no-trump deal, played after A; no level cards, only jokers are trump
TRUMP = "T"  # the group of every trump; a side card's group is its suit's letter

_LEVEL_CODES = {
    **{rank: str(rank) for rank in range(2, 11)},
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
    NO_TRUMP: "NT",
}
_LEVELS_IN = {code: level for level, code in _LEVEL_CODES.items()} | {"T": 10, "NOTRUMP": NO_TRUMP}
#: Every level as the engine writes it (``format_level``), lowest first.
LEVELS: tuple[str, ...] = tuple(_LEVEL_CODES.values())


def parse_level(value: object, *, field: str = "level") -> int:
    """A level from input: ``2``-``10`` (or ``T``), ``J``, ``Q``, ``K``, ``A``; ``NT``: the no-trump deal."""
    if isinstance(value, int) and not isinstance(value, bool) and 2 <= value <= NO_TRUMP:
        return value
    level = _LEVELS_IN.get(value.strip().upper()) if isinstance(value, str) else None
    if level is None:
        raise BadInput("unknown_level", f"Unknown level {value!r}; use 2-10, J, Q, K, A or NT.", field=field)
    return level


def format_level(level: int) -> str:
    return _LEVEL_CODES[level]


def parse_trump_suit(value: object, *, field: str = "trump") -> Suit | None:
    """The trump suit from input: ``S``, ``H``, ``C``, ``D`` (or ♠♥♣♦); None or ``none``: no trump suit."""
    if value is None or (isinstance(value, str) and value.strip().lower() in ("", "none", "nt")):
        return None
    text = value.strip().upper() if isinstance(value, str) else ""
    text = {"♠": "S", "♥": "H", "♣": "C", "♦": "D"}.get(text, text)
    try:
        return Suit(text)
    except ValueError:
        detail = f"Unknown trump suit {value!r}; use S, H, C, D or none."
        raise BadInput("unknown_suit", detail, field=field) from None


@dataclass(frozen=True, slots=True, eq=False)
class TrumpTable:
    """S2 for one deal: every card's group and power. Build with :func:`trump_table`."""

    level: int  # 2..14, or NO_TRUMP
    suit: Suit | None  # the trump suit; None when jokers were declared or in the no-trump deal
    group: Mapping[Card, str]
    power: Mapping[Card, int]

    @property
    def level_rank(self) -> int | None:
        """The rank of the level cards; None in the no-trump deal, which has none."""
        return None if self.level == NO_TRUMP else self.level

    def is_trump(self, card: Card) -> bool:
        return self.group[card] == TRUMP


# Trump powers start here, so a trump's power is above every side card's (a ruff compares only
# among trumps, but one scale keeps "highest card of a play" a plain max).
TRUMP_BASE = 100


@lru_cache(maxsize=128)
def trump_table(level: int, suit: Suit | None) -> TrumpTable:
    """S2: the order of one deal's cards.

    Side suits: A high … 2 low, the level rank left out. Trumps, low to high: the trump suit
    A high … 2 low without the level rank, then the level cards of the other suits (all equal),
    the trump suit's level card, the small jokers, the big jokers. Without a trump suit the level
    cards of all four suits are the equal lowest trumps; in the no-trump deal only jokers are.
    """
    if level == NO_TRUMP and suit is not None:
        raise BadInput("invalid", "The no-trump deal has no trump suit (S9).", field="trump")
    level_rank = None if level == NO_TRUMP else level
    ranks = [rank for rank in range(2, ACE + 1) if rank != level_rank]
    group: dict[Card, str] = {}
    power: dict[Card, int] = {}
    for card in ALL_CARDS:
        if card.suit is None:
            continue
        if card.rank == level_rank:
            group[card] = TRUMP
        elif card.suit == suit:
            group[card] = TRUMP
            power[card] = TRUMP_BASE + ranks.index(card.rank)
        else:
            group[card] = card.suit.value
            power[card] = ranks.index(card.rank)
    top = TRUMP_BASE + (len(ranks) if suit is not None else 0)  # the first power above the trump suit
    if level_rank is not None:
        for card in ALL_CARDS:
            if card.rank == level_rank:
                power[card] = top + 1 if card.suit == suit else top
        top += 2 if suit is not None else 1
    for card in ALL_CARDS:
        if card.rank == SMALL_JOKER:
            group[card], power[card] = TRUMP, top
        elif card.rank == BIG_JOKER:
            group[card], power[card] = TRUMP, top + 1
    return TrumpTable(level=level, suit=suit, group=group, power=power)


@lru_cache(maxsize=16)
def card_points(five: int = 5, ten: int = 10, king: int = 10) -> Mapping[Card, int]:
    """S6: the point cards (5s, 10s and Ks; 200 in two decks by default) and their values."""
    values = {5: five, 10: ten, 13: king}
    return {card: values.get(card.rank, 0) for card in ALL_CARDS}


def points_of(profile: RuleProfile) -> Mapping[Card, int]:
    """The card points of a rule profile."""
    return card_points(profile.five_points, profile.ten_points, profile.king_points)
