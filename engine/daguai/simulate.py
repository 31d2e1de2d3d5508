"""Random legal deals of Daguai Luzi, for property tests and benchmarks (docs/rules/daguai.md K1-K4).

:func:`simulate_deal` deals three shuffled decks to six seats and plays the deal out with random
legal actions, hand-count questions (报否) included. The move generator builds combinations by
their shape (K2) with the jokers filling gaps; it labels each move with the type and rank it was
built as, which the tests hold the classifier to (the play is judged by its strongest reading,
which may be stronger than the label: a built full house of 5s with two jokers is five 5s).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import ACE, ALL_CARDS, Card, Suit
from engine.daguai.deal import Action, DealState
from engine.daguai.play import HAND_SIZE
from engine.daguai.profiles import STANDARD, RuleProfile
from engine.daguai.readings import NATURAL_RANKS, ComboType, Reading, beats, readings, strongest
from engine.daguai.seats import SEATS, Seat


@dataclass(frozen=True, slots=True)
class Move:
    cards: tuple[Card, ...]
    type: ComboType
    rank: int


@dataclass(frozen=True, slots=True)
class SimulatedDeal:
    dealer: Seat
    hands: dict[Seat, tuple[Card, ...]]
    actions: tuple[Action, ...]
    finishing_order: tuple[Seat, ...]

    def request(self) -> dict[str, Any]:
        """The deal as a ``deals/replay`` question (docs/rules/daguai.md)."""
        return {
            "dealer": self.dealer.value,
            "hands": {seat.value: [c.code for c in cards] for seat, cards in self.hands.items()},
            "plays": [action.to_dict() for action in self.actions],
        }


def deal_hands(rng: random.Random) -> dict[Seat, tuple[Card, ...]]:
    """K1: three shuffled decks, 27 cards to each of six seats."""
    deck = list(ALL_CARDS) * 3
    rng.shuffle(deck)
    return {seat: tuple(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i, seat in enumerate(SEATS)}


def simulate_deal(
    *,
    rng: random.Random,
    dealer: Seat | None = None,
    profile: RuleProfile = STANDARD,
    pass_rate: float = 0.3,
    ask_rate: float = 0.05,
) -> SimulatedDeal:
    """Deal and play a whole deal with random legal actions (K4)."""
    dealer = rng.choice(SEATS) if dealer is None else dealer
    hands = deal_hands(rng)
    state = DealState(hands=hands, dealer=dealer, profile=profile)
    actions: list[Action] = []
    while state.to_act is not None:
        seat = state.to_act
        if rng.random() < ask_rate:
            targets = [target for target in SEATS if state.may_ask(seat, target)]
            if targets:
                target = rng.choice(targets)
                actions.append(Action.asking(seat, target, state.answer(target)))
                state.apply(actions[-1])
        action = choose_action(state, rng=rng, pass_rate=pass_rate)
        state.apply(action)
        actions.append(action)
    return SimulatedDeal(dealer, hands, tuple(actions), state.finishing_order)


def choose_action(state: DealState, *, rng: random.Random, pass_rate: float) -> Action:
    seat = state.to_act
    assert seat is not None
    last = state.last_play
    if last is not None and rng.random() < pass_rate:
        return Action(seat)
    moves = legal_moves(state.hand(seat), previous=None if last is None else last[1], rng=rng)
    return Action(seat, rng.choice(moves).cards) if moves else Action(seat)


_FIVES = (
    ComboType.STRAIGHT,
    ComboType.FLUSH,
    ComboType.FULL_HOUSE,
    ComboType.FOUR_SINGLE,
    ComboType.STRAIGHT_FLUSH,
    ComboType.FIVE_OF_A_KIND,
)
_BY_SIZE = {1: (ComboType.SINGLE,), 2: (ComboType.PAIR,), 3: (ComboType.TRIPLE,), 5: _FIVES}


def legal_moves(
    hand: Sequence[Card], *, previous: Reading | None, rng: random.Random | None = None, ace_low: bool = True
) -> list[Move]:
    """Moves from ``hand`` that may be played now (K2, K3): on lead the moves of one type (at
    random with ``rng``); following, the moves of the same size whose strongest reading beats."""
    if previous is None:
        builders = list(_BUILDERS.values())
        if rng is not None:
            rng.shuffle(builders)
        groups = _Groups(hand)
        for build in builders:
            moves = list(build(groups))
            if moves:
                return moves
        return []
    return [
        move
        for move in candidate_moves(hand, types=_BY_SIZE[previous.size])
        if (reading := strongest(readings(move.cards, ace_low=ace_low))) is not None
        and beats(reading, previous)
    ]


def candidate_moves(hand: Sequence[Card], *, types: Sequence[ComboType] = tuple(ComboType)) -> list[Move]:
    """Every move of the given types the generator builds from ``hand`` (K2), beating or not."""
    groups = _Groups(hand)
    return [move for combo in types for move in _BUILDERS[combo](groups)]


class _Groups:
    """A hand sorted for building: natural cards by rank, and the jokers."""

    def __init__(self, hand: Sequence[Card]) -> None:
        self.hand = tuple(hand)
        self.jokers = [card for card in hand if card.is_joker]
        self.by_rank: dict[int, list[Card]] = {}
        for card in hand:
            if not card.is_joker:
                self.by_rank.setdefault(card.rank, []).append(card)

    def take(self, rank: int, n: int, jokers_used: int) -> tuple[list[Card], int] | None:
        """``n`` cards of ``rank``, natural ones first, then jokers; None when short."""
        have = self.by_rank.get(rank, [])[:n]
        short = n - len(have)
        if jokers_used + short > len(self.jokers):
            return None
        return have + self.jokers[jokers_used : jokers_used + short], jokers_used + short


def _groups_of(size: int, combo: ComboType) -> Callable[[_Groups], Iterator[Move]]:
    def build(g: _Groups) -> Iterator[Move]:
        for rank in g.by_rank:
            got = g.take(rank, size, 0)
            if got:
                yield Move(tuple(got[0]), combo, rank)
        if len(g.jokers) >= size:  # jokers alone are a joker group (K3)
            yield Move(tuple(g.jokers[:size]), combo, g.jokers[0].rank)

    return build


def _runs(combo: ComboType) -> Callable[[_Groups], Iterator[Move]]:
    # K3: 2 low inside a straight; A high, or low before the 2.
    def build(g: _Groups) -> Iterator[Move]:
        suits = list(Suit) if combo is ComboType.STRAIGHT_FLUSH else [None]
        for suit in suits:
            source = g if suit is None else _Groups([c for c in g.hand if c.suit in (suit, None)])
            for top in range(5, ACE + 1):
                cards: list[Card] = []
                used = 0
                for rank in range(top - 4, top + 1):
                    got = source.take(ACE if rank == 1 else rank, 1, used)
                    if got is None:
                        break
                    cards += got[0]
                    used = got[1]
                else:
                    if used < 5:  # five jokers alone read as five of a kind (K3), never a run
                        yield Move(tuple(cards), combo, top)

    return build


def _flushes(g: _Groups) -> Iterator[Move]:
    for suit in Suit:
        suited = [c for c in g.hand if c.suit is suit]
        if suited and len(suited) + len(g.jokers) >= 5:  # jokers alone are no flush (K3)
            cards = (suited + g.jokers)[:5]
            yield Move(tuple(cards), ComboType.FLUSH, max(c.rank for c in cards if not c.is_joker))


def _with_kicker(combo: ComboType, main: int, kicker: int) -> Callable[[_Groups], Iterator[Move]]:
    # A full house (3 + 2) or a four + single (4 + 1): the main group, then another rank.
    def build(g: _Groups) -> Iterator[Move]:
        for rank in NATURAL_RANKS:
            got = g.take(rank, main, 0)
            if got is None or not got[0] or got[0][0].is_joker:
                continue
            for other in g.by_rank:
                extra = g.take(other, kicker, got[1]) if other != rank else None
                if extra is not None:
                    yield Move((*got[0], *extra[0]), combo, rank)
                    break

    return build


def _five_of_a_kind(g: _Groups) -> Iterator[Move]:
    for rank in g.by_rank:
        got = g.take(rank, 5, 0)
        if got:
            yield Move(tuple(got[0]), ComboType.FIVE_OF_A_KIND, rank)


_BUILDERS: dict[ComboType, Callable[[_Groups], Iterator[Move]]] = {
    ComboType.SINGLE: _groups_of(1, ComboType.SINGLE),
    ComboType.PAIR: _groups_of(2, ComboType.PAIR),
    ComboType.TRIPLE: _groups_of(3, ComboType.TRIPLE),
    ComboType.STRAIGHT: _runs(ComboType.STRAIGHT),
    ComboType.FLUSH: _flushes,
    ComboType.FULL_HOUSE: _with_kicker(ComboType.FULL_HOUSE, 3, 2),
    ComboType.FOUR_SINGLE: _with_kicker(ComboType.FOUR_SINGLE, 4, 1),
    ComboType.STRAIGHT_FLUSH: _runs(ComboType.STRAIGHT_FLUSH),
    ComboType.FIVE_OF_A_KIND: _five_of_a_kind,
}
