"""Replaying one deal of Guandan 掼蛋 play by play (docs/guandan.md G5, with G6's level rise).

:class:`DealState` is the state machine: ``state.apply(action)`` either plays the action or
raises the :class:`RuleViolation` it breaks, leaving the state unchanged. :func:`replay_deal`
runs a whole recorded deal through it and stops at the first violation (API ``deals/replay``).

Each action is checked in this order: ``deal_over``, ``not_your_turn``, then for a pass
``cannot_pass_on_lead``, for a play ``card_not_in_hand``, ``illegal_combination``,
``does_not_beat``, ``declared_reading_invalid`` (see :func:`combinations.judge_play`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.games.errors import BadInput, RuleViolation
from referee.games.guandan.cards import (
    HAND_SIZE,
    Card,
    Seat,
    Side,
    parse_seat,
    seat_order,
)
from referee.games.guandan.combinations import (
    Declared,
    coerce_level,
    format_declared,
    judge_play,
    parse_declared,
    parse_play,
    violation_detail,
)
from referee.games.guandan.finishing import FinishingOrder, normalise_finishing_order
from referee.games.guandan.profiles import STANDARD, RuleProfile
from referee.games.guandan.question import parse_hands
from referee.games.guandan.readings import Reading, readings
from referee.games.guandan.violations import (
    VIOLATIONS,
    CannotPassOnLead,
    CardNotInHand,
    DealOver,
    NotYourTurn,
)


@dataclass(frozen=True, slots=True)
class Action:
    """One seat's turn: a play of ``cards`` (optionally with a declared reading) or a pass."""

    seat: Seat
    cards: tuple[Card, ...] = ()
    declared: Declared | None = None

    @property
    def is_pass(self) -> bool:
        return not self.cards

    def to_dict(self) -> dict[str, Any]:
        """The wire form, as docs/referee.md writes a play."""
        if self.is_pass:
            return {"seat": self.seat.value, "pass": True}
        data: dict[str, Any] = {"seat": self.seat.value, "cards": [c.code for c in self.cards]}
        if self.declared is not None:
            data["declared"] = format_declared(self.declared)
        return data


def parse_action(value: Action | Mapping[str, Any], *, field: str = "play") -> Action:
    """An action from its wire form ``{"seat": "W", "cards": [...]}`` or ``{"seat": "W", "pass": true}``."""
    if type(value) is Action:
        return value
    if type(value) is not dict and not isinstance(value, Mapping):  # the ABC check is slow: dicts first
        raise BadInput(
            "invalid_action", "An action is an object with a seat and cards or a pass.", field=field
        )
    seat = _seat(value.get("seat"), field=f"{field}.seat")
    if value.get("pass"):
        if value.get("cards") or value.get("declared"):
            raise BadInput("invalid_action", "A pass holds no cards and no declaration.", field=field)
        return Action(seat=seat)
    if "cards" not in value:
        raise BadInput("invalid_action", "An action plays cards or passes.", field=field)
    # A third copy of a card is not refused here: no hand holds it, so it is card_not_in_hand.
    cards = parse_play(value["cards"], field=f"{field}.cards")
    declared = parse_declared(value.get("declared"), field=f"{field}.declared")
    return Action(seat=seat, cards=cards, declared=declared)


@dataclass(frozen=True, slots=True)
class DealEntry:
    """The outcome of one action: ``reading`` is None for a pass and for a rejected action."""

    seat: Seat
    ok: bool
    reading: Reading | None = None
    passed: bool = False
    went_out: bool = False


@dataclass(frozen=True, slots=True)
class Violation:
    index: int
    code: str
    detail: str


@dataclass(frozen=True, slots=True)
class DealReplay:
    """The verdict on a recorded deal (G5); ``level_rise`` (G6) once it is finished."""

    valid: bool
    entries: tuple[DealEntry, ...]
    violation: Violation | None
    finishing_order: tuple[Seat, ...]
    finished: bool
    winner_side: Side | None
    level_rise: int | None
    next_to_act: Seat | None


def level_rise(finishing_order: Sequence[Seat | str] | FinishingOrder) -> int:
    """G6: how far the side of the 1st seat goes up: +3 for 1-2, +2 for 1-3, +1 for 1-4.

    Before the A rules (A必打, mandatory levels) are applied. Takes a finished deal's order of
    2 (a 1-2 finish), 3 or 4 seats; an order that has not ended raises ``BadInput``.
    """
    if not isinstance(finishing_order, FinishingOrder):
        finishing_order = normalise_finishing_order(finishing_order)
    return finishing_order.rise


class DealState:
    """A deal in progress (G5), advanced one action at a time with :meth:`apply`.

    Jie feng 接风 (G5.4): when a seat plays its last cards and every seat still holding cards
    passes them, the lead goes to its partner (``jiefeng="partner"``) or to the next seat still
    holding cards (``"next_seat"``). The partner always still holds cards at that point: had
    it gone out before, the seat going out would have ended the deal (G5.5).
    """

    def __init__(
        self,
        *,
        level: int | str,
        hands: Mapping[Seat | str, Sequence[Card | str]],
        leader: Seat | str,
        profile: RuleProfile = STANDARD,
    ) -> None:
        self.level = coerce_level(level)
        self.profile = profile
        self._order = seat_order(profile.turn_direction)
        self._hands = _parse_hands(hands)
        self._left = {seat: HAND_SIZE for seat in self._order}
        self._to_act: Seat | None = _seat(leader, field="leader")
        self._last_seat: Seat | None = None
        self._last_reading: Reading | None = None
        self._passes = 0
        self._passes_needed = 0
        self._finishing: list[Seat] = []

    # ---- what the table shows ---------------------------------------------------------------------
    @property
    def to_act(self) -> Seat | None:
        """The seat whose turn it is; None once the deal is over."""
        return self._to_act

    @property
    def finished(self) -> bool:
        return self._to_act is None

    @property
    def on_lead(self) -> bool:
        return self._last_reading is None

    @property
    def last_play(self) -> tuple[Seat, Reading] | None:
        """The play to beat in this round, and who made it; None on lead."""
        if self._last_seat is None or self._last_reading is None:
            return None
        return self._last_seat, self._last_reading

    @property
    def finishing_order(self) -> tuple[Seat, ...]:
        return tuple(self._finishing)

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        return tuple(card for card, n in self._hands[seat].items() for _ in range(n))

    def cards_left(self, seat: Seat) -> int:
        return self._left[seat]

    # ---- moves ------------------------------------------------------------------------------------
    def apply(self, action: Action | Mapping[str, Any]) -> DealEntry:
        """Play one action (G5), or raise the first violation it commits and change nothing."""
        if type(action) is not Action:
            action = parse_action(action)
        seat = action.seat
        if self._to_act is None:
            raise DealOver(detail="The deal is already over (G5.5).")
        if seat != self._to_act:  # != so that a plain seat code compares too
            raise NotYourTurn(detail=f"It is {self._to_act}'s turn, not {seat}'s (G5).")
        if action.is_pass:
            if self._last_reading is None:
                raise CannotPassOnLead(detail=f"{seat} leads this round and must play (G5.1).")
            self._pass(seat)
            return DealEntry(seat=seat, ok=True, passed=True)
        hand = self._hands[seat]
        wanted: dict[Card, int] = {}
        for card in action.cards:
            wanted[card] = wanted.get(card, 0) + 1
        for card, n in wanted.items():
            if hand.get(card, 0) < n:
                raise CardNotInHand(detail=f"{seat} does not hold {'' if n == 1 else f'{n}x '}{card.code}.")
        reading, problem = judge_play(
            readings(action.cards, self.level),
            previous=self._last_reading,
            declared=action.declared,
            level=self.level,
            wild_default=self.profile.wild_default,
        )
        if problem is not None:
            raise VIOLATIONS[problem](detail=violation_detail(problem))
        assert reading is not None  # judge_play gives a reading whenever it finds no problem
        for card, n in wanted.items():
            hand[card] -= n
        self._left[seat] -= len(action.cards)
        went_out = self._left[seat] == 0
        self._play(seat, reading, went_out)
        return DealEntry(seat=seat, ok=True, reading=reading, went_out=went_out)

    def _play(self, seat: Seat, reading: Reading, went_out: bool) -> None:
        self._last_seat, self._last_reading = seat, reading
        if went_out:
            self._finishing.append(seat)  # G5.3
            if not self._left[seat.partner]:
                self._end()
                return
        self._passes = 0
        self._passes_needed = sum(1 for s in self._order if s is not seat and self._left[s])
        self._to_act = self._next_in(seat)

    def _pass(self, seat: Seat) -> None:
        self._passes += 1
        if self._passes < self._passes_needed:
            self._to_act = self._next_in(seat)
            return
        # G5.2: every other seat still holding cards passed; the last player leads, or if it
        # went out, G5.4 jie feng hands the lead on.
        leader = self._last_seat
        assert leader is not None
        if not self._left[leader]:
            leader = leader.partner if self.profile.jiefeng == "partner" else self._next_in(leader)
        self._last_seat = self._last_reading = None
        self._to_act = leader

    def _end(self) -> None:
        # G5.5: a partnership is out; the seats still holding cards come last (in a 1-2
        # finish both are last, 双下), in the order finishing.py completes every finishing order.
        self._finishing = list(normalise_finishing_order(self._finishing).seats)
        self._to_act = None

    def _next_in(self, seat: Seat) -> Seat:
        """The next seat in play order that still holds cards (G5: seats that are out are skipped)."""
        start = self._order.index(seat)
        for step in range(1, 4):
            other = self._order[(start + step) % 4]
            if self._left[other]:
                return other
        raise AssertionError("a deal in progress has two seats holding cards")

    def result(self, entries: Sequence[DealEntry] = (), violation: Violation | None = None) -> DealReplay:
        """The replay verdict for the state reached (G5, G6)."""
        order = tuple(self._finishing)
        finished = self.finished
        return DealReplay(
            valid=violation is None,
            entries=tuple(entries),
            violation=violation,
            finishing_order=order,
            finished=finished,
            winner_side=order[0].side if finished else None,
            level_rise=level_rise(order) if finished else None,
            next_to_act=self._to_act,
        )


def replay_deal(
    *,
    level: int | str,
    hands: Mapping[Seat | str, Sequence[Card | str]],
    leader: Seat | str,
    plays: Sequence[Action | Mapping[str, Any]],
    profile: RuleProfile = STANDARD,
) -> DealReplay:
    """Replay a recorded deal (G5) and stop at the first violation (API ``deals/replay``).

    A malformed question (hands that are not four hands of 27 cards from two decks, unknown
    cards or seats, a malformed action) raises :class:`BadInput`; a rule broken during play
    is the ``violation`` of a normal answer.
    """
    state = DealState(level=level, hands=hands, leader=leader, profile=profile)
    actions = [parse_action(play, field=f"plays[{i}]") for i, play in enumerate(plays)]
    entries: list[DealEntry] = []
    for index, action in enumerate(actions):
        try:
            entries.append(state.apply(action))
        except RuleViolation as error:
            entries.append(DealEntry(seat=action.seat, ok=False, passed=action.is_pass))
            return state.result(entries, Violation(index=index, code=error.code, detail=error.detail))
    return state.result(entries)


def _seat(value: object, *, field: str) -> Seat:
    if type(value) is Seat:
        return value
    seat = _SEATS.get(value) if isinstance(value, str) else None
    if seat is not None:
        return seat
    try:
        return parse_seat(str(value))
    except BadInput as error:
        raise BadInput(error.code, error.detail, field=field) from None


_SEATS: dict[object, Seat] = {seat.value: seat for seat in Seat}


def _parse_hands(hands: Mapping[Seat | str, Sequence[Card | str]]) -> dict[Seat, dict[Card, int]]:
    """G1: four hands of 27 cards that together are exactly two decks, counted per card."""
    return {seat: dict(Counter(cards)) for seat, cards in parse_hands(hands).items()}
