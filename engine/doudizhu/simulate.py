"""Random legal deals of four-player Dou Dizhu, for property tests and benchmarks
(docs/rules/doudizhu.md D1-D7).

:func:`simulate_deal` deals two shuffled decks, bids at random and plays the deal out with
random legal actions, hand reports included. The move generator builds combinations from a
hand by their shape (D4) and labels each with the type and rank it was built as; it is not
exhaustive, and the tests hold the classifier to every label.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import ACE, ALL_CARDS, BIG_JOKER, SMALL_JOKER, Card
from engine.doudizhu.bidding import Bid, Bidding
from engine.doudizhu.deal import SEATS, Action, DealState
from engine.doudizhu.play import BOTTOM_SIZE, HAND_SIZE
from engine.doudizhu.profiles import STANDARD, RuleProfile
from engine.doudizhu.readings import MAX_BOMB, ComboType, Reading, beats, readings
from engine.seats import Seat


@dataclass(frozen=True, slots=True)
class Move:
    """A combination built from a hand: its cards and the type and main rank it was built as."""

    cards: tuple[Card, ...]
    type: ComboType
    rank: int


@dataclass(frozen=True, slots=True)
class SimulatedDeal:
    dealer: Seat
    hands: dict[Seat, tuple[Card, ...]]
    bottom: tuple[Card, ...]
    bids: tuple[Bid, ...]
    actions: tuple[Action, ...]
    first_out: Seat
    banned: frozenset[Seat] = frozenset()

    def request(self) -> dict[str, Any]:
        """The deal as a ``deals/replay`` question (docs/rules/doudizhu.md)."""
        return {
            "dealer": self.dealer.value,
            "hands": {seat.value: [c.code for c in cards] for seat, cards in self.hands.items()},
            "bottom": [c.code for c in self.bottom],
            "bids": [bid.to_dict() for bid in self.bids],
            "plays": [action.to_dict() for action in self.actions],
            "banned": sorted(seat.value for seat in self.banned),
        }


def deal_hands(rng: random.Random) -> tuple[dict[Seat, tuple[Card, ...]], tuple[Card, ...]]:
    """D1: two shuffled decks, 25 cards to each seat and 8 to the bottom."""
    deck = list(ALL_CARDS) * 2
    rng.shuffle(deck)
    hands = {seat: tuple(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i, seat in enumerate(SEATS)}
    return hands, tuple(deck[-BOTTOM_SIZE:])


def simulate_bids(bidding: Bidding, rng: random.Random, bid_rate: float = 0.4) -> None:
    """D2: each seat passes or bids higher at random (banned seats pass) until the bidding ends."""
    while not bidding.complete:
        seat = bidding.next_bidder
        assert seat is not None
        higher = list(range(bidding.high + 1, 4))
        points = (
            rng.choice(higher) if higher and seat not in bidding.banned and rng.random() < bid_rate else 0
        )
        bidding.apply(Bid(seat, points))


def simulate_deal(
    *,
    rng: random.Random,
    dealer: Seat | None = None,
    banned: frozenset[Seat] = frozenset(),
    profile: RuleProfile = STANDARD,
    pass_rate: float = 0.3,
) -> SimulatedDeal:
    """Deal, bid and play a whole deal with random legal actions (D1-D7)."""
    dealer = rng.choice(SEATS) if dealer is None else dealer
    hands, bottom = deal_hands(rng)
    bidding = Bidding(dealer=dealer, banned=banned, profile=profile)
    simulate_bids(bidding, rng)
    state = DealState(bidding=bidding.result(), hands=hands, bottom=bottom, profile=profile)
    actions: list[Action] = []
    while state.to_act is not None:
        seat = state.to_act
        if state.report_due(seat):
            actions.append(Action.reporting(seat, state.cards_left(seat)))
            state.apply(actions[-1])
        action = choose_action(state, rng=rng, pass_rate=pass_rate)
        state.apply(action)
        actions.append(action)
        if state.to_act is not None and state.report_due(seat):  # D7: announce right away
            actions.append(Action.reporting(seat, state.cards_left(seat)))
            state.apply(actions[-1])
    first_out = state.finishing_order[0]
    return SimulatedDeal(dealer, hands, bottom, tuple(bidding.bids), tuple(actions), first_out, banned)


def choose_action(state: DealState, *, rng: random.Random, pass_rate: float) -> Action:
    """A random legal action for the seat to act: a lead, a beating play, or a pass."""
    seat = state.to_act
    assert seat is not None
    last = state.last_play
    if last is not None and rng.random() < pass_rate:
        return Action(seat)
    moves = legal_moves(
        state.hand(seat),
        previous=None if last is None else last[1],
        bombs_left=state.bombs_left(seat),
        two_high=state.profile.two_high,
        rng=rng,
    )
    return Action(seat, rng.choice(moves).cards) if moves else Action(seat)


_BOMBS = (ComboType.BOMB, ComboType.JOKER_BOMB)


def legal_moves(
    hand: Sequence[Card],
    *,
    previous: Reading | None,
    bombs_left: int | None = None,
    two_high: bool = True,
    rng: random.Random | None = None,
) -> list[Move]:
    """Moves from ``hand`` that may be played now (D4, D5), within the seat's bombs (D3).

    On lead: the moves of one type (picked at random with ``rng``). Following: the moves of the
    previous play's type and size that beat it, and the bombs that beat it.
    """
    bombs = bombs_left is None or bombs_left > 0
    if previous is None:
        builders = [(combo, build) for combo, build in _BUILDERS.items() if bombs or combo not in _BOMBS]
        if rng is not None:
            rng.shuffle(builders)
        groups = _by_rank(hand)
        for _, build in builders:
            moves = list(build(groups))
            if moves:
                return moves
        return []
    wanted = [] if previous.type in _BOMBS else [previous.type]
    wanted += list(_BOMBS) if bombs else []
    return [
        move
        for move in candidate_moves(hand, types=wanted)
        if len(move.cards) == previous.size or move.type in _BOMBS
        if beats(readings(move.cards, two_high=two_high)[0], previous)
    ]


def candidate_moves(hand: Sequence[Card], *, types: Sequence[ComboType] = tuple(ComboType)) -> list[Move]:
    """Every move of the given types the generator builds from ``hand`` (D4), beating or not."""
    groups = _by_rank(hand)
    return [move for combo in types for move in _BUILDERS[combo](groups)]


def _by_rank(hand: Sequence[Card]) -> dict[int, list[Card]]:
    groups: dict[int, list[Card]] = {}
    for card in hand:
        groups.setdefault(card.rank, []).append(card)
    return groups


def _groups_of(size: int, combo: ComboType) -> Callable[[dict[int, list[Card]]], Iterator[Move]]:
    def build(g: dict[int, list[Card]]) -> Iterator[Move]:
        for rank, cards in g.items():
            if len(cards) >= size and (size <= 2 or rank <= ACE):
                yield Move(tuple(cards[:size]), combo, rank)

    return build


def _triple_pairs(g: dict[int, list[Card]]) -> Iterator[Move]:
    pairs = [(rank, cards[:2]) for rank, cards in g.items() if len(cards) >= 2]
    for rank, cards in g.items():
        if len(cards) >= 3 and rank <= ACE:
            for pair_rank, pair in pairs:
                if pair_rank != rank:
                    yield Move((*cards[:3], *pair), ComboType.TRIPLE_PAIR, rank)


def _rank_at(position: int) -> int:
    return ACE if position == 1 else position  # position 1 is the low ace, 14 the high one


def _windows(least: int) -> Iterator[tuple[int, ...]]:
    """Every run of ``least`` or more ranks (D4): A low at the start, high at the end, never both."""
    for start in range(1, ACE):
        for end in range(start + least - 1, ACE + 1):
            # A-…-K (13 ranks from the low ace) is the same cards as 2-…-A, which D4 reads A high.
            if end - start + 1 <= 13 and not (start == 1 and end == 13):
                yield tuple(_rank_at(p) for p in range(start, end + 1))


_RUN_WINDOWS = {least: tuple(_windows(least)) for least in (2, 3, 5)}


def _runs(combo: ComboType, width: int, least: int) -> Callable[[dict[int, list[Card]]], Iterator[Move]]:
    def build(g: dict[int, list[Card]]) -> Iterator[Move]:
        for window in _RUN_WINDOWS[least]:
            if all(len(g.get(rank, ())) >= width for rank in window):
                yield Move(tuple(c for rank in window for c in g[rank][:width]), combo, window[-1])

    return build


def _airplanes(g: dict[int, list[Card]]) -> Iterator[Move]:
    for body in _RUN_WINDOWS[2]:
        if not all(len(g.get(rank, ())) >= 3 for rank in body):
            continue
        for wings in _RUN_WINDOWS[2]:
            if (
                len(wings) == len(body)
                and not set(wings) & set(body)
                and all(len(g.get(rank, ())) >= 2 for rank in wings)
            ):
                cards = tuple(c for rank in body for c in g[rank][:3])
                yield Move(
                    cards + tuple(c for rank in wings for c in g[rank][:2]), ComboType.AIRPLANE, body[-1]
                )


def _bombs(g: dict[int, list[Card]]) -> Iterator[Move]:
    for rank, cards in g.items():
        if rank <= ACE:
            for size in range(4, min(len(cards), MAX_BOMB) + 1):
                yield Move(tuple(cards[:size]), ComboType.BOMB, rank)


def _joker_bomb(g: dict[int, list[Card]]) -> Iterator[Move]:
    small, big = g.get(SMALL_JOKER, []), g.get(BIG_JOKER, [])
    if len(small) == 2 and len(big) == 2:
        yield Move((*small, *big), ComboType.JOKER_BOMB, BIG_JOKER)


_BUILDERS: dict[ComboType, Callable[[dict[int, list[Card]]], Iterator[Move]]] = {
    ComboType.SINGLE: _groups_of(1, ComboType.SINGLE),
    ComboType.PAIR: _groups_of(2, ComboType.PAIR),
    ComboType.TRIPLE: _groups_of(3, ComboType.TRIPLE),
    ComboType.TRIPLE_PAIR: _triple_pairs,
    ComboType.STRAIGHT: _runs(ComboType.STRAIGHT, 1, 5),
    ComboType.PAIR_SEQUENCE: _runs(ComboType.PAIR_SEQUENCE, 2, 3),
    ComboType.TRIPLE_SEQUENCE: _runs(ComboType.TRIPLE_SEQUENCE, 3, 2),
    ComboType.AIRPLANE: _airplanes,
    ComboType.BOMB: _bombs,
    ComboType.JOKER_BOMB: _joker_bomb,
}
