"""Legal recorded deals for scorekeeping tests: hands as dealt, the tribute G7 asks for, every play.

Built with the engine's own simulator and tribute checker, from a seed, so each test's deal is fixed.
"""

from __future__ import annotations

import random

from engine.guandan.cards import BIG_JOKER, format_cards
from engine.guandan.deal import DealState
from engine.guandan.finishing import normalise_finishing_order
from engine.guandan.profiles import STANDARD
from engine.guandan.simulate import choose_action, deal_hands
from engine.guandan.tribute import TributeCode, TributeKind, validate_tributes
from engine.seats import Seat


def _owed(verdict, code):
    return [item for item in verdict.missing if item.code == code]


def recorded_deal(seed: int, *, level: int = 2, leader: str = "N", previous: list[str] | None = None) -> dict:
    """A deal body for ``POST …/deals/``: ``hands``, ``tribute``, ``leader`` (first deal), ``plays``."""
    rng = random.Random(seed)
    hands = deal_hands(rng)
    wire = {str(seat): format_cards(cards) for seat, cards in hands.items()}
    body: dict = {"hands": wire}
    if previous:
        tributes, returns = [], []
        verdict = validate_tributes(level=level, finishing_order=previous, hands=wire)
        if verdict.kind is TributeKind.ANTI_TRIBUTE:
            payers = normalise_finishing_order(previous).last_seats
            shown = [
                {"seat": str(seat), "card": "RJ"}
                for seat in payers
                for card in hands[seat]
                if card.rank == BIG_JOKER
            ]
            body["tribute"] = {"anti_tribute": shown[:2]}
        else:
            for item in _owed(verdict, TributeCode.MISSING_TRIBUTE):
                tributes.append(
                    {"from": str(item.from_seat), "to": str(item.to_seat), "card": item.legal_cards[0].code}
                )
            verdict = validate_tributes(level=level, finishing_order=previous, hands=wire, tributes=tributes)
            for item in _owed(verdict, TributeCode.MISSING_RETURN):
                returns.append(
                    {"from": str(item.from_seat), "to": str(item.to_seat), "card": item.legal_cards[0].code}
                )
            body["tribute"] = {"tributes": tributes, "returns": returns}
        paid = {k: v for k, v in body["tribute"].items() if k != "anti_tribute"}
        verdict = validate_tributes(level=level, finishing_order=previous, hands=wire, **paid)
        assert verdict.valid, verdict.to_dict()
        start, play_hands = verdict.leader, verdict.hands_after
    else:
        body["leader"] = leader
        start, play_hands = Seat(leader), hands
    state = DealState(level=level, hands=play_hands, leader=start, profile=STANDARD)
    plays = []
    while state.to_act is not None:
        action = choose_action(state, rng=rng, pass_rate=0.3, declare_rate=0.0)
        state.apply(action)
        plays.append(action.to_dict())
    body["plays"] = plays
    body["finishing_order"] = [str(seat) for seat in state.finishing_order]
    return body
