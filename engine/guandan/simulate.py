"""Random legal deals of Guandan 掼蛋, for property tests and benchmarks (docs/rules/guandan.md G1-G5).

:func:`simulate_deal` deals 108 cards with a seeded :class:`random.Random` and plays the deal
out with random legal actions. The move generator builds combinations from a hand by their
shape (G3), with the wilds filling gaps (G2); it is not exhaustive, but every move it offers
is a combination of the type and rank it names, which the tests hold the engine to.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from engine.guandan.cards import ACE, ALL_CARDS, BIG_JOKER, HAND_SIZE, SMALL_JOKER, Card, Suit, format_level
from engine.guandan.combinations import Declared
from engine.guandan.compare import beats, tier
from engine.guandan.deal import Action, DealState
from engine.guandan.profiles import STANDARD, RuleProfile
from engine.guandan.readings import MAX_BOMB, ComboType, Reading
from engine.seats import Seat


@dataclass(frozen=True, slots=True)
class Move:
    """A combination built from a hand: its cards and the type and rank it was built as."""

    cards: tuple[Card, ...]
    type: ComboType
    rank: int

    @property
    def reading(self) -> Reading:
        return Reading(self.type, self.rank, len(self.cards))


@dataclass(frozen=True, slots=True)
class SimulatedDeal:
    level: int
    hands: dict[Seat, tuple[Card, ...]]
    leader: Seat
    actions: tuple[Action, ...]
    finishing_order: tuple[Seat, ...]

    def request(self) -> dict[str, Any]:
        """The deal as a ``deals/replay`` question (docs/referee.md)."""
        return {
            "level": format_level(self.level),
            "hands": {seat.value: [c.code for c in cards] for seat, cards in self.hands.items()},
            "leader": self.leader.value,
            "plays": [action.to_dict() for action in self.actions],
        }


def deal_hands(rng: random.Random) -> dict[Seat, tuple[Card, ...]]:
    """G1: two shuffled decks, 27 cards to each seat."""
    deck = list(ALL_CARDS) * 2
    rng.shuffle(deck)
    return {seat: tuple(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i, seat in enumerate(Seat)}


def simulate_deal(
    *,
    rng: random.Random,
    level: int | None = None,
    leader: Seat | None = None,
    profile: RuleProfile = STANDARD,
    pass_rate: float = 0.3,
    declare_rate: float = 0.1,
) -> SimulatedDeal:
    """Deal and play a whole deal with random legal actions (G5)."""
    level = rng.randint(2, ACE) if level is None else level
    leader = rng.choice(list(Seat)) if leader is None else leader
    hands = deal_hands(rng)
    state = DealState(level=level, hands=hands, leader=leader, profile=profile)
    actions: list[Action] = []
    while state.to_act is not None:
        action = choose_action(state, rng=rng, pass_rate=pass_rate, declare_rate=declare_rate)
        state.apply(action)
        actions.append(action)
    return SimulatedDeal(level, hands, leader, tuple(actions), state.finishing_order)


def choose_action(state: DealState, *, rng: random.Random, pass_rate: float, declare_rate: float) -> Action:
    """A random legal action for the seat to act: a lead, a beating play, or a pass."""
    seat = state.to_act
    assert seat is not None
    hand = state.hand(seat)
    last = state.last_play
    if last is not None and rng.random() < pass_rate:
        return Action(seat=seat)
    previous = None if last is None else last[1]
    moves = legal_moves(hand, level=state.level, previous=previous, rng=rng)
    if not moves:
        return Action(seat=seat)
    move = rng.choice(moves)
    declared = Declared(move.type, move.rank) if rng.random() < declare_rate else None
    return Action(seat=seat, cards=move.cards, declared=declared)


def legal_moves(
    hand: Sequence[Card], *, level: int, previous: Reading | None, rng: random.Random | None = None
) -> list[Move]:
    """Moves from ``hand`` that may be played now (G3, G4).

    On lead: the moves of one type (picked at random when ``rng`` is given, else the first type
    the hand can make). Following: the moves of the previous play's type that beat it, plus bombs.
    """
    if previous is None:
        groups = _Groups(hand, level)
        builders = list(_BUILDERS.values())
        if rng is not None:
            rng.shuffle(builders)
        for build in builders:
            moves = list(build(groups))
            if moves:
                return moves
        return []
    wanted = [previous.type] if tier(previous) == 0 else []
    wanted += [ComboType.BOMB, ComboType.STRAIGHT_FLUSH, ComboType.JOKER_BOMB]
    return [
        move
        for move in candidate_moves(hand, level=level, types=tuple(dict.fromkeys(wanted)))
        if beats(move.reading, previous, level)
    ]


def candidate_moves(
    hand: Sequence[Card], *, level: int, types: Sequence[ComboType] = tuple(ComboType)
) -> list[Move]:
    """Every move of the given types the generator builds from ``hand`` (G3), beating or not."""
    groups = _Groups(hand, level)
    return [move for combo in types for move in _BUILDERS[combo](groups)]


class _Groups:
    """A hand sorted for building: natural cards by rank, wilds, jokers by rank."""

    def __init__(self, hand: Sequence[Card], level: int) -> None:
        self.level = level
        self.by_rank: dict[int, list[Card]] = {}
        self.wilds: list[Card] = []
        for card in hand:
            if card.is_wild(level):
                self.wilds.append(card)
            else:
                self.by_rank.setdefault(card.rank, []).append(card)

    def natural(self) -> Iterator[tuple[int, list[Card]]]:
        return ((r, cs) for r, cs in self.by_rank.items() if r <= ACE)

    def take(self, rank: int, n: int, wilds_left: int) -> tuple[list[Card], int] | None:
        """``n`` cards of ``rank``, natural ones first, then wilds; None when short."""
        have = self.by_rank.get(rank, [])[:n]
        short = n - len(have)
        if short > wilds_left:
            return None
        used = len(self.wilds) - wilds_left
        return have + self.wilds[used : used + short], wilds_left - short


def _groups_of(size: int, combo: ComboType) -> Callable[[_Groups], Iterator[Move]]:
    def build(g: _Groups) -> Iterator[Move]:
        for rank, _ in g.natural():
            got = g.take(rank, size, len(g.wilds))
            if got:
                yield Move(tuple(got[0]), combo, rank)
        if size <= 2:  # G3: a joker alone, or two equal jokers; G2: wilds alone are level cards
            for joker in (SMALL_JOKER, BIG_JOKER):
                if len(g.by_rank.get(joker, ())) >= size:
                    yield Move(tuple(g.by_rank[joker][:size]), combo, joker)
            if len(g.wilds) >= size:
                yield Move(tuple(g.wilds[:size]), combo, g.level)

    return build


def _bombs(g: _Groups) -> Iterator[Move]:
    for rank, cards in g.natural():
        for size in range(4, min(len(cards) + len(g.wilds), MAX_BOMB) + 1):
            got = g.take(rank, size, len(g.wilds))
            if got:
                yield Move(tuple(got[0]), ComboType.BOMB, rank)


def _joker_bomb(g: _Groups) -> Iterator[Move]:
    small, big = g.by_rank.get(SMALL_JOKER, []), g.by_rank.get(BIG_JOKER, [])
    if len(small) == 2 and len(big) == 2:
        yield Move((*small, *big), ComboType.JOKER_BOMB, BIG_JOKER)


def _full_houses(g: _Groups) -> Iterator[Move]:
    pairs = [(r, cs[:2]) for r, cs in g.by_rank.items() if len(cs) >= 2]
    for rank, _ in g.natural():
        got = g.take(rank, 3, len(g.wilds))
        if got is None:
            continue
        for pair_rank, pair in pairs:
            if pair_rank != rank:
                yield Move((*got[0], *pair), ComboType.FULL_HOUSE, rank)


def _runs(combo: ComboType, length: int, width: int) -> Callable[[_Groups], Iterator[Move]]:
    # G3: A is low at the start of a run (A2345, AA2233, AAA222) and high at its end.
    def build(g: _Groups) -> Iterator[Move]:
        for top in range(length, ACE + 1):
            cards: list[Card] = []
            wilds_left = len(g.wilds)
            for rank in range(top - length + 1, top + 1):
                got = g.take(ACE if rank == 1 else rank, width, wilds_left)
                if got is None:
                    break
                cards += got[0]
                wilds_left = got[1]
            else:
                yield Move(tuple(cards), combo, top)

    return build


def _straight_flushes(g: _Groups) -> Iterator[Move]:
    for suit in Suit:
        suited = _Groups([c for cs in g.by_rank.values() for c in cs if c.suit is suit] + g.wilds, g.level)
        yield from (
            Move(m.cards, ComboType.STRAIGHT_FLUSH, m.rank) for m in _runs(ComboType.STRAIGHT, 5, 1)(suited)
        )


_BUILDERS: dict[ComboType, Callable[[_Groups], Iterator[Move]]] = {
    ComboType.SINGLE: _groups_of(1, ComboType.SINGLE),
    ComboType.PAIR: _groups_of(2, ComboType.PAIR),
    ComboType.TRIPLE: _groups_of(3, ComboType.TRIPLE),
    ComboType.FULL_HOUSE: _full_houses,
    ComboType.STRAIGHT: _runs(ComboType.STRAIGHT, 5, 1),
    ComboType.TUBE: _runs(ComboType.TUBE, 3, 2),
    ComboType.PLATE: _runs(ComboType.PLATE, 2, 3),
    ComboType.BOMB: _bombs,
    ComboType.STRAIGHT_FLUSH: _straight_flushes,
    ComboType.JOKER_BOMB: _joker_bomb,
}
