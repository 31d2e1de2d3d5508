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
    "Pairs",
    "double_tribute",
    "returnable_cards",
    "sorted_cards",
    "tribute_cards",
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


Pairs = tuple[tuple[Seat, Seat], tuple[Seat, Seat]]  # ((payer, 1st seat), (payer, its partner))


def double_tribute(
    *,
    first: Seat,
    cards: Mapping[Seat, Card],
    level: int,
    profile: RuleProfile = STANDARD,
    paid: Iterable[Seat] = (),
) -> tuple[Pairs, Seat]:
    """G7 double tribute: who pays whom, as ``((payer, first), (payer, first.partner))``, and who leads.

    ``cards`` maps each of the two losers to its tribute card; ``paid`` gives the seats that paid in
    the order they did (the record's order). The higher card by G2 order goes to the 1st seat, the
    other to its partner, and ``double_tribute_lead`` names the leader: the payer of the higher card
    (``higher_payer``) or the 1st seat's 下家 (``first_seat_next``). Equal cards have no higher one:
    the 1st seat takes the card of its 下家 (``equal_tribute_to_first='next_seat'``) or the card paid
    first (``first_paid``; its 下家's while neither is recorded), and under ``higher_payer`` the
    leader is the payer whose card went to the 1st seat (``equal_tribute_lead='payer_to_first'``) or
    the 1st seat's 下家 or 上家 (``first_seat_next``, ``first_seat_previous``). The 下家 and the 上家
    of the 1st seat are its opponents, the two payers; seats follow ``profile.turn_direction``.
    """
    a, b = cards
    direction = profile.turn_direction
    equal = cards[a].order(level) == cards[b].order(level)
    to_first = a if cards[a].order(level) > cards[b].order(level) else b
    if equal:
        paid_first = next((seat for seat in paid if seat in cards), None)
        to_first = next_seat(first, direction)
        if profile.equal_tribute_to_first == "first_paid" and paid_first is not None:
            to_first = paid_first
    to_second = b if to_first == a else a
    leader = to_first
    if profile.double_tribute_lead == "first_seat_next" or (
        equal and profile.equal_tribute_lead == "first_seat_next"
    ):
        leader = next_seat(first, direction)
    elif equal and profile.equal_tribute_lead == "first_seat_previous":
        leader = previous_seat(first, direction)
    return ((to_first, first), (to_second, first.partner)), leader


def sorted_cards(cards: Iterable[Card], level: int) -> tuple[Card, ...]:
    """Cards in G2 order at ``level``, lowest first (ties by rank, then suit)."""
    return tuple(sorted(cards, key=lambda card: (card.order(level), card.rank, str(card.suit or ""))))
