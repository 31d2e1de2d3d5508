"""The G7 rules a tribute follows, card by card (docs/rules/guandan.md G7): which cards a payer may
tribute, which a receiver may return, and who pays whom and who leads after a double tribute.
``tribute.check_tributes`` and ``tribute_record.check_tribute`` judge a deal's tribute by them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.guandan.cards import LEVEL_ORDER, Card
from engine.guandan.profiles import STANDARD, RuleProfile
from engine.seats import Seat, next_seat, previous_seat

__all__ = [
    "double_tribute_leader",
    "double_tribute_pairs",
    "first_payer",
    "returnable_cards",
    "sorted_cards",
    "tribute_cards",
    "tributes_equal",
]


def tribute_cards(hand: Iterable[Card], level: int) -> tuple[Card, ...]:
    """G7: the cards a payer may tribute: its highest by G2 order, never a wild."""
    candidates = [card for card in hand if not card.is_wild(level)]
    top = max(card.order(level) for card in candidates)
    return sorted_cards({card for card in candidates if card.order(level) == top}, level)


def returnable_cards(
    hand: Iterable[Card], *, level: int, giver: Seat, receiver: Seat, profile: RuleProfile = STANDARD
) -> tuple[Card, ...]:
    """G7 ``return_rule``: the cards ``giver`` (who received a tribute) may give back to ``receiver``."""
    cards = set(hand)
    rule = profile.return_rule
    to_partner = receiver == giver.partner
    if rule == "any" or (rule in ("partner_max_ten", "below_level_to_partner") and not to_partner):
        return sorted_cards(cards, level)
    if rule == "below_level_to_partner":
        # 公司掼蛋比赛规则 "必须小于参谋": the 参谋 (level card) ranks above A (G2), so "below it"
        # is every card but the jokers and the level cards themselves.
        allowed = {card for card in cards if card.order(level) < LEVEL_ORDER}
    else:  # max_ten, and partner_max_ten towards a partner
        allowed = {card for card in cards if not card.is_joker and card.rank <= 10 and card.rank != level}
    if not allowed:
        # G7 max_ten: a receiver with no such card returns its lowest card.
        low = min(card.order(level) for card in cards)
        allowed = {card for card in cards if card.order(level) == low}
    return sorted_cards(allowed, level)


def double_tribute_pairs(
    *,
    first: Seat,
    cards: Mapping[Seat, Card],
    level: int,
    profile: RuleProfile = STANDARD,
    paid_first: Seat | None = None,
) -> tuple[tuple[Seat, Seat], tuple[Seat, Seat]]:
    """G7 double tribute: who pays whom, as ``((payer, first), (payer, first.partner))``.

    ``cards`` maps each of the two losers to its tribute card. The higher card by G2 order
    goes to the 1st seat, the other to the 1st seat's partner. With equal cards
    (``equal_tribute_to_first``) the 1st seat takes the card of its 下家, the next seat in
    ``profile.turn_direction`` (``next_seat``), or the card tributed first (``first_paid``):
    ``paid_first``, the payer recorded first; while no tribute is recorded, its 下家's.
    """
    a, b = cards
    to_first = a if cards[a].order(level) > cards[b].order(level) else b
    if tributes_equal(cards, level):
        # The 下家 is always an opponent, so one of the two payers.
        to_first = next_seat(first, profile.turn_direction)
        if profile.equal_tribute_to_first == "first_paid" and paid_first is not None and paid_first in cards:
            to_first = paid_first
    to_second = b if to_first == a else a
    return ((to_first, first), (to_second, first.partner))


def double_tribute_leader(
    *, first: Seat, to_first: Seat, profile: RuleProfile = STANDARD, equal: bool = False
) -> Seat:
    """G7 ``double_tribute_lead``: the payer whose card went to the 1st seat (``higher_payer``),
    or the seat after the 1st seat (``first_seat_next``). ``equal`` tributes leave ``higher_payer``
    without a higher payer: ``equal_tribute_lead`` names the leader, the payer whose card went to
    the 1st seat (``payer_to_first``) or the 1st seat's 下家 or 上家 (``first_seat_next``,
    ``first_seat_previous``; both are payers)."""
    direction = profile.turn_direction
    if profile.double_tribute_lead == "first_seat_next":
        return next_seat(first, direction)
    if not equal or profile.equal_tribute_lead == "payer_to_first":
        return to_first
    if profile.equal_tribute_lead == "first_seat_next":
        return next_seat(first, direction)
    return previous_seat(first, direction)


def tributes_equal(cards: Mapping[Seat, Card], level: int) -> bool:
    """G7: the two tributes of a double tribute are equal by G2 order (two small jokers, two As …)."""
    first, second = (card.order(level) for card in cards.values())
    return first == second


def first_payer(payers: Iterable[Seat], paid: Iterable[Seat]) -> Seat | None:
    """The payer whose tribute was recorded first (``paid``: the givers in the record's order), for
    ``equal_tribute_to_first='first_paid'``; None while none is recorded."""
    owing = set(payers)
    return next((seat for seat in paid if seat in owing), None)


def sorted_cards(cards: Iterable[Card], level: int) -> tuple[Card, ...]:
    """Cards in G2 order at ``level``, lowest first (ties by rank, then suit)."""
    return tuple(sorted(cards, key=lambda card: (card.order(level), card.rank, str(card.suit or ""))))
