"""Declaring trump in Shuangkou: showing level cards, overcalls, and turning the bottom
(docs/rules/shuangkou.md S3).

During the deal a player may show a level card of the deal's level: its suit becomes trump. A
later call must be stronger, and only two cards overcall: two identical level cards, two small
jokers, two big jokers (strength 2, 3, 4 against a single card's 1). Two jokers leave the deal
without a trump suit. Calls end when the dealer takes the bottom. Nobody called: the bottom is
turned card by card until a level card shows, whose suit is trump; if none does, the suit of
the highest card. The final no-trump deal has no calls at all.

The first deal of a match is dealt by the first player to call; an overcall does not move the
deal (反主不反庄).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.cards import BIG_JOKER, SMALL_JOKER, Card, Suit, parse_card, parse_cards
from engine.errors import BadInput
from engine.hands import with_field
from engine.seats import Seat, parse_seat_of
from engine.shuangkou.cards import NO_TRUMP
from engine.shuangkou.violations import Part, ShuangkouViolation, Violation, ViolationCode, broken

STRENGTH_NAMES = {1: "a level card", 2: "two level cards", 3: "two small jokers", 4: "two big jokers"}


class TrumpSource(StrEnum):
    """How the deal's trump was settled (S3)."""

    DECLARED = "declared"  # a level card, or two, shown
    JOKERS = "jokers"  # two jokers: no trump suit
    BOTTOM_LEVEL_CARD = "bottom_level_card"  # nobody called; a level card turned up in the bottom
    BOTTOM_HIGHEST = "bottom_highest"  # nobody called and no level card in the bottom
    NO_TRUMP_DEAL = "no_trump_deal"  # S9: only the jokers are trump


@dataclass(frozen=True, slots=True)
class Declaration:
    """A call: ``seat`` shows ``cards``; ``after_bottom`` when it came after the dealer took the bottom."""

    seat: Seat
    cards: tuple[Card, ...]
    after_bottom: bool = False

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat.value, "cards": [c.code for c in self.cards]}
        if self.after_bottom:
            out["after_bottom"] = True
        return out


@dataclass(frozen=True, slots=True)
class DeclarationResult:
    """The verdict on a deal's calls: the trump suit and the dealer, or the first call that broke S3."""

    valid: bool
    violation: Violation | None
    trump_suit: Suit | None
    source: TrumpSource | None
    first_caller: Seat | None  # deals the first deal of a match
    standing_call: int | None  # index of the call that stands
    turned: int | None  # the bottom card that settled trump when nobody called
    dealer: Seat | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "violation": self.violation.to_dict() if self.violation else None,
            "trump_suit": self.trump_suit.value if self.trump_suit else None,
            "source": self.source.value if self.source else None,
            "first_caller": self.first_caller.value if self.first_caller else None,
            "standing_call": self.standing_call,
            "turned": self.turned,
            "dealer": self.dealer.value if self.dealer else None,
        }


def parse_seat(value: object, *, field: str = "seat") -> Seat:
    return parse_seat_of(Seat, value, hint="N, E, S or W", field=field)


def parse_declaration(value: object, *, field: str) -> Declaration:
    """A call from ``{"seat": "N", "cards": ["H2"]}``, optionally with ``"after_bottom": true``."""
    if type(value) is Declaration:
        return value
    if not isinstance(value, Mapping):
        raise BadInput("invalid_declaration", "A call is an object with a seat and cards.", field=field)
    seat = parse_seat(value.get("seat"), field=f"{field}.seat")
    codes = value.get("cards")
    if isinstance(codes, str | bytes) or not isinstance(codes, list | tuple) or not 1 <= len(codes) <= 2:
        raise BadInput("invalid_declaration", "A call shows one or two cards.", field=f"{field}.cards")
    try:
        cards = parse_cards(codes)
    except BadInput:
        cards = tuple(with_field(f"{field}.cards.{i}", parse_card, code) for i, code in enumerate(codes))
    late = value.get("after_bottom", False)
    if not isinstance(late, bool):
        raise BadInput("invalid", "after_bottom is true or false.", field=f"{field}.after_bottom")
    return Declaration(seat, cards, late)


def strength(cards: Sequence[Card], level: int) -> tuple[int, Suit | None] | None:
    """S3: a call's strength (1-4) and the suit it names (None: no trump suit); None if no call."""
    if len(cards) == 1 and cards[0].rank == level:
        return 1, cards[0].suit
    if len(cards) == 2 and cards[0] is cards[1]:
        rank = cards[0].rank
        if rank == level:
            return 2, cards[0].suit
        if rank == SMALL_JOKER:
            return 3, None
        if rank == BIG_JOKER:
            return 4, None
    return None


def turn_bottom(bottom: Sequence[Card], level: int) -> tuple[Suit, int, TrumpSource]:
    """S3: nobody called. The first level card turned names trump; else the highest card's suit.

    **Decision**: jokers have no suit and are passed over; of equal highest cards the first
    turned counts.
    """
    for i, card in enumerate(bottom):
        if card.rank == level and card.suit is not None:  # a level card is never a joker
            return card.suit, i, TrumpSource.BOTTOM_LEVEL_CARD
    best = max((i for i, c in enumerate(bottom) if c.suit is not None), key=lambda i: (bottom[i].rank, -i))
    suit = bottom[best].suit
    assert suit is not None  # best is one of the suited cards
    return suit, best, TrumpSource.BOTTOM_HIGHEST


def judge_declarations(
    *,
    level: int,
    hands: Mapping[Seat, Sequence[Card]],
    bottom: Sequence[Card],
    declarations: Sequence[Declaration],
    dealer: Seat | None = None,
    first_deal: bool = False,
) -> DeclarationResult:
    """S3 on parsed values: each call in order, then the trump and the dealer.

    ``dealer`` None means the first deal of a match, dealt by the first caller. Checked for each
    call, in this order: ``declaration_not_allowed`` (the no-trump deal), ``declaration_after_bottom``,
    ``card_not_in_hand`` (the seat's 25 dealt cards), ``invalid_declaration``,
    ``overcall_too_weak``; then ``wrong_dealer`` (a first deal whose dealer is not the first caller).
    """
    first_deal = first_deal or dealer is None
    current = 0
    suit: Suit | None = None
    standing: int | None = None
    counts = {seat: _count(cards) for seat, cards in hands.items()}
    for index, call in enumerate(declarations):
        try:
            called = _judge_call(call, level, counts[call.seat], current)
        except ShuangkouViolation as error:
            violation = Violation(Part.DECLARATIONS, index, error.code, error.detail, card=error.card)
            first = declarations[0].seat if index else None
            return DeclarationResult(False, violation, None, None, first, standing, None, dealer)
        current, suit = called
        standing = index
    first_caller = declarations[0].seat if declarations else None
    if first_deal and first_caller is not None:
        if dealer is not None and dealer != first_caller:
            detail = f"The first deal is dealt by the first caller, {first_caller}, not {dealer} (S3)."
            violation = Violation(Part.DECLARATIONS, 0, ViolationCode.WRONG_DEALER, detail)
            return DeclarationResult(False, violation, None, None, first_caller, standing, None, dealer)
        dealer = first_caller
    if dealer is None:
        raise BadInput("missing_dealer", "Nobody called: name the first deal's dealer (S3).", field="dealer")
    if level == NO_TRUMP:
        return DeclarationResult(
            True, None, None, TrumpSource.NO_TRUMP_DEAL, first_caller, None, None, dealer
        )
    if standing is not None:
        source = TrumpSource.JOKERS if suit is None else TrumpSource.DECLARED
        return DeclarationResult(True, None, suit, source, first_caller, standing, None, dealer)
    suit, turned, source = turn_bottom(bottom, level)
    return DeclarationResult(True, None, suit, source, None, None, turned, dealer)


def _count(cards: Iterable[Card]) -> dict[Card, int]:
    counts: dict[Card, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return counts


def _judge_call(
    call: Declaration, level: int, held: Mapping[Card, int], current: int
) -> tuple[int, Suit | None]:
    if level == NO_TRUMP:
        detail = "The no-trump deal has no calls: only jokers are trump (S9)."
        raise broken(ViolationCode.DECLARATION_NOT_ALLOWED, detail)
    if call.after_bottom:
        raise broken(
            ViolationCode.DECLARATION_AFTER_BOTTOM, "Calls end when the dealer takes the bottom (S3)."
        )
    shown: dict[Card, int] = {}
    for i, card in enumerate(call.cards):
        shown[card] = shown.get(card, 0) + 1
        if held.get(card, 0) < shown[card]:  # the second copy is the one at fault
            raise broken(
                ViolationCode.CARD_NOT_IN_HAND, f"{call.seat} was not dealt {card.code} (S3).", card=i
            )
    called = strength(call.cards, level)
    if called is None:
        detail = "A call shows a level card, two identical level cards, two small or two big jokers (S3)."
        raise broken(ViolationCode.INVALID_DECLARATION, detail)
    if called[0] <= current:
        detail = (
            f"{STRENGTH_NAMES[called[0]].capitalize()} cannot overcall {STRENGTH_NAMES[current]}: an overcall"
            " needs two identical level cards, two small jokers or two big jokers, each above the last (S3)."
        )
        raise broken(ViolationCode.OVERCALL_TOO_WEAK, detail)
    return called
