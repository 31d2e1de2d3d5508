"""Tribute 进贡, return 还牌 and anti-tribute 抗贡 at the start of a deal (docs/rules/guandan.md G7).

``validate_tributes`` answers the referee question of ``POST /referee/tributes/validate``:
given the last deal's finishing order and the new hands as dealt, were the
tributes and returns made legal, is there an anti-tribute, and who leads? It parses the question
and asks ``check_tributes``, which takes parsed values (a scoresheet's posted deal is parsed once).

A malformed question raises ``BadInput`` (a 400, with the field it is about):
``unknown_seat``, ``unknown_card``, ``unknown_level``, ``too_many_copies``, ``missing_hand``,
``wrong_hand_size``, ``duplicate_seat`` (a hand given twice, or a seat twice in the finishing
order), ``finishing_order_incomplete`` and ``invalid`` (e.g. an item that is not
``{"from", "to", "card"}``); see ``question.py`` and ``finishing.py``.

A well-formed question always gets a ``TributeVerdict``; each tribute, each return and
each missing item carries one stable code from ``TributeCode``:

- ``unexpected_tribute``: a tribute in the first deal or despite an anti-tribute;
- ``tribute_wrong_payer``: the seat does not owe a tribute;
- ``duplicate_tribute``: the payer already paid;
- ``card_not_in_hand``: the giver does not hold the card (tributes and returns);
- ``wild_tributed``: a heart level card was tributed (G7: wilds are never tributed);
- ``tribute_not_highest``: not the payer's highest card by G2 order;
- ``tribute_wrong_receiver``: the card went to the wrong winner (double tribute pairing);
- ``missing_tribute``: an owed tribute was not made;
- ``unexpected_return``: a return with no tribute to answer (first deal, anti-tribute, or
  a seat that received nothing);
- ``duplicate_return``: the receiver already returned a card;
- ``return_wrong_receiver``: the return did not go back to the seat the tribute came from;
- ``return_not_allowed``: the card breaks ``profile.return_rule``;
- ``missing_return``: a receiver returned nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from engine.guandan.cards import BIG_JOKER, Card, format_cards
from engine.guandan.finishing import FinishingOrder, normalise_finishing_order
from engine.guandan.profiles import STANDARD, RuleProfile
from engine.guandan.question import SEATS, Transfer, parse_hands, parse_question_level, parse_transfers
from engine.guandan.tribute_rules import (
    double_tribute,
    returnable_cards,
    sorted_cards,
    tribute_cards,
)
from engine.seats import Seat


class TributeKind(StrEnum):
    SINGLE = "single"
    DOUBLE = "double"
    ANTI_TRIBUTE = "anti_tribute"
    NONE = "none"  # the first deal of a match: no last deal, no tribute


class TributeCode(StrEnum):
    UNEXPECTED_TRIBUTE = "unexpected_tribute"
    TRIBUTE_WRONG_PAYER = "tribute_wrong_payer"
    DUPLICATE_TRIBUTE = "duplicate_tribute"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    WILD_TRIBUTED = "wild_tributed"
    TRIBUTE_NOT_HIGHEST = "tribute_not_highest"
    TRIBUTE_WRONG_RECEIVER = "tribute_wrong_receiver"
    MISSING_TRIBUTE = "missing_tribute"
    UNEXPECTED_RETURN = "unexpected_return"
    DUPLICATE_RETURN = "duplicate_return"
    RETURN_WRONG_RECEIVER = "return_wrong_receiver"
    RETURN_NOT_ALLOWED = "return_not_allowed"
    MISSING_RETURN = "missing_return"


@dataclass(frozen=True, slots=True)
class ItemCheck:
    """The verdict on one tribute or return, in the order given."""

    index: int
    from_seat: Seat
    to_seat: Seat
    card: Card
    ok: bool
    code: TributeCode | None = None
    detail: str = ""
    legal_cards: tuple[Card, ...] = ()  # what this giver could legally have given

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "card": self.card.code, "ok": self.ok, **_item_dict(self)}


@dataclass(frozen=True, slots=True)
class MissingItem:
    """An owed tribute or return that was not made."""

    code: TributeCode
    from_seat: Seat
    to_seat: Seat
    detail: str
    legal_cards: tuple[Card, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return _item_dict(self)


def _item_dict(item: ItemCheck | MissingItem) -> dict[str, Any]:
    return {
        "from": str(item.from_seat),
        "to": str(item.to_seat),
        "code": None if item.code is None else str(item.code),
        "detail": item.detail,
        "legal_cards": format_cards(item.legal_cards),
    }


@dataclass(frozen=True, slots=True)
class TributeVerdict:
    kind: TributeKind
    finishing_order: FinishingOrder | None
    expected: tuple[tuple[Seat, Seat], ...]  # (payer, receiver); returns go the other way
    tributes: tuple[ItemCheck, ...]
    returns: tuple[ItemCheck, ...]
    missing: tuple[MissingItem, ...]
    anti_tribute: bool
    leader: Seat | None  # None for the first deal: a card draw decides (G7)
    valid: bool
    hands_after: Mapping[Seat, tuple[Card, ...]] | None  # only when everything is legal

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": str(self.kind),
            "finishing_order": None if self.finishing_order is None else self.finishing_order.codes(),
            "expected": [{"from": str(a), "to": str(b)} for a, b in self.expected],
            "tributes": [item.to_dict() for item in self.tributes],
            "returns": [item.to_dict() for item in self.returns],
            "missing": [item.to_dict() for item in self.missing],
            "anti_tribute": self.anti_tribute,
            "leader": None if self.leader is None else str(self.leader),
            "valid": self.valid,
            "hands_after": None
            if self.hands_after is None
            else {str(seat): format_cards(cards) for seat, cards in self.hands_after.items()},
        }


_Finding = tuple[TributeCode | None, str]  # (code, detail); no code: the item is legal


@dataclass(frozen=True, slots=True)
class _Plan:
    kind: TributeKind
    expected: tuple[tuple[Seat, Seat], ...]
    highest: Mapping[Seat, tuple[Card, ...]]  # per payer: its legal tribute cards
    leader: Seat | None


def validate_tributes(
    *,
    level: int | str,
    finishing_order: Sequence[object],
    hands: Mapping[Any, Iterable[object]],
    tributes: Sequence[Mapping[str, object]] = (),
    returns: Sequence[Mapping[str, object]] = (),
    profile: RuleProfile = STANDARD,
) -> TributeVerdict:
    """Check the tributes and returns at the start of a deal against G7.

    ``level`` is the level of the new deal; ``finishing_order`` the last deal's
    (empty for the first deal of a match); ``hands`` the new hands as dealt.
    """
    deal_level = parse_question_level(level)
    dealt = parse_hands(hands)
    given = parse_transfers(tributes, field="tributes")
    back = parse_transfers(returns, field="returns")
    finish = normalise_finishing_order(finishing_order) if finishing_order else None
    return check_tributes(
        level=deal_level, finish=finish, hands=dealt, tributes=given, returns=back, profile=profile
    )


def check_tributes(
    *,
    level: int,
    finish: FinishingOrder | None,
    hands: Mapping[Seat, Sequence[Card]],
    tributes: Sequence[Transfer] = (),
    returns: Sequence[Transfer] = (),
    profile: RuleProfile = STANDARD,
) -> TributeVerdict:
    """``validate_tributes`` of a question already parsed (a scoresheet's posted deal): the new
    deal's level, the last deal's finishing order (None for the first deal), the hands as dealt."""
    paid = tuple(item.from_seat for item in tributes)
    plan = _plan(level=level, finish=finish, hands=hands, profile=profile, paid=paid)

    working = {seat: Counter(cards) for seat, cards in hands.items()}
    tribute_checks = _check_tributes(tributes, plan=plan, level=level, working=working)
    return_checks = _check_returns(returns, plan=plan, level=level, working=working, profile=profile)
    missing = _missing(tributes, returns, plan=plan, level=level, working=working, profile=profile)

    valid = not missing and all(item.ok for item in tribute_checks + return_checks)
    hands_after = None
    if valid:
        hands_after = MappingProxyType(
            {seat: sorted_cards(working[seat].elements(), level) for seat in SEATS}
        )
    return TributeVerdict(
        kind=plan.kind,
        finishing_order=finish,
        expected=plan.expected,
        tributes=tribute_checks,
        returns=return_checks,
        missing=missing,
        anti_tribute=plan.kind is TributeKind.ANTI_TRIBUTE,
        leader=plan.leader,
        valid=valid,
        hands_after=hands_after,
    )


def _plan(
    *,
    level: int,
    finish: FinishingOrder | None,
    hands: Mapping[Seat, Sequence[Card]],
    profile: RuleProfile,
    paid: tuple[Seat, ...],
) -> _Plan:
    if finish is None:
        return _Plan(TributeKind.NONE, (), MappingProxyType({}), None)
    first = finish.first
    payers = finish.last_seats
    big_jokers = sum(card.rank == BIG_JOKER for payer in payers for card in hands[payer])
    if big_jokers == 2:  # G7 抗贡: single payer holds both, or the two payers between them
        return _Plan(TributeKind.ANTI_TRIBUTE, (), MappingProxyType({}), first)
    highest = {payer: tribute_cards(hands[payer], level) for payer in payers}
    if not finish.is_double_win:
        (payer,) = payers
        return _Plan(TributeKind.SINGLE, ((payer, first),), MappingProxyType(highest), payer)
    cards = {payer: highest[payer][0] for payer in payers}
    expected, leader = double_tribute(first=first, cards=cards, level=level, profile=profile, paid=paid)
    return _Plan(TributeKind.DOUBLE, expected, MappingProxyType(highest), leader)


def _check_tributes(
    items: Sequence[Transfer], *, plan: _Plan, level: int, working: dict[Seat, Counter[Card]]
) -> tuple[ItemCheck, ...]:
    receiver_of = dict(plan.expected)
    paid: set[Seat] = set()
    checks = []
    for item in items:
        legal = plan.highest.get(item.from_seat, ())
        code, detail = _tribute_problem(item, plan=plan, level=level, working=working, paid=paid)
        paid.add(item.from_seat)
        if item.from_seat in receiver_of:
            _move(item, working)
        checks.append(_check(item, code, detail, legal))
    return tuple(checks)


def _tribute_problem(
    item: Transfer, *, plan: _Plan, level: int, working: dict[Seat, Counter[Card]], paid: set[Seat]
) -> _Finding:
    giver, card = item.from_seat, item.card
    if plan.kind is TributeKind.NONE:
        return TributeCode.UNEXPECTED_TRIBUTE, "The first deal of a match has no tribute (G7)."
    if plan.kind is TributeKind.ANTI_TRIBUTE:
        return TributeCode.UNEXPECTED_TRIBUTE, "Anti-tribute: the payers hold both big jokers (G7)."
    receiver_of = dict(plan.expected)
    if giver not in receiver_of:
        payers = ", ".join(str(seat) for seat in receiver_of)
        return TributeCode.TRIBUTE_WRONG_PAYER, f"{giver} owes no tribute; the payer(s): {payers}."
    if giver in paid:
        return TributeCode.DUPLICATE_TRIBUTE, f"{giver} has already paid its tribute."
    if working[giver][card] == 0:
        return TributeCode.CARD_NOT_IN_HAND, f"{giver} does not hold {card}."
    if card.is_wild(level):
        return TributeCode.WILD_TRIBUTED, f"{card} is a wild (heart level card) and is never tributed (G7)."
    highest = plan.highest[giver]
    if card.order(level) < highest[0].order(level):
        legal = ", ".join(format_cards(highest))
        return TributeCode.TRIBUTE_NOT_HIGHEST, f"{card} is not {giver}'s highest card; give one of {legal}."
    if item.to_seat != receiver_of[giver]:
        return (
            TributeCode.TRIBUTE_WRONG_RECEIVER,
            f"{giver}'s tribute goes to {receiver_of[giver]}, not {item.to_seat} (G7).",
        )
    return None, ""


def _check_returns(
    items: Sequence[Transfer],
    *,
    plan: _Plan,
    level: int,
    working: dict[Seat, Counter[Card]],
    profile: RuleProfile,
) -> tuple[ItemCheck, ...]:
    payer_of = {receiver: payer for payer, receiver in plan.expected}
    returned: set[Seat] = set()
    checks = []
    for item in items:
        giver = item.from_seat
        legal: tuple[Card, ...] = ()
        if giver in payer_of:
            legal = returnable_cards(
                working[giver].elements(), level=level, giver=giver, receiver=payer_of[giver], profile=profile
            )
        code, detail = _return_problem(item, plan=plan, payer_of=payer_of, working=working, returned=returned)
        if code is None and item.card not in legal:
            code = TributeCode.RETURN_NOT_ALLOWED
            allowed = ", ".join(format_cards(legal))
            detail = f"{item.card} may not be returned under {profile.return_rule}; allowed: {allowed}."
        returned.add(giver)
        if giver in payer_of:
            _move(item, working)
        checks.append(_check(item, code, detail, legal))
    return tuple(checks)


def _return_problem(
    item: Transfer,
    *,
    plan: _Plan,
    payer_of: dict[Seat, Seat],
    working: dict[Seat, Counter[Card]],
    returned: set[Seat],
) -> _Finding:
    giver = item.from_seat
    if plan.kind in (TributeKind.NONE, TributeKind.ANTI_TRIBUTE):
        return TributeCode.UNEXPECTED_RETURN, f"No tribute was owed ({plan.kind}), so nothing is returned."
    if giver not in payer_of:
        return TributeCode.UNEXPECTED_RETURN, f"{giver} received no tribute and returns nothing."
    if giver in returned:
        return TributeCode.DUPLICATE_RETURN, f"{giver} has already returned a card."
    if item.to_seat != payer_of[giver]:
        return (
            TributeCode.RETURN_WRONG_RECEIVER,
            f"{giver} returns to {payer_of[giver]}, the seat its tribute came from (G7).",
        )
    if working[giver][item.card] == 0:
        return TributeCode.CARD_NOT_IN_HAND, f"{giver} does not hold {item.card} after the tribute."
    return None, ""


def _missing(
    tributes: Sequence[Transfer],
    returns: Sequence[Transfer],
    *,
    plan: _Plan,
    level: int,
    working: dict[Seat, Counter[Card]],
    profile: RuleProfile,
) -> tuple[MissingItem, ...]:
    paid = {item.from_seat for item in tributes}
    returned = {item.from_seat for item in returns}
    missing = []
    for payer, receiver in plan.expected:
        if payer not in paid:
            missing.append(
                MissingItem(
                    TributeCode.MISSING_TRIBUTE,
                    payer,
                    receiver,
                    f"{payer} owes {receiver} a tribute (G7).",
                    plan.highest[payer],
                )
            )
    for payer, receiver in plan.expected:
        if receiver not in returned:
            legal = returnable_cards(
                working[receiver].elements(), level=level, giver=receiver, receiver=payer, profile=profile
            )
            detail = f"{receiver} owes {payer} a return (G7)."
            missing.append(MissingItem(TributeCode.MISSING_RETURN, receiver, payer, detail, legal))
    return tuple(missing)


def _check(item: Transfer, code: TributeCode | None, detail: str, legal: tuple[Card, ...]) -> ItemCheck:
    return ItemCheck(item.index, item.from_seat, item.to_seat, item.card, code is None, code, detail, legal)


def _move(item: Transfer, working: dict[Seat, Counter[Card]]) -> None:
    # Only cards actually held move: the hands after tribute stay a true 108-card deal.
    if working[item.from_seat][item.card] > 0:
        working[item.from_seat][item.card] -= 1
        working[item.to_seat][item.card] += 1
