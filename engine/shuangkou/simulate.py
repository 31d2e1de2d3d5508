"""Random legal deals of Shuangkou, for property tests and benchmarks (docs/rules/shuangkou.md S1-S9).

:func:`simulate_deal` deals two shuffled decks, makes random calls and overcalls, buries 8 cards
at random and plays the deal out: leads of singles, pairs, tractors and throws that stand (now
and then a refused throw and its remedy), and follows built to meet every obligation of S5 —
including ruffs of the lead's shape. The follow builder works from the same tractor packing the
rules use (shapes.pack), so the property tests hold the replay to what it builds.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import ALL_CARDS, BIG_JOKER, SMALL_JOKER, Card, Suit
from engine.seats import Seat
from engine.shuangkou.cards import (
    BOTTOM_SIZE,
    HAND_SIZE,
    NO_TRUMP,
    SEATS,
    TRUMP,
    TrumpTable,
    format_level,
    trump_table,
)
from engine.shuangkou.deal import DealState
from engine.shuangkou.declaration import Declaration, judge_declarations
from engine.shuangkou.profiles import STANDARD, RuleProfile
from engine.shuangkou.record import Play
from engine.shuangkou.shapes import Shape, decompose, held_pairs, pack
from engine.shuangkou.tricks import refused_units, remedy


@dataclass(frozen=True, slots=True)
class SimulatedDeal:
    level: int
    attackers_level: int
    dealer: Seat | None  # as the record gives it: None for a first deal whose first caller deals
    dealt_by: Seat
    trump_suit: Suit | None
    hands: dict[Seat, tuple[Card, ...]]
    bottom: tuple[Card, ...]
    declarations: tuple[Declaration, ...]
    buried: tuple[Card, ...]
    tricks: tuple[tuple[Play, ...], ...]
    profile: RuleProfile = STANDARD

    def request(self) -> dict[str, Any]:
        """The deal as a ``deals/replay`` question (docs/rules/shuangkou.md)."""
        return {
            "level": format_level(self.level),
            "attackers_level": format_level(self.attackers_level),
            "dealer": self.dealer.value if self.dealer else None,
            "hands": {seat.value: [c.code for c in cards] for seat, cards in self.hands.items()},
            "bottom": [c.code for c in self.bottom],
            "declarations": [call.to_dict() for call in self.declarations],
            "buried": [c.code for c in self.buried],
            "tricks": [{"plays": [play.to_dict() for play in trick]} for trick in self.tricks],
        }

    def state(self) -> DealState:
        """The deal's trick state before the first lead (the dealer's hand after burying)."""
        hands = dict(self.hands)
        dealer_cards = list(hands[self.dealt_by]) + list(self.bottom)
        for card in self.buried:
            dealer_cards.remove(card)
        hands[self.dealt_by] = tuple(dealer_cards)
        table = trump_table(self.level, self.trump_suit)
        return DealState(table=table, dealer=self.dealt_by, hands=hands, profile=self.profile)


def deal_cards(rng: random.Random) -> tuple[dict[Seat, tuple[Card, ...]], tuple[Card, ...]]:
    """S1: two shuffled decks, 25 cards to each seat and 8 to the bottom."""
    deck = list(ALL_CARDS) * 2
    rng.shuffle(deck)
    hands = {seat: tuple(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i, seat in enumerate(SEATS)}
    return hands, tuple(deck[-BOTTOM_SIZE:])


def simulate_calls(hands: Mapping[Seat, Sequence[Card]], level: int, rng: random.Random) -> list[Declaration]:
    """S3: a few random calls, each stronger than the last."""
    calls: list[Declaration] = []
    if level == NO_TRUMP:
        return calls
    current = 0
    for _ in range(rng.randint(0, 4)):
        seat = rng.choice(SEATS)
        hand = hands[seat]
        options = []
        for card in dict.fromkeys(hand):  # not a set: cards hash by identity, and a seed must replay
            double = hand.count(card) == 2
            if card.rank == level:
                options += [(1, (card,))] + ([(2, (card, card))] if double else [])
            elif double and card.rank in (SMALL_JOKER, BIG_JOKER):
                options.append((3 if card.rank == SMALL_JOKER else 4, (card, card)))
        options = [option for option in options if option[0] > current]
        if options:
            current, cards = rng.choice(options)
            calls.append(Declaration(seat, cards))
    return calls


def _pick(cards: list[Card], n: int, rng: random.Random) -> list[Card]:
    return rng.sample(cards, n) if n else []


def build_matching(
    counts: Mapping[Card, int], lead: Shape, size: int, table: TrumpTable, rng: random.Random, *, strict: bool
) -> list[Card] | None:
    """``size`` cards from ``counts`` (one group) matching the lead's tractors and pairs as far as
    they can (``strict``: fully, or None); the rest at random from the group."""
    pairs_by_power: dict[int, list[Card]] = {}
    for card, n in counts.items():
        if n >= 2:
            pairs_by_power.setdefault(table.power[card], []).append(card)
    pairs = held_pairs(counts, table)
    covered, placed = pack(lead.tractors, pairs)
    total_pairs = sum(pairs.values())
    if strict and (covered < sum(lead.tractors) or total_pairs < lead.pairs or sum(counts.values()) < size):
        return None
    chosen: list[Card] = []
    for top, length in placed:
        for k in range(length):
            card = pairs_by_power[top - k].pop(rng.randrange(len(pairs_by_power[top - k])))
            chosen += (card, card)
    spare = [card for cards in pairs_by_power.values() for card in cards]
    for card in _pick(spare, min(lead.pairs, total_pairs) - covered, rng):
        chosen += (card, card)
    left = dict(counts)
    for card in chosen:
        left[card] -= 1
    rest = [card for card, n in left.items() for _ in range(n)]
    return chosen + _pick(rest, size - len(chosen), rng)


def choose_follow(state: DealState, seat: Seat, rng: random.Random) -> Play:
    """S5: a random play that meets every follow obligation (and sometimes ruffs to win)."""
    lead = state.lead
    assert lead is not None
    table, size = state.table, lead.size
    hand = state.counts(seat)
    mine = {card: n for card, n in hand.items() if n and table.group[card] == lead.group}
    held = sum(mine.values())
    if held > size:
        cards = build_matching(mine, lead, size, table, rng, strict=False)
        assert cards is not None
        return Play(seat, tuple(cards))
    cards = [card for card, n in mine.items() for _ in range(n)]
    if not held and lead.group != TRUMP and rng.random() < 0.6:
        trumps = {card: n for card, n in hand.items() if n and table.group[card] == TRUMP}
        ruff = build_matching(trumps, lead, size, table, rng, strict=True)
        if ruff is not None:
            return Play(seat, tuple(ruff))
    rest = [card for card, n in hand.items() if table.group[card] != lead.group for _ in range(n)]
    return Play(seat, tuple(cards + _pick(rest, size - held, rng)))


def choose_lead(
    state: DealState, seat: Seat, rng: random.Random, *, throw_rate: float, refuse_rate: float
) -> Play:
    """S5: a single, a pair, a tractor, or a throw that stands (now and then a refused one and its remedy)."""
    table = state.table
    hand = state.counts(seat)
    groups: dict[str, dict[Card, int]] = {}
    for card, n in hand.items():
        if n:
            groups.setdefault(table.group[card], {})[card] = n
    group = rng.choice(sorted(groups))
    cards = [card for card, n in groups[group].items() for _ in range(n)]
    units = decompose(cards, table).units
    if len(units) >= 2 and rng.random() < throw_rate:
        chosen = rng.sample(units, rng.randint(2, len(units)))
        throw = tuple(card for unit in chosen for card in unit.cards)
        shape = decompose(throw, table)
        others = [state.counts(other) for other in state.throw_checked_by(seat)]
        refused = refused_units(shape, others, table)
        if not refused:
            return Play(seat, throw)
        if rng.random() < refuse_rate:
            return Play(seat, remedy(refused, state.profile).cards, refused=throw)
    unit = rng.choice(units)
    if unit.pairs and rng.random() < 0.3:  # a single card of it, now and then
        return Play(seat, (unit.cards[0],))
    return Play(seat, unit.cards)


def simulate_deal(
    *,
    rng: random.Random,
    level: int = 2,
    attackers_level: int = 2,
    dealer: Seat | None = None,
    profile: RuleProfile = STANDARD,
    throw_rate: float = 0.25,
    refuse_rate: float = 0.2,
) -> SimulatedDeal:
    """A random legal deal at ``level`` (the dealer side's); ``dealer`` None: a first deal, dealt by
    its first caller (or, when nobody calls, by a seat drawn here and named in the record)."""
    hands, bottom = deal_cards(rng)
    calls = simulate_calls(hands, level, rng)
    given = dealer
    if given is None and not calls:
        given = rng.choice(SEATS)
    called = judge_declarations(level=level, hands=hands, bottom=bottom, declarations=calls, dealer=given)
    assert called.valid and called.dealer is not None
    dealt_by = called.dealer
    buried = tuple(rng.sample(list(hands[dealt_by]) + list(bottom), BOTTOM_SIZE))
    deal = SimulatedDeal(
        level,
        attackers_level,
        given,
        dealt_by,
        called.trump_suit,
        hands,
        bottom,
        tuple(calls),
        buried,
        (),
        profile,
    )
    state = deal.state()
    tricks: list[tuple[Play, ...]] = []
    trick: list[Play] = []
    while not state.finished:
        seat = state.to_act
        assert seat is not None
        if state.lead is None:
            play = choose_lead(state, seat, rng, throw_rate=throw_rate, refuse_rate=refuse_rate)
        else:
            play = choose_follow(state, seat, rng)
        state.play(play)
        trick.append(play)
        if len(trick) == len(SEATS):
            tricks.append(tuple(trick))
            trick = []
    return SimulatedDeal(
        level,
        attackers_level,
        given,
        dealt_by,
        called.trump_suit,
        hands,
        bottom,
        tuple(calls),
        buried,
        tuple(tricks),
        profile,
    )
