"""Cards as every game here writes them (docs/rules/guandan.md G1, docs/rules/doudizhu.md D1,
docs/rules/daguai.md K1).

Pure Python: the rules engines never import Django.

The games play with one to three standard 54-card packs. What they share is the notation
(suit + rank, ``BJ``/``RJ`` for the jokers, ``10``, lower case, ♠♥♣♦ and 小王/大王 accepted on
input), interned card objects and the count of copies a question may hold. What a card is
*worth* is each game's own rule, so the base :class:`Card` carries no order: Guandan subclasses
it with its level-card methods, the other games rank cards in their own modules.

A card is interned per card class: parsing the same code twice gives the same object, so cards
compare and hash by identity (in C) and the engines can count them in plain dicts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import chain
from typing import Any, Generic, TypeVar

from engine.errors import BadInput

# Natural ranks: 2..14 (A = 14). Jokers sit outside the natural ranks.
ACE = 14
SMALL_JOKER = 16
BIG_JOKER = 17

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


class Suit(StrEnum):
    SPADES = "S"
    HEARTS = "H"
    CLUBS = "C"
    DIAMONDS = "D"


_SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♣": "C", "♦": "D", "♤": "S", "♡": "H", "♧": "C", "♢": "D"}
_JOKER_ALIASES = {"BJ": "BJ", "RJ": "RJ", "小王": "BJ", "大王": "RJ"}
_DECK_WORDS = {1: "one deck holds", 2: "two decks hold", 3: "three decks hold"}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card. ``rank`` is natural (2..14) or SMALL_JOKER / BIG_JOKER; jokers have no suit.

    There is one object per card and card class (a :class:`CardPack` hands them out), so a
    card's equality and hash are its identity's, computed in C: a replay hashes cards hundreds
    of times per deal, and a generated ``__hash__`` of (rank, suit) was a tenth of its time.
    Copies and pickles give back that one object.
    """

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

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __reduce__(self) -> tuple[Callable[[type[Card], str], Card], tuple[type[Card], str]]:
        return _interned, (type(self), self.code)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self


_PACKS: dict[type[Card], CardPack[Any]] = {}


def _interned(card_class: type[Card], code: str) -> Card:
    card: Card = _PACKS[card_class].by_code[code]
    return card


#: The card class of a pack: its parsers hand out cards of that class (Guandan's know levels).
CardT = TypeVar("CardT", bound=Card)


class CardPack(Generic[CardT]):
    """The 54 interned cards of one card class, and the parsers that hand them out.

    ``parse_card`` and ``parse_cards`` are closures over the pack's dicts rather than methods:
    they run for every card of every play of a replay, and a closure reads its dicts as fast
    as module globals.
    """

    def __init__(self, card_class: type[CardT]) -> None:
        if card_class in _PACKS:  # a second pack would hand out a second object per card
            raise ValueError(f"{card_class.__qualname__} already has its pack")
        by_code: dict[str, CardT] = {}
        for suit in Suit:
            for rank, rank_code in RANK_CODES.items():
                by_code[f"{suit}{rank_code}"] = card_class(rank, suit)
        by_code["BJ"] = card_class(SMALL_JOKER, None)
        by_code["RJ"] = card_class(BIG_JOKER, None)
        self.card_class = card_class
        self.by_code: Mapping[str, CardT] = by_code
        self.codes: tuple[str, ...] = tuple(by_code)
        self.cards: tuple[CardT, ...] = tuple(by_code.values())
        self.parse_card, self.parse_cards = _parsers(card_class, by_code)
        _PACKS[card_class] = self


def _parsers(
    card_class: type[CardT], by_code: dict[str, CardT]
) -> tuple[Callable[[object], CardT], Callable[[Iterable[object]], tuple[CardT, ...]]]:
    cache: dict[str, CardT] = dict(by_code)

    def parse_card(code: object) -> CardT:
        """Parse a card code: canonical, ``10`` for ``T``, lower case, a suit symbol, 小王/大王."""
        if type(code) is card_class:
            return code
        if isinstance(code, Card):  # a card of another game's class: the same card of this one
            return by_code[code.code]
        if not isinstance(code, str):
            raise BadInput("unknown_card", f"Card codes are strings, not {code!r}.")
        card = cache.get(code)
        if card is not None:
            return card
        canonical = _canonical(code)
        card = by_code.get(canonical) if canonical is not None else None
        if card is None:
            raise BadInput("unknown_card", f"Unknown card code {code!r}.")
        if len(cache) < 4096:
            cache[code] = card
        return card

    def parse_cards(codes: Iterable[object]) -> tuple[CardT, ...]:
        if type(codes) is list or type(codes) is tuple:
            try:  # codes seen before (every canonical one): a lookup each, without a call
                return tuple([cache[code] for code in codes])
            except (KeyError, TypeError):
                pass
        return tuple(parse_card(c) for c in codes)

    return parse_card, parse_cards


def _canonical(code: str) -> str | None:
    text = code.strip().upper()
    if text in _JOKER_ALIASES:
        return _JOKER_ALIASES[text]
    if text[:1] in _SUIT_SYMBOLS:
        text = _SUIT_SYMBOLS[text[:1]] + text[1:]
    elif text[-1:] in _SUIT_SYMBOLS:  # rank-first form such as "10♥"
        text = _SUIT_SYMBOLS[text[-1:]] + text[:-1]
    suit, rank = text[:1], text[1:]
    if not suit or suit not in "SHCD" or rank not in _RANK_FROM_CODE:
        return None
    return f"{suit}{RANK_CODES[_RANK_FROM_CODE[rank]]}"


# The plain cards, for games whose cards carry no rule methods (Dou Dizhu, Daguai Luzi).
PACK = CardPack(Card)
ALL_CODES = PACK.codes
ALL_CARDS = PACK.cards
parse_card = PACK.parse_card
parse_cards = PACK.parse_cards


def extra_copy(groups: Iterable[Iterable[Card]], *, decks: int) -> tuple[int, int, Card, int] | None:
    """The first card beyond ``decks`` copies: (group index, index in that group, card, copies so far)."""
    counts: dict[Card, int] = {}
    for g, group in enumerate(groups):
        for i, card in enumerate(group):
            n = counts[card] = counts.get(card, 0) + 1
            if n > decks:
                return g, i, card, n
    return None


def check_copies(
    *groups: Iterable[Card], decks: int, field: str = "cards", fields: Sequence[str] | None = None
) -> None:
    """With ``decks`` packs no card occurs more than ``decks`` times in one question.

    Raises ``BadInput("too_many_copies")`` at ``field``; with ``fields`` (one name per group) at
    the exact card instead, such as ``cards[3]`` or ``hands.W[12]``.
    """
    counts = Counter(chain.from_iterable(groups))  # counted in C (cards hash by identity)
    if not counts or max(counts.values()) <= decks:
        return
    if fields is not None:
        found = extra_copy(groups, decks=decks)
        assert found is not None  # some card occurs more than ``decks`` times (counted above)
        g, i, card, n = found
        where = f"{fields[g]}[{i}]"
    else:
        card, n = next((card, n) for card, n in counts.items() if n > decks)
        where = field
    held = _DECK_WORDS.get(decks, f"{decks} decks hold")
    raise BadInput("too_many_copies", f"{card.code} occurs {n} times; {held} only {decks}.", field=where)


def format_cards(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


def format_rank(rank: int) -> str:
    """A rank for output: ``2``-``10``, ``J``, ``Q``, ``K``, ``A``; jokers by code."""
    if rank == SMALL_JOKER:
        return "BJ"
    if rank == BIG_JOKER:
        return "RJ"
    return "10" if rank == 10 else RANK_CODES[rank]


_RANK_INPUT = _RANK_FROM_CODE | {"BJ": SMALL_JOKER, "RJ": BIG_JOKER, "小王": SMALL_JOKER, "大王": BIG_JOKER}


def parse_rank(value: object, *, field: str = "rank") -> int:
    """A rank from input: ``2``-``10`` (``T`` too), ``J``, ``Q``, ``K``, ``A``, ``BJ``, ``RJ``."""
    rank = _RANK_INPUT.get(str(value).strip().upper()) if isinstance(value, str | int) else None
    if rank is None or isinstance(value, bool):
        raise BadInput(
            "unknown_rank", f"Unknown rank {value!r}; use 2-10, J, Q, K, A, BJ or RJ.", field=field
        )
    return rank
