"""Cards, seats and levels of Guandan 掼蛋 (docs/guandan.md G1, G2).

Pure Python: the rules engine never imports Django.

A card is interned: parsing the same code twice gives the same object, so
cards compare and hash cheaply and the engine can count them with ``Counter``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from referee.games.errors import BadInput

# Natural ranks: 2..14 (A = 14). Jokers sit outside the natural ranks.
ACE = 14
SMALL_JOKER = 16
BIG_JOKER = 17
# G2 order value of a level card: above A, below the jokers.
LEVEL_ORDER = 15

RANK_CODES = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "T",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}
_RANK_FROM_CODE = {v: k for k, v in RANK_CODES.items()} | {"10": 10}

HAND_SIZE = 27
MAX_COPIES = 2  # two decks (G1)


class Suit(StrEnum):
    SPADES = "S"
    HEARTS = "H"
    CLUBS = "C"
    DIAMONDS = "D"


_SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♣": "C", "♦": "D", "♤": "S", "♡": "H", "♧": "C", "♢": "D"}


class Seat(StrEnum):
    """Seats N, E, S, W; partners sit opposite (G1)."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def partner(self) -> Seat:
        return _PARTNER[self]

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.N, Seat.S) else Side.EW


class Side(StrEnum):
    NS = "NS"
    EW = "EW"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.N, Seat.S) if self is Side.NS else (Seat.E, Seat.W)

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS


_PARTNER = {Seat.N: Seat.S, Seat.S: Seat.N, Seat.E: Seat.W, Seat.W: Seat.E}

# G1: play goes counterclockwise N -> W -> S -> E by default.
_ORDER = {
    "counterclockwise": (Seat.N, Seat.W, Seat.S, Seat.E),
    "clockwise": (Seat.N, Seat.E, Seat.S, Seat.W),
}


def seat_order(direction: str = "counterclockwise") -> tuple[Seat, Seat, Seat, Seat]:
    return _ORDER[direction]


def next_seat(seat: Seat, direction: str = "counterclockwise") -> Seat:
    """The seat that plays after ``seat`` (its 下家)."""
    order = _ORDER[direction]
    return order[(order.index(seat) + 1) % 4]


def parse_seat(value: str) -> Seat:
    try:
        return Seat(str(value).strip().upper())
    except ValueError:
        raise BadInput("unknown_seat", f"Unknown seat {value!r}; use N, E, S or W.") from None


@dataclass(frozen=True, slots=True)
class Card:
    """One card. ``rank`` is natural (2..14) or SMALL_JOKER / BIG_JOKER."""

    rank: int
    suit: Suit | None

    @property
    def code(self) -> str:
        if self.rank == SMALL_JOKER:
            return "BJ"
        if self.rank == BIG_JOKER:
            return "RJ"
        return f"{self.suit}{RANK_CODES[self.rank]}"

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    def is_level_card(self, level: int) -> bool:
        return self.rank == level

    def is_wild(self, level: int) -> bool:
        """G2: the two heart level cards are wild (逢人配)."""
        return self.suit is Suit.HEARTS and self.rank == level

    def order(self, level: int) -> int:
        """G2 order for singles, pairs, triples, full houses and bombs."""
        if self.rank == level:
            return LEVEL_ORDER
        return self.rank

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


_CARDS: dict[str, Card] = {}
for _suit in Suit:
    for _rank, _rc in RANK_CODES.items():
        _CARDS[f"{_suit}{_rc}"] = Card(_rank, _suit)
_CARDS["BJ"] = Card(SMALL_JOKER, None)
_CARDS["RJ"] = Card(BIG_JOKER, None)
ALL_CODES: tuple[str, ...] = tuple(_CARDS)
ALL_CARDS: tuple[Card, ...] = tuple(_CARDS.values())
_PARSE_CACHE: dict[str, Card] = dict(_CARDS)
_JOKER_ALIASES = {"BJ": "BJ", "RJ": "RJ", "小王": "BJ", "大王": "RJ"}


def parse_card(code: object) -> Card:
    """Parse a card code: canonical, ``10`` for ``T``, lower case or a suit symbol."""
    if isinstance(code, Card):
        return code
    if not isinstance(code, str):
        raise BadInput("unknown_card", f"Card codes are strings, not {code!r}.")
    card = _PARSE_CACHE.get(code)
    if card is not None:
        return card
    text = code.strip().upper()
    if text in _JOKER_ALIASES:
        card = _CARDS[_JOKER_ALIASES[text]]
    else:
        if text[:1] in _SUIT_SYMBOLS:
            text = _SUIT_SYMBOLS[text[:1]] + text[1:]
        elif text[-1:] in _SUIT_SYMBOLS:  # rank-first form such as "10♥"
            text = _SUIT_SYMBOLS[text[-1:]] + text[:-1]
        suit, rank = text[:1], text[1:]
        if suit not in "SHCD" or not suit or rank not in _RANK_FROM_CODE:
            raise BadInput("unknown_card", f"Unknown card code {code!r}.")
        card = _CARDS[f"{suit}{RANK_CODES[_RANK_FROM_CODE[rank]]}"]
    if len(_PARSE_CACHE) < 4096:
        _PARSE_CACHE[code] = card
    return card


def parse_cards(codes: Iterable[object]) -> tuple[Card, ...]:
    return tuple(parse_card(c) for c in codes)


def check_copies(*groups: Iterable[Card], field: str = "cards") -> None:
    """G1: two decks, so no code may occur more than twice in one question."""
    counts: Counter[Card] = Counter()
    for group in groups:
        counts.update(group)
    for card, n in counts.items():
        if n > MAX_COPIES:
            raise BadInput(
                "too_many_copies",
                f"{card.code} occurs {n} times; two decks hold only {MAX_COPIES}.",
                field=field,
            )


def format_cards(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


# ---- levels (G2, G8) ------------------------------------------------------
LEVEL_A = ACE
PASSED_A = 15  # G8: passing A (过A) counts as 15
LEVEL_CODES = {**{r: ("10" if r == 10 else c) for r, c in RANK_CODES.items()}, PASSED_A: "A+"}
_LEVEL_FROM_CODE = {v: k for k, v in LEVEL_CODES.items()} | {"T": 10}


def parse_level(value: object, *, allow_passed: bool = False, field: str = "level") -> int:
    """Parse a level: ``2``-``10``, ``J``, ``Q``, ``K``, ``A`` (``T`` too); ``A+`` when allowed."""
    text = str(value).strip().upper()
    level = _LEVEL_FROM_CODE.get(text)
    if level is None or (level == PASSED_A and not allow_passed):
        raise BadInput("unknown_level", f"Unknown level {value!r}; use 2-10, J, Q, K or A.", field=field)
    return level


def format_level(level: int) -> str:
    return LEVEL_CODES[level]


def format_rank(rank: int) -> str:
    """A rank for output: natural ranks as levels are written, jokers by code."""
    if rank == SMALL_JOKER:
        return "BJ"
    if rank == BIG_JOKER:
        return "RJ"
    return LEVEL_CODES[rank]
