"""A tribute as a scorekeeper records it (docs/rules/guandan.md G7), checked without the hands.

A scorekeeper posting a deal may record who paid which card to whom, the returns, or an
anti-tribute with the big jokers shown. ``check_tribute_record`` checks all of it that can be
checked without the hands as dealt: who pays and who receives (G7, the double-tribute pairing of
``tribute_rules.double_tribute``), one tribute and one return each, no wild tributed, the
return rule as far as the card alone shows it, and the anti-tribute's two big jokers shown by
the payers. Two things need the hands, which a record usually lacks:

- that a tribute is the payer's **highest** card (G7): not checked without hands;
- the return rule's fallback: a receiver holding no card the rule allows returns its lowest
  card (G7 ``max_ten``). Without hands such a return is reported ``return_not_allowed``; record
  the hands so the engine can apply the fallback.

``check_tribute`` is the same check on values already parsed (a scoresheet's posted deal); the
question's ``check_tribute_record`` parses and asks it. With ``hands`` the record is checked in
full by ``tribute.check_tributes``, and the recorded anti-tribute must agree with the hands.

A malformed record raises ``BadInput`` with its field (the codes of ``question.py`` and
``finishing.py``; ``invalid`` for an ``anti_tribute`` item that is not ``{"seat", "card"}``).
A well-formed record always gets a ``TributeRecord``, whose problems carry a ``TributeCode``
(``unexpected_tribute``, ``tribute_wrong_payer``, ``duplicate_tribute``, ``wild_tributed``,
``tribute_wrong_receiver``, ``missing_tribute``, ``unexpected_return``, ``duplicate_return``,
``return_wrong_receiver``, ``return_not_allowed``, ``missing_return``; with hands also
``card_not_in_hand`` and ``tribute_not_highest``) or a ``RecordCode``. An empty
``anti_tribute`` list is the same as none.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.guandan.cards import BIG_JOKER, Card, format_cards, parse_card
from engine.guandan.finishing import FinishingOrder, normalise_finishing_order
from engine.guandan.profiles import STANDARD, RuleProfile
from engine.guandan.question import (
    Transfer,
    parse_hands,
    parse_question_level,
    parse_transfers,
)
from engine.guandan.tribute import TributeCode, TributeKind, TributeVerdict, check_tributes
from engine.guandan.tribute_faults import RecordCode, RecordFault, Shown
from engine.guandan.tribute_rules import double_tribute, returnable_cards
from engine.guandan.tribute_shown import anti_tribute_agrees, anti_tribute_problems, first_deal, parse_shown
from engine.seats import Seat

__all__ = ["RecordCode", "RecordFault", "TributeRecord", "check_tribute", "check_tribute_record"]


@dataclass(frozen=True, slots=True)
class TributeRecord:
    kind: TributeKind
    valid: bool
    problems: tuple[RecordFault, ...]
    leader: Seat | None  # None: first deal (a card draw decides), or a double tribute not readable
    expected: tuple[tuple[Seat, Seat], ...] = ()  # (payer, receiver) as far as the record shows
    hands_after: Mapping[Seat, tuple[Card, ...]] | None = None  # only with hands, when valid

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": str(self.kind),
            "valid": self.valid,
            "problems": [problem.to_dict() for problem in self.problems],
            "leader": None if self.leader is None else str(self.leader),
            "expected": [{"from": str(payer), "to": str(receiver)} for payer, receiver in self.expected],
            "hands_after": None
            if self.hands_after is None
            else {str(seat): format_cards(cards) for seat, cards in self.hands_after.items()},
        }


def check_tribute_record(
    *,
    level: int | str,
    previous_finishing_order: Sequence[object] | None,
    tributes: Sequence[Mapping[str, object]] = (),
    returns: Sequence[Mapping[str, object]] = (),
    anti_tribute: Sequence[Mapping[str, object]] | None = None,
    profile: RuleProfile = STANDARD,
    hands: Mapping[Any, Iterable[object]] | None = None,
) -> TributeRecord:
    """Check a recorded tribute, return and anti-tribute against G7.

    ``level`` is the new deal's level; ``previous_finishing_order`` the last deal's (``None`` or
    empty for the first deal of a game); ``hands`` the four hands as dealt, when recorded.
    """
    deal_level = parse_question_level(level)
    finish = None
    if previous_finishing_order:
        finish = normalise_finishing_order(previous_finishing_order, field="previous_finishing_order")
    given = parse_transfers(tributes, field="tributes")
    back = parse_transfers(returns, field="returns")
    return check_tribute(
        level=deal_level,
        previous=finish,
        tributes=given,
        returns=back,
        anti_tribute=parse_shown(anti_tribute),
        profile=profile,
        hands=None if hands is None else parse_hands(hands),
    )


def check_tribute(
    *,
    level: int,
    previous: FinishingOrder | None,
    tributes: Sequence[Transfer] = (),
    returns: Sequence[Transfer] = (),
    anti_tribute: Sequence[tuple[Seat, Card]] | None = None,
    profile: RuleProfile = STANDARD,
    hands: Mapping[Seat, Sequence[Card]] | None = None,
) -> TributeRecord:
    """``check_tribute_record`` of a record already parsed (a scoresheet's posted deal): the new
    deal's level, the last deal's finishing order (None for the first deal of a game), the shown
    big jokers as (seat, card) in the order given, the hands as dealt when recorded."""
    shown = [Shown(index, seat, card) for index, (seat, card) in enumerate(anti_tribute or ())]
    if hands is not None:
        verdict = check_tributes(
            level=level, finish=previous, hands=hands, tributes=tributes, returns=returns, profile=profile
        )
        return _from_verdict(verdict, shown, previous, hands)
    if previous is None:
        why = "The first deal of a game has no tribute (G7)."
        return _record(TributeKind.NONE, first_deal(shown) + _unexpected(tributes, returns, why), None)
    if shown:
        why = "Anti-tribute: the payers showed both big jokers, so nothing is paid (G7)."
        problems = anti_tribute_problems(shown, previous) + _unexpected(tributes, returns, why)
        return _record(TributeKind.ANTI_TRIBUTE, problems, previous.first)
    return _check_payments(previous, tributes, returns, level=level, profile=profile)


# ---- without hands -------------------------------------------------------------------------------


def _check_payments(
    finish: FinishingOrder,
    given: Sequence[Transfer],
    back: Sequence[Transfer],
    *,
    level: int,
    profile: RuleProfile,
) -> TributeRecord:
    expected, leader = _expected(finish, given, level=level, profile=profile)
    problems = (
        _tribute_problems(given, finish=finish, expected=expected, level=level)
        + _return_problems(back, finish=finish, expected=expected, level=level, profile=profile)
        + _missing(given, back, finish=finish)
    )
    kind = TributeKind.DOUBLE if finish.is_double_win else TributeKind.SINGLE
    return _record(kind, problems, leader, tuple(expected.items()))


def _expected(
    finish: FinishingOrder, given: Sequence[Transfer], *, level: int, profile: RuleProfile
) -> tuple[dict[Seat, Seat], Seat | None]:
    """Payer -> receiver, and the leader. A double tribute's pairing needs both cards: empty, and no
    leader, while one is missing."""
    if not finish.is_double_win:
        (payer,) = finish.last_seats
        return {payer: finish.first}, payer
    cards = _tribute_cards(finish, given)
    if len(cards) < 2:
        return {}, None
    paid = (item.from_seat for item in given)
    pairs, leader = double_tribute(first=finish.first, cards=cards, level=level, profile=profile, paid=paid)
    return dict(pairs), leader


def _receivers(finish: FinishingOrder) -> tuple[Seat, ...]:
    """G7: the 1st seat receives, and in a double tribute its partner too."""
    return (finish.first, finish.first.partner) if finish.is_double_win else (finish.first,)


def _tribute_cards(finish: FinishingOrder, given: Sequence[Transfer]) -> dict[Seat, Card]:
    """Each payer's tribute card: the first it is recorded to pay (a second is a duplicate)."""
    cards: dict[Seat, Card] = {}
    for item in given:
        if item.from_seat in finish.last_seats:
            cards.setdefault(item.from_seat, item.card)
    return cards


def _tribute_problems(
    items: Sequence[Transfer], *, finish: FinishingOrder, expected: dict[Seat, Seat], level: int
) -> list[RecordFault]:
    payers = finish.last_seats
    winners = _receivers(finish)
    problems = []
    paid: list[Seat] = []
    for item in items:
        where = f"tributes[{item.index}]"
        giver = item.from_seat
        receiver = expected.get(giver)
        if giver not in payers:
            names = ", ".join(payers)
            detail = f"{giver} owes no tribute; the payer(s): {names} (G7)."
            problems.append(RecordFault(TributeCode.TRIBUTE_WRONG_PAYER, f"{where}.from", detail))
        elif giver in paid:
            detail = f"{giver} has already paid its tribute."
            problems.append(RecordFault(TributeCode.DUPLICATE_TRIBUTE, where, detail))
        elif item.card.is_wild(level):
            detail = f"{item.card} is a wild (heart level card) and is never tributed (G7)."
            problems.append(RecordFault(TributeCode.WILD_TRIBUTED, f"{where}.card", detail))
        elif item.to_seat != receiver and (receiver is not None or item.to_seat not in winners):
            goes_to = receiver or " or ".join(winners)
            detail = f"{giver}'s tribute goes to {goes_to}, not {item.to_seat} (G7)."
            problems.append(RecordFault(TributeCode.TRIBUTE_WRONG_RECEIVER, f"{where}.to", detail))
        if giver in payers:
            paid.append(giver)
    cards = _tribute_cards(finish, items).values()
    if finish.is_double_win and [card.rank for card in cards] == [BIG_JOKER, BIG_JOKER]:
        detail = "Both payers tributed a big joker, so they held both: that is an anti-tribute (G7)."
        problems.append(RecordFault(RecordCode.ANTI_TRIBUTE_MISSED, "tributes", detail))
    return problems


def _return_problems(
    items: Sequence[Transfer],
    *,
    finish: FinishingOrder,
    expected: dict[Seat, Seat],
    level: int,
    profile: RuleProfile,
) -> list[RecordFault]:
    payers = finish.last_seats
    receivers = _receivers(finish)
    payer_of = {receiver: payer for payer, receiver in expected.items()}
    problems = []
    returned: list[Seat] = []
    for item in items:
        where = f"returns[{item.index}]"
        giver = item.from_seat
        owed_to = payer_of.get(giver)
        if giver not in receivers:
            detail = f"{giver} received no tribute and returns nothing."
            problems.append(RecordFault(TributeCode.UNEXPECTED_RETURN, where, detail))
        elif giver in returned:
            detail = f"{giver} has already returned a card."
            problems.append(RecordFault(TributeCode.DUPLICATE_RETURN, where, detail))
        elif item.to_seat != owed_to and (owed_to is not None or item.to_seat not in payers):
            detail = f"{giver} returns to {owed_to or ' or '.join(payers)}, who paid it (G7)."
            problems.append(RecordFault(TributeCode.RETURN_WRONG_RECEIVER, f"{where}.to", detail))
        elif not _return_allowed(item, level=level, profile=profile):
            detail = (
                f"{item.card} may not be returned to {item.to_seat} under {profile.return_rule} (G7). "
                "A receiver holding no allowed card returns its lowest: record the hands to show it."
            )
            problems.append(RecordFault(TributeCode.RETURN_NOT_ALLOWED, f"{where}.card", detail))
        if giver in receivers:
            returned.append(giver)
    return problems


def _return_allowed(item: Transfer, *, level: int, profile: RuleProfile) -> bool:
    # returnable_cards falls back to the lowest card when the hand holds nothing the rule allows.
    # Beside a low natural card that every return_rule allows, the fallback never applies, so
    # this asks the rule itself about the card.
    allowed_anyway = parse_card("S4" if level == 3 else "S3")
    legal = returnable_cards(
        (item.card, allowed_anyway), level=level, giver=item.from_seat, receiver=item.to_seat, profile=profile
    )
    return item.card in legal


def _missing(
    given: Sequence[Transfer], back: Sequence[Transfer], *, finish: FinishingOrder
) -> list[RecordFault]:
    paid = {item.from_seat for item in given}
    returned = {item.from_seat for item in back}
    receivers = _receivers(finish)
    problems = [
        RecordFault(TributeCode.MISSING_TRIBUTE, "tributes", f"{payer} owes a tribute (G7).")
        for payer in finish.last_seats
        if payer not in paid
    ]
    problems += [
        RecordFault(TributeCode.MISSING_RETURN, "returns", f"{receiver} owes a return (G7).")
        for receiver in receivers
        if receiver not in returned
    ]
    return problems


def _unexpected(given: Sequence[Transfer], back: Sequence[Transfer], why: str) -> list[RecordFault]:
    return [RecordFault(TributeCode.UNEXPECTED_TRIBUTE, f"tributes[{item.index}]", why) for item in given] + [
        RecordFault(TributeCode.UNEXPECTED_RETURN, f"returns[{item.index}]", why) for item in back
    ]


# ---- with hands ----------------------------------------------------------------------------------

# Which part of an item a verdict's code is about, so the API can point at it.
_ITEM_PART = {
    TributeCode.TRIBUTE_WRONG_PAYER: ".from",
    TributeCode.TRIBUTE_WRONG_RECEIVER: ".to",
    TributeCode.RETURN_WRONG_RECEIVER: ".to",
    TributeCode.WILD_TRIBUTED: ".card",
    TributeCode.TRIBUTE_NOT_HIGHEST: ".card",
    TributeCode.CARD_NOT_IN_HAND: ".card",
    TributeCode.RETURN_NOT_ALLOWED: ".card",
}


def _from_verdict(
    verdict: TributeVerdict,
    shown: list[Shown],
    finish: FinishingOrder | None,
    hands: Mapping[Seat, Sequence[Card]],
) -> TributeRecord:
    problems = anti_tribute_agrees(shown, finish, verdict, hands) + _verdict_problems(verdict)
    hands_after = None if problems else verdict.hands_after
    return TributeRecord(
        verdict.kind, not problems, tuple(problems), verdict.leader, verdict.expected, hands_after
    )


def _verdict_problems(verdict: TributeVerdict) -> list[RecordFault]:
    problems = []
    for name, checks in (("tributes", verdict.tributes), ("returns", verdict.returns)):
        for check in checks:
            if check.code is not None:
                where = f"{name}[{check.index}]{_ITEM_PART.get(check.code, '')}"
                problems.append(RecordFault(check.code, where, check.detail))
    for missing in verdict.missing:
        name = "tributes" if missing.code is TributeCode.MISSING_TRIBUTE else "returns"
        problems.append(RecordFault(missing.code, name, missing.detail))
    return problems


def _record(
    kind: TributeKind,
    problems: list[RecordFault],
    leader: Seat | None,
    expected: tuple[tuple[Seat, Seat], ...] = (),
) -> TributeRecord:
    return TributeRecord(kind, not problems, tuple(problems), leader, expected)
