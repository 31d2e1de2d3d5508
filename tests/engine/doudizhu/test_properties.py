"""Properties of the Dou Dizhu engine over random legal deals (docs/rules/doudizhu.md D2-D8):
engine/doudizhu/simulate.py, and deals replayed whole or corrupted at one action."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import ALL_CARDS
from engine.doudizhu.bidding import check_bidding
from engine.doudizhu.deal import Action, DealState, replay_deal
from engine.doudizhu.readings import ComboType, readings
from engine.doudizhu.simulate import SimulatedDeal, candidate_moves, deal_hands, simulate_deal
from engine.seats import Seat

SEEDS = st.integers(0, 2**32 - 1)


def simulated(seed: int, **kwargs) -> SimulatedDeal:
    return simulate_deal(rng=random.Random(seed), **kwargs)


@settings(max_examples=30, deadline=None)
@given(SEEDS)
def test_d6_random_legal_deals_replay_as_valid(seed):
    deal = simulated(seed)
    result = replay_deal(**deal.request())
    assert result.valid and result.finished and result.first_out == deal.first_out
    assert result.winner == ("landlord" if deal.first_out == result.bidding.landlord else "farmers")
    assert sum(1 for points in result.score.seats.values() if points) in (1, 3)
    farmers = [seat for seat in Seat if seat != result.bidding.landlord]
    for seat in farmers:  # D3: no farmer went over its allowance
        allowed = result.bidding.bomb_allowances[seat]
        assert allowed is None or result.bombs_played[seat] <= allowed


@settings(max_examples=10, deadline=None)
@given(SEEDS)
def test_d2_random_banned_seats_only_pass_and_deals_stay_valid(seed):
    banned = frozenset(random.Random(seed).sample(list(Seat), 2))
    deal = simulated(seed, banned=banned)
    assert all(bid.points == 0 for bid in deal.bids if bid.seat in banned)
    assert replay_deal(**deal.request()).valid


@settings(max_examples=40, deadline=None)
@given(SEEDS)
def test_d4_every_move_the_generator_builds_reads_as_its_label(seed):
    hands, _ = deal_hands(random.Random(seed))
    for hand in hands.values():
        for move in candidate_moves(hand):
            (reading,) = readings(move.cards)
            assert (reading.type, reading.rank) == (move.type, move.rank)


# ---- corrupted deals are caught at the right index with the right code -----------------------------
def state_at(deal: SimulatedDeal, index: int) -> DealState:
    bidding = check_bidding(dealer=deal.dealer, bids=deal.bids, banned=deal.banned)
    state = DealState(bidding=bidding, hands=deal.hands, bottom=deal.bottom)
    for action in deal.actions[:index]:
        state.apply(action)
    return state


def turns(deal: SimulatedDeal) -> list[int]:
    return [i for i, action in enumerate(deal.actions) if action.cards is not None]


def corrupt(deal: SimulatedDeal, pick: float, kind: str) -> tuple[list[Action], int, str] | None:
    """The deal's actions with one broken, the index it is at and the code it must give."""
    actions = list(deal.actions)
    index = turns(deal)[int(pick * len(turns(deal)))]
    state = state_at(deal, index)
    seat = actions[index].seat
    if kind == "not_your_turn":
        other = next(s for s in (Seat.E, Seat.W, Seat.N, Seat.S) if s != seat)
        actions[index] = Action(other)
    elif kind == "cannot_pass_on_lead":
        if not state.on_lead:
            return None
        actions[index] = Action(seat)
    elif kind == "card_not_in_hand":
        missing = next(card for card in ALL_CARDS if card not in state.hand(seat))
        actions[index] = Action(seat, (missing,))
    elif kind == "does_not_beat":
        last = state.last_play
        if last is None or last[1].type in (ComboType.SINGLE, ComboType.BOMB, ComboType.JOKER_BOMB):
            return None
        actions[index] = Action(seat, state.hand(seat)[:1])  # a single never beats another type
    elif kind == "deal_over":
        actions.append(Action(deal.first_out))
        return actions, len(actions) - 1, kind
    elif kind == "wrong_report":
        actions.insert(index, Action.reporting(seat, 99 % 34))
        # A seat that has reported already may not report again, right or wrong (D7, 自报一次).
        again = any(a.seat == seat and a.report is not None for a in actions[:index])
        return actions, index, "already_reported" if again else kind
    return actions, index, kind


KINDS = [
    "not_your_turn",
    "cannot_pass_on_lead",
    "card_not_in_hand",
    "does_not_beat",
    "deal_over",
    "wrong_report",
]


@settings(max_examples=60, deadline=None)
@given(SEEDS, st.floats(0, 0.999), st.sampled_from(KINDS))
def test_d6_a_corrupted_deal_is_caught_at_the_broken_action(seed, pick, kind):
    deal = simulated(seed)
    broken = corrupt(deal, pick, kind)
    if broken is None:
        return
    actions, index, code = broken
    request = deal.request() | {"plays": [action.to_dict() for action in actions]}
    result = replay_deal(**request)
    assert (result.violation.index, result.violation.code) == (index, code)
    assert len(result.entries) == index + 1 and not result.entries[-1].ok


@settings(max_examples=20, deadline=None)
@given(SEEDS)
def test_d7_a_report_left_out_is_caught_at_the_seats_next_turn(seed):
    deal = simulated(seed)
    reports = [i for i, action in enumerate(deal.actions) if action.report is not None]
    if not reports:
        return
    index = reports[0]
    seat = deal.actions[index].seat
    actions = deal.actions[:index] + deal.actions[index + 1 :]
    later = [i for i, a in enumerate(actions) if i >= index and a.seat == seat and a.cards is not None]
    result = replay_deal(**(deal.request() | {"plays": [a.to_dict() for a in actions]}))
    if later:
        assert (result.violation.index, result.violation.code) == (later[0], "missing_report")
    else:
        assert result.valid
