"""Properties of the Daguai Luzi engine over random legal deals (docs/rules/daguai.md K2-K6):
engine/daguai/simulate.py, and deals replayed whole or corrupted at one action."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import ALL_CARDS
from engine.daguai.deal import Action, DealState, replay_deal
from engine.daguai.readings import ComboType, readings
from engine.daguai.scoring import daguai_deal
from engine.daguai.seats import SEATS
from engine.daguai.simulate import SimulatedDeal, candidate_moves, deal_hands, simulate_deal

SEEDS = st.integers(0, 2**32 - 1)


def simulated(seed: int) -> SimulatedDeal:
    return simulate_deal(rng=random.Random(seed))


@settings(max_examples=25, deadline=None)
@given(SEEDS)
def test_k4_random_legal_deals_replay_as_valid(seed):
    deal = simulated(seed)
    result = replay_deal(**deal.request())
    assert result.valid and result.finished and result.finishing_order == deal.finishing_order
    assert result.score == daguai_deal(deal.finishing_order)
    assert result.entries[0].seat == deal.dealer


@settings(max_examples=30, deadline=None)
@given(SEEDS)
def test_k2_every_move_the_generator_builds_has_the_reading_it_was_built_as(seed):
    hands = deal_hands(random.Random(seed))
    for hand in hands.values():
        for move in candidate_moves(hand):
            found = readings(move.cards)
            if all(card.is_joker for card in move.cards):
                assert [r.type for r in found] == [move.type]
            else:
                assert (move.type, move.rank) in {(r.type, r.rank) for r in found}


# ---- corrupted deals are caught at the right index with the right code -----------------------------
def state_at(deal: SimulatedDeal, index: int) -> DealState:
    state = DealState(hands=deal.hands, dealer=deal.dealer)
    for action in deal.actions[:index]:
        state.apply(action)
    return state


def corrupt(deal: SimulatedDeal, pick: float, kind: str) -> tuple[list[Action], int] | None:
    actions = list(deal.actions)
    turns = [i for i, action in enumerate(actions) if action.cards is not None]
    index = turns[int(pick * len(turns))]
    state = state_at(deal, index)
    seat = actions[index].seat
    if kind == "not_your_turn":
        actions[index] = Action(SEATS[(SEATS.index(seat) + 2) % 6])
    elif kind == "cannot_pass_on_lead":
        if not state.on_lead:
            return None
        actions[index] = Action(seat)
    elif kind == "card_not_in_hand":
        actions[index] = Action(seat, (next(card for card in ALL_CARDS if card not in state.hand(seat)),))
    elif kind == "does_not_beat":
        last = state.last_play
        if last is None or last[1].size == 1:
            return None
        actions[index] = Action(seat, state.hand(seat)[:1])  # one card never beats more
    elif kind == "deal_over":
        actions.append(Action(deal.finishing_order[0]))
        return actions, len(actions) - 1
    elif kind == "ask_out_of_turn":
        asker = SEATS[(SEATS.index(seat) + 1) % 6]
        actions.insert(index, Action.asking(asker, seat, state.answer(seat)))
    elif kind == "wrong_report":
        targets = [target for target in SEATS if state.may_ask(seat, target)]
        if not targets:
            return None
        right = state.answer(targets[0])
        actions.insert(index, Action.asking(seat, targets[0], 99 % 28 if right is None else None))
    return actions, index


KINDS = [
    "not_your_turn",
    "cannot_pass_on_lead",
    "card_not_in_hand",
    "does_not_beat",
    "deal_over",
    "ask_out_of_turn",
    "wrong_report",
]


@settings(max_examples=60, deadline=None)
@given(SEEDS, st.floats(0, 0.999), st.sampled_from(KINDS))
def test_k4_a_corrupted_deal_is_caught_at_the_broken_action(seed, pick, kind):
    deal = simulated(seed)
    broken = corrupt(deal, pick, kind)
    if broken is None:
        return
    actions, index = broken
    result = replay_deal(**(deal.request() | {"plays": [action.to_dict() for action in actions]}))
    assert (result.violation.index, result.violation.code) == (index, kind)
    assert len(result.entries) == index + 1 and not result.entries[-1].ok


def test_k3_five_jokers_are_never_built_as_a_run_or_a_flush():
    """Seed 31 deals a hand of five jokers or more: five jokers read as five of a kind only (K3), so
    the generator must not build them as a straight, a flush or a straight flush (found by the
    property above)."""
    (hand,) = [h for h in deal_hands(random.Random(31)).values() if sum(c.is_joker for c in h) >= 5]
    runs = {ComboType.STRAIGHT, ComboType.FLUSH, ComboType.STRAIGHT_FLUSH}
    built = [m for m in candidate_moves(hand) if m.type in runs and all(c.is_joker for c in m.cards)]
    assert built == []
