"""Properties of the engine over random plays and random legal deals (docs/rules/guandan.md G2-G5).

Covers engine/guandan/simulate.py (the deal simulator) and the laws the readings,
comparisons and replays must obey on any input.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.guandan.cards import ALL_CARDS, ALL_CODES, BIG_JOKER, SMALL_JOKER, Card, Suit
from engine.guandan.compare import beats, choose_reading
from engine.guandan.deal import Action, DealState, replay_deal
from engine.guandan.profiles import STANDARD
from engine.guandan.readings import readings
from engine.guandan.simulate import candidate_moves, deal_hands, simulate_deal
from engine.seats import Seat

CARDS_BY_RANK: dict[int, list[Card]] = {}
for _card in ALL_CARDS:
    CARDS_BY_RANK.setdefault(_card.rank, []).append(_card)


@st.composite
def plays(draw) -> tuple[tuple[Card, ...], int]:
    """A set of 1-10 cards from two decks, clustered on a few neighbouring ranks so that
    pairs, runs, bombs and wilds turn up often; and a level."""
    level = draw(st.integers(2, 14))
    base = draw(st.integers(2, 12))
    size = draw(st.integers(1, 10))
    chosen: list[Card] = []
    for _ in range(size):
        kind = draw(st.sampled_from(["near", "near", "near", "wild", "joker", "any"]))
        if kind == "near":
            chosen.append(draw(st.sampled_from(CARDS_BY_RANK[min(base + draw(st.integers(0, 4)), 14)])))
        elif kind == "wild":
            chosen.append(next(c for c in CARDS_BY_RANK[level] if c.suit is Suit.HEARTS))
        elif kind == "joker":
            chosen.append(draw(st.sampled_from(CARDS_BY_RANK[SMALL_JOKER] + CARDS_BY_RANK[BIG_JOKER])))
        else:
            chosen.append(draw(st.sampled_from(ALL_CARDS)))
    assume(max(Counter(chosen).values()) <= 2)
    return tuple(chosen), level


def wild_count(cards, level) -> int:
    return sum(card.is_wild(level) for card in cards)


# ---- readings (G2, G3) ------------------------------------------------------------------------------
@given(plays())
def test_g2_a_reading_never_uses_more_wilds_than_the_play_holds(play):
    cards, level = play
    for reading in readings(cards, level):
        # Every wild stands for something, its own rank included, so the count is exact.
        assert len(reading.wilds) == wild_count(cards, level)
        assert reading.size == len(cards)


@given(plays(), st.randoms(use_true_random=False))
def test_g3_readings_do_not_depend_on_card_order(play, rnd):
    cards, level = play
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert set(readings(shuffled, level)) == set(readings(cards, level))


@given(plays(), st.permutations([Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS]))
def test_g2_relabelling_non_heart_suits_changes_nothing(play, permuted):
    cards, level = play
    mapping = dict(zip([Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS], permuted, strict=True)) | {
        Suit.HEARTS: Suit.HEARTS
    }
    relabelled = [card if card.suit is None else _card_of(card.rank, mapping[card.suit]) for card in cards]
    assert set(readings(relabelled, level)) == set(readings(cards, level))


@given(plays(), st.permutations(list(Suit)))
def test_g2_without_level_cards_any_suit_relabelling_changes_nothing(play, permuted):
    cards, level = play
    assume(all(card.rank != level for card in cards))
    mapping = dict(zip(list(Suit), permuted, strict=True))
    relabelled = [card if card.suit is None else _card_of(card.rank, mapping[card.suit]) for card in cards]
    assert set(readings(relabelled, level)) == set(readings(cards, level))


@given(plays())
def test_g3_readings_are_distinct_by_type_and_rank(play):
    found = readings(*play)
    assert len({(r.type, r.rank) for r in found}) == len(found)


def _card_of(rank: int, suit: Suit) -> Card:
    return next(c for c in CARDS_BY_RANK[rank] if c.suit is suit)


# ---- comparison (G4) ------------------------------------------------------------------------------------
@given(plays(), plays(), plays(), st.integers(2, 14))
def test_g4_beats_is_irreflexive_antisymmetric_and_transitive(a, b, c, level):
    for x in readings(a[0], level):
        assert not beats(x, x, level)
        for y in readings(b[0], level):
            assert not (beats(x, y, level) and beats(y, x, level))
            for z in readings(c[0], level):
                if beats(x, y, level) and beats(y, z, level):
                    assert beats(x, z, level)


@given(plays(), plays(), st.sampled_from(["lowest", "highest"]))
def test_g4_chosen_reading_is_a_reading_that_beats(play, table, wild_default):
    level = play[1]
    options = readings(play[0], level)
    previous = choose_reading(readings(table[0], level), previous=None, level=level)
    chosen = choose_reading(options, previous=previous, level=level, wild_default=wild_default)
    if chosen is None:
        assert not options or (previous is not None and not any(beats(r, previous, level) for r in options))
    else:
        assert chosen in options
        assert previous is None or beats(chosen, previous, level)


# ---- the simulator's moves are what they claim ----------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 14))
def test_g3_every_generated_move_has_the_reading_it_was_built_as(seed, level):
    hand = deal_hands(random.Random(seed))[Seat.N]
    for move in candidate_moves(hand, level=level):
        assert (move.type, move.rank) in {(r.type, r.rank) for r in readings(move.cards, level)}, move


def test_g1_deal_hands_are_two_decks_of_27_each():
    hands = deal_hands(random.Random(7))
    assert all(len(cards) == 27 for cards in hands.values())
    assert Counter(c.code for cards in hands.values() for c in cards) == Counter(ALL_CODES * 2)


# ---- whole deals (G5) -----------------------------------------------------------------------------------
PROFILES = st.sampled_from(
    [
        STANDARD,
        replace(STANDARD, jiefeng="next_seat"),
        replace(STANDARD, turn_direction="clockwise"),
        replace(STANDARD, wild_default="highest"),
    ]
)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), PROFILES)
def test_g5_every_simulated_deal_replays_as_valid(seed, profile):
    deal = simulate_deal(rng=random.Random(seed), profile=profile)
    result = replay_deal(**deal.request(), profile=profile)
    assert result.valid and result.finished
    assert sorted(result.finishing_order) == sorted(Seat)
    assert result.finishing_order == deal.finishing_order
    assert result.winner_side is result.finishing_order[0].side
    assert result.level_rise in (1, 2, 3)
    assert len(result.entries) == len(deal.actions)


def test_g5_simulation_is_reproducible_from_its_seed():
    assert simulate_deal(rng=random.Random(3)) == simulate_deal(rng=random.Random(3))


def _state_before(deal, index: int) -> DealState:
    state = DealState(level=deal.level, hands=deal.hands, leader=deal.leader)
    for action in deal.actions[:index]:
        state.apply(action)
    return state


def _corrupted(deal, index: int, action: Action | dict):
    plays = [*deal.actions[:index], action, *deal.actions[index + 1 :]]
    result = replay_deal(level=deal.level, hands=deal.hands, leader=deal.leader, plays=plays)
    assert all(entry.ok for entry in result.entries[:index])
    return result.violation.index, result.violation.code


DEALS = st.integers(0, 2**32 - 1).map(lambda seed: simulate_deal(rng=random.Random(seed)))


@settings(max_examples=40, deadline=None)
@given(DEALS, st.data())
def test_g5_a_card_the_seat_does_not_hold_is_caught(deal, data):
    index = data.draw(st.integers(0, len(deal.actions) - 1))
    state = _state_before(deal, index)
    held = set(state.hand(state.to_act))
    missing = data.draw(st.sampled_from([c for c in ALL_CARDS if c not in held]))
    assert _corrupted(deal, index, Action(seat=state.to_act, cards=(missing,))) == (index, "card_not_in_hand")


@settings(max_examples=40, deadline=None)
@given(DEALS, st.data())
def test_g5_an_out_of_turn_seat_is_caught(deal, data):
    index = data.draw(st.integers(0, len(deal.actions) - 1))
    original = deal.actions[index]
    intruder = data.draw(st.sampled_from([s for s in Seat if s is not original.seat]))
    assert _corrupted(deal, index, replace(original, seat=intruder)) == (index, "not_your_turn")


@settings(max_examples=40, deadline=None)
@given(DEALS, st.data())
def test_g5_an_illegal_combination_is_caught(deal, data):
    index = data.draw(st.integers(0, len(deal.actions) - 1))
    state = _state_before(deal, index)
    hand = state.hand(state.to_act)
    illegal = [(a, b) for i, a in enumerate(hand) for b in hand[i + 1 :] if not readings((a, b), deal.level)]
    assume(illegal)
    cards = data.draw(st.sampled_from(illegal))
    assert _corrupted(deal, index, Action(seat=state.to_act, cards=cards)) == (index, "illegal_combination")


@settings(max_examples=40, deadline=None)
@given(DEALS, st.data())
def test_g5_a_play_that_does_not_beat_is_caught(deal, data):
    index = data.draw(st.integers(0, len(deal.actions) - 1))
    state = _state_before(deal, index)
    assume(state.last_play is not None)
    previous = state.last_play[1]
    weak = [
        move.cards
        for move in candidate_moves(state.hand(state.to_act), level=deal.level)
        if choose_reading(readings(move.cards, deal.level), previous=previous, level=deal.level) is None
    ]
    assume(weak)
    cards = data.draw(st.sampled_from(weak))
    assert _corrupted(deal, index, Action(seat=state.to_act, cards=cards)) == (index, "does_not_beat")


@settings(max_examples=40, deadline=None)
@given(DEALS, st.data())
def test_g5_a_pass_on_lead_is_caught(deal, data):
    state, leads = _state_before(deal, 0), []
    for i, action in enumerate(deal.actions):
        if state.on_lead:
            leads.append(i)
        state.apply(action)
    index = data.draw(st.sampled_from(leads))
    assert _corrupted(deal, index, Action(seat=deal.actions[index].seat)) == (index, "cannot_pass_on_lead")


@settings(max_examples=20, deadline=None)
@given(DEALS, st.sampled_from(list(Seat)))
def test_g5_an_action_after_the_deal_is_caught(deal, seat):
    plays = [*deal.actions, Action(seat=seat)]
    result = replay_deal(level=deal.level, hands=deal.hands, leader=deal.leader, plays=plays)
    assert (result.violation.index, result.violation.code) == (len(deal.actions), "deal_over")
