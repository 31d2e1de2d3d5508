"""Replaying one deal of Guandan 掼蛋 play by play (docs/rules/guandan.md G5, with G6's level rise).

:class:`DealState` is the state machine: ``state.apply(action)`` either plays the action or
raises the :class:`RuleViolation` it breaks, leaving the state unchanged. :func:`replay_deal`
runs a whole recorded deal through it and stops at the first violation (API ``deals/replay``);
:func:`replay_dealt` does the same with a deal already parsed (a scoresheet's posted deal).

Each action is checked in this order: ``deal_over``, ``not_your_turn``, then for a pass
``cannot_pass_on_lead``, for a play ``card_not_in_hand``, ``illegal_combination``,
``does_not_beat``, ``declared_reading_invalid`` (see :func:`combinations.judge_play`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import BadInput
from engine.guandan.cards import Card
from engine.guandan.combinations import (
    Declared,
    beats,
    coerce_level,
    format_declared,
    judge_play,
    parse_declared,
    parse_play,
    violation_detail,
)
from engine.guandan.finishing import FinishingOrder, complete_finishing_order, normalise_finishing_order
from engine.guandan.profiles import STANDARD, RuleProfile
from engine.guandan.question import parse_hands
from engine.guandan.readings import Reading, readings
from engine.guandan.violations import VIOLATIONS
from engine.plays import action_parser, judged
from engine.replays import PlayEntry, PlaysReplay
from engine.rounds import Rounds, Violation, parse_actions, replay
from engine.seats import Seat, Side, parse_seat, seat_order

__all__ = [
    "Action",
    "DealEntry",
    "DealReplay",
    "DealState",
    "Violation",
    "level_rise",
    "parse_action",
    "replay_deal",
    "replay_dealt",
]


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


def _parse_own(value: Mapping[str, Any], seat: Seat, field: str) -> Action:
    """Guandan's part of an action: cards (and a declaration of the wild cards), or a pass."""
    codes = value.get("cards")
    if type(codes) is list and len(value) == 2:  # {"seat", "cards"}: a plain play, perhaps read before
        try:
            key = (seat, *codes)
            return _PLAYS[key]
        except (KeyError, TypeError):  # not read yet, or something unhashable (then malformed)
            pass
        action = _parse_play(value, seat, field)
        if len(_PLAYS) < _PLAYS_KEPT:
            _PLAYS[key] = action
        return action
    return _parse_play(value, seat, field)


def _parse_play(value: Mapping[str, Any], seat: Seat, field: str) -> Action:
    passed = value.get("pass", False)
    if type(passed) is not bool:  # JSON types are checked, never coerced (docs/api.md)
        raise BadInput("invalid_type", "pass is true or false.", field=f"{field}.pass")
    if passed:
        if value.get("cards") or value.get("declared"):
            raise BadInput("invalid_action", "A pass holds no cards and no declaration.", field=field)
        return _PASSES[seat]
    if "cards" not in value:
        raise BadInput("invalid_action", "A play has cards, or is a pass.", field=f"{field}.cards")
    # A third copy of a card is not refused here: no hand holds it, so it is card_not_in_hand.
    cards = parse_play(value["cards"], field=f"{field}.cards")
    declared = value.get("declared")
    if declared is not None:
        declared = parse_declared(declared, field=f"{field}.declared")
    return Action(seat, cards, declared)


@dataclass(frozen=True, slots=True)
class DealEntry(PlayEntry):
    """The outcome of one action (engine/replays.py): ``reading`` is None for a pass and for a
    rejected action."""


# Actions are values: a pass is the same every time (half of a deal's actions), and a plain play
# (no declaration) is the same for the same seat and codes, read once per process: the key is the
# codes as written, so reading them again (a lookup and a type check per card, the length checks,
# the frozen dataclass) is skipped. Singles and pairs, most of a deal's plays, are a few hundred
# keys; the bound only guards against a stream of plays never seen before.
_PASSES = {seat: Action(seat) for seat in Seat}
_PLAYS: dict[tuple[Any, ...], Action] = {}
_PLAYS_KEPT = 16384
# The readings of a set of cards at a level (G2, G3) are a pure function of both: kept per level,
# by the cards (interned, so the tuple hashes in C), for the same plays in every deal at that level.
_OPTIONS: dict[int, dict[tuple[Card, ...], tuple[Reading, ...]]] = {}
_OPTIONS_KEPT = 16384


@dataclass(frozen=True, slots=True)
class DealReplay(PlaysReplay):
    """The verdict on a recorded deal (G5; engine/replays.py); ``level_rise`` (G6) once it is
    finished."""

    finishing_order: tuple[Seat, ...]
    finished: bool
    winner_side: Side | None
    level_rise: int | None
    finish: FinishingOrder | None = None  # the finishing order as a value, once the deal is over


def level_rise(finishing_order: Sequence[Seat | str] | FinishingOrder) -> int:
    """G6: how far the side of the 1st seat goes up: +3 for 1-2, +2 for 1-3, +1 for 1-4.

    Before the A rules (A必打, mandatory levels) are applied. Takes a finished deal's order of
    2 (a 1-2 finish), 3 or 4 seats; an order that has not ended raises ``BadInput``.
    """
    if not isinstance(finishing_order, FinishingOrder):
        finishing_order = normalise_finishing_order(finishing_order)
    return finishing_order.rise


class DealState(Rounds[Seat, Card]):
    """A deal in progress (G5), advanced one action at a time with :meth:`apply`.

    The rounds themselves are every climbing game's (engine/rounds.py); Guandan judges
    plays by G2-G4, ends a deal when a partnership is out (G5.5), and hands the lead on by jie
    feng 接风 (G5.4): when a seat plays its last cards and every seat still holding cards
    passes them, the lead goes to its partner (``jiefeng="partner"``) or to the next seat still
    holding cards (``"next_seat"``). The partner always still holds cards at that point: had
    it gone out before, the seat going out would have ended the deal (G5.5).
    """

    action_type = Action
    entry_type = DealEntry
    SECTIONS = {"turn": "G5", "lead": "G5.1", "over": "G5.5"}

    def __init__(
        self,
        *,
        level: int | str,
        hands: Mapping[Any, Sequence[Card | str]],
        leader: Seat | str,
        profile: RuleProfile = STANDARD,
    ) -> None:
        """A deal from a question's members as written (the level, the leader and the hands are
        parsed here); :meth:`dealt` starts one from values already parsed."""
        deal_level = coerce_level(level)
        self._deal(deal_level, _seat(leader, field="leader"), parse_hands(hands), profile)

    @classmethod
    def dealt(
        cls,
        *,
        level: int,
        hands: Mapping[Seat, Sequence[Card]],
        leader: Seat,
        profile: RuleProfile = STANDARD,
    ) -> DealState:
        """A deal from parsed values (a scoresheet's posted deal): nothing is parsed again."""
        # __init__ is the question's entry point and parses; this one skips it on purpose.
        state = cls.__new__(cls)
        state._deal(level, leader, hands, profile)
        return state

    def _deal(
        self, level: int, leader: Seat, hands: Mapping[Seat, Sequence[Card]], profile: RuleProfile
    ) -> None:
        self.level = level
        self.profile = profile
        self._wild_default = profile.wild_default
        self._options = _OPTIONS.setdefault(level, {})
        self._finish: FinishingOrder | None = None
        super().__init__(order=seat_order(profile.turn_direction), leader=leader, hands=hands)

    @staticmethod
    def parse_action(value: Action | Mapping[str, Any]) -> Action:
        return parse_action(value)

    def _judge(self, seat: Seat, action: Action) -> Reading:
        cards = action.cards
        options = self._options.get(cards)
        if options is None:
            options = readings(cards, self.level)
            if len(self._options) < _OPTIONS_KEPT:
                self._options[cards] = options
        previous = self._last_reading
        if action.declared is None and len(options) == 1:  # most plays: judge_play's first case
            only = options[0]
            if previous is None or beats(only, previous, self.level):
                return only
        found = judge_play(
            options,
            previous=previous,
            declared=action.declared,
            level=self.level,
            wild_default=self._wild_default,
        )
        return judged(found, VIOLATIONS, violation_detail)

    def _ends_deal(self, seat: Seat) -> bool:
        return not self._left[seat.partner]  # G5.5: a partnership is out

    def _lead_after_out(self, seat: Seat) -> Seat:
        # G5.4 jie feng
        return seat.partner if self.profile.jiefeng == "partner" else self._next_in(seat)

    def _end(self) -> None:
        # G5.5: a partnership is out; the seats still holding cards come last (in a 1-2
        # finish both are last, 双下), in the order finishing.py completes every finishing order.
        self._finish = complete_finishing_order(self._finishing)
        self._finishing = list(self._finish.seats)
        self._to_act = None

    def result(self, entries: Sequence[DealEntry] = (), violation: Violation | None = None) -> DealReplay:
        """The replay verdict for the state reached (G5, G6)."""
        finish = self._finish
        return DealReplay(
            valid=violation is None,
            entries=tuple(entries),
            violation=violation,
            finishing_order=tuple(self._finishing),
            finished=self.finished,
            winner_side=None if finish is None else finish.winner_side,
            level_rise=None if finish is None else finish.rise,
            next_to_act=self._to_act,
            finish=finish,
        )


def replay_deal(
    *,
    level: int | str,
    hands: Mapping[Any, Sequence[Card | str]],
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
    return _replayed(state, parse_actions(plays, parse_action))


def replay_dealt(
    *,
    level: int,
    hands: Mapping[Seat, Sequence[Card]],
    leader: Seat,
    plays: Sequence[Action],
    profile: RuleProfile = STANDARD,
) -> DealReplay:
    """``replay_deal`` of a deal already parsed (a scoresheet's posted deal): the hands as checked,
    the actions as read; nothing is parsed again."""
    return _replayed(DealState.dealt(level=level, hands=hands, leader=leader, profile=profile), plays)


def _replayed(state: DealState, actions: Sequence[Action]) -> DealReplay:
    entries, violation = replay(state, actions, rejected=_rejected)
    return state.result(entries, violation)


def _rejected(action: Action) -> DealEntry:
    return DealEntry(seat=action.seat, ok=False, passed=action.is_pass)


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

parse_action = action_parser(
    action=Action,
    seats=_SEATS,
    passes=_PASSES,
    parse_seat=_seat,
    kinds="cards or a pass",
    parse_rest=_parse_own,
    doc='An action from its wire form ``{"seat": "W", "cards": [...]}`` or ``{"seat": "W", "pass": true}``.',
)
