"""The rounds of a climbing game, and the replay loop (docs/rules/guandan.md G5, docs/rules/doudizhu.md D6,
docs/rules/daguai.md K4).

Guandan, Dou Dizhu and Daguai Luzi play a deal the same way: the leader plays any combination,
each next seat still holding cards passes or beats the play on the table, and when every other
seat still holding cards has passed since the last play, its player leads again. A seat that
plays its last card is out and is skipped from then on. What differs is judged by each game:

- whether a play is a combination and beats the table (``_judge``),
- whether a seat going out ends the deal (``_ends_deal``),
- who leads when the last player went out and everyone passed (``_lead_after_out``),
- actions that take no turn, such as hand reports (``_aside``), and what stops a seat from
  taking its turn, such as a report it owes (``_held_up``, ``_hold_up``).

:class:`Rounds` is the state machine those games extend; ``state.apply(action)`` plays one
action or raises the :class:`RuleViolation` it breaks, leaving the state unchanged.
:func:`replay` runs a recorded deal through it and stops at the first violation.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Generic, TypeVar

from engine.cards import CardT
from engine.errors import BadInput, RuleViolation
from engine.seats import ring, rotate

S = TypeVar("S", bound=StrEnum)  # a game's seat


class TurnCode(StrEnum):
    """The violations every climbing game shares; each game's ``ViolationCode`` repeats them."""

    ILLEGAL_COMBINATION = "illegal_combination"
    DOES_NOT_BEAT = "does_not_beat"
    PREVIOUS_ILLEGAL = "previous_illegal"  # only a stateless question can table an illegal play
    DEAL_OVER = "deal_over"
    NOT_YOUR_TURN = "not_your_turn"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    CANNOT_PASS_ON_LEAD = "cannot_pass_on_lead"


class IllegalCombination(RuleViolation):
    code = TurnCode.ILLEGAL_COMBINATION


class DoesNotBeat(RuleViolation):
    code = TurnCode.DOES_NOT_BEAT


class PreviousIllegal(RuleViolation):
    code = TurnCode.PREVIOUS_ILLEGAL


class DealOver(RuleViolation):
    code = TurnCode.DEAL_OVER


class NotYourTurn(RuleViolation):
    code = TurnCode.NOT_YOUR_TURN


class CardNotInHand(RuleViolation):
    code = TurnCode.CARD_NOT_IN_HAND


class CannotPassOnLead(RuleViolation):
    code = TurnCode.CANNOT_PASS_ON_LEAD


TURN_VIOLATIONS: tuple[type[RuleViolation], ...] = (
    IllegalCombination,
    DoesNotBeat,
    PreviousIllegal,
    DealOver,
    NotYourTurn,
    CardNotInHand,
    CannotPassOnLead,
)


def violation_table(
    codes: Iterable[str], own: Iterable[type[RuleViolation]]
) -> dict[str, type[RuleViolation]]:
    """A game's ``VIOLATIONS``: each of its ``codes`` (its ``ViolationCode``, in that order) to its
    class, the turn violations above or the game's ``own``; a code without a class is a ``KeyError``
    when the game's module loads."""
    classes = {cls.code: cls for cls in (*TURN_VIOLATIONS, *own)}
    return {code: classes[code] for code in codes}


@dataclass(frozen=True, slots=True)
class Violation:
    """The first rule broken in a replay: ``index`` into the list named by ``part``."""

    index: int
    code: str
    detail: str
    part: str = "plays"


class Rounds(ABC, Generic[S, CardT]):
    """A deal in progress, advanced one action at a time with :meth:`apply`.

    An action has a ``seat`` and ``cards``: a tuple of cards for a play, an empty one for a pass,
    None for an aside that takes no turn (``_aside``). A game sets ``action_type``,
    ``parse_action``, ``entry_type`` (built as ``entry_type(seat, ok, reading, passed,
    went_out)``) and ``SECTIONS`` (the rule each turn detail cites), and implements ``_judge``.
    """

    action_type: ClassVar[type]
    entry_type: ClassVar[Callable[..., Any]]
    SECTIONS: ClassVar[Mapping[str, str]] = {"turn": "", "lead": "", "over": ""}

    def __init__(self, *, order: Sequence[S], leader: S, hands: Mapping[S, Iterable[CardT]]) -> None:
        self._order = tuple(order)
        self._after = ring(self._order)
        # each seat's followers in play order, nearest first (_next_in runs for every action)
        self._followers = {seat: rotate(self._order, seat)[1:] for seat in self._order}
        self._hands: dict[Any, dict[CardT, int]] = {}
        self._left: dict[Any, int] = {}
        for seat in self._order:
            cards = tuple(hands[seat])
            self._hands[seat] = dict(Counter(cards))  # Counter counts in C
            self._left[seat] = len(cards)
        self._to_act: Any = leader
        self._last_seat: Any = None
        self._last_reading: Any = None
        self._passes = 0
        self._passes_needed = 0
        self._finishing: list[Any] = []
        self._holding = sum(1 for seat in self._order if self._left[seat])
        self._held_up: set[Any] = set()  # seats that may not take their turn yet (``_hold_up``)
        self._passed = _pass_entries(self.entry_type, self._order)
        self._played = _PLAY_ENTRIES.setdefault(self.entry_type, {})

    @staticmethod
    @abstractmethod
    def parse_action(value: Any) -> Any:
        """The game's action from its wire form."""

    # ---- what the table shows ---------------------------------------------------------------------
    @property
    def to_act(self) -> Any:
        """The seat whose turn it is; None once the deal is over."""
        return self._to_act

    @property
    def finished(self) -> bool:
        return self._to_act is None

    @property
    def on_lead(self) -> bool:
        return self._last_reading is None

    @property
    def last_play(self) -> tuple[Any, Any] | None:
        """The play to beat in this round, and who made it; None on lead."""
        if self._last_seat is None or self._last_reading is None:
            return None
        return self._last_seat, self._last_reading

    @property
    def finishing_order(self) -> tuple[Any, ...]:
        return tuple(self._finishing)

    def hand(self, seat: Any) -> tuple[CardT, ...]:
        return tuple(card for card, n in self._hands[seat].items() for _ in range(n))

    def cards_left(self, seat: Any) -> int:
        return self._left[seat]

    # ---- moves ------------------------------------------------------------------------------------
    def apply(self, action: Any) -> Any:
        """Play one action, or raise the first violation it commits and change nothing.

        An action whose ``cards`` is None is an aside that takes no turn (a hand report, a
        question about one): the game's ``_aside`` judges it.
        """
        if type(action) is not self.action_type:
            action = self.parse_action(action)
        cards = action.cards
        if cards is None:
            return self._aside(action)
        seat = action.seat
        if self._to_act is None:
            raise DealOver(detail=f"The deal is already over ({self.SECTIONS['over']}).")
        if seat != self._to_act:  # != so that a plain seat code compares too
            raise NotYourTurn(detail=f"It is {self._to_act}'s turn, not {seat}'s ({self.SECTIONS['turn']}).")
        if self._held_up and seat in self._held_up:
            self._hold_up(seat)
        if not cards:  # a pass
            if self._last_reading is None:
                raise CannotPassOnLead(
                    detail=f"{seat} leads this round and must play ({self.SECTIONS['lead']})."
                )
            self._passes += 1
            if self._passes < self._passes_needed:
                self._to_act = self._next_in(seat)
            else:
                self._end_round()
            return self._passed[seat]
        hand = self._hands[seat]
        if len(cards) == 1:  # a single, the commonest play: no counting
            wanted = {cards[0]: 1}
        else:
            wanted = {}
            for card in cards:
                wanted[card] = wanted.get(card, 0) + 1
        for card, n in wanted.items():
            if hand.get(card, 0) < n:
                raise CardNotInHand(detail=f"{seat} does not hold {'' if n == 1 else f'{n}x '}{card.code}.")
        reading = self._judge(seat, action)
        for card, n in wanted.items():
            hand[card] -= n
        left = self._left[seat] = self._left[seat] - len(cards)
        self._play(seat, reading, not left)
        # A play's entry is a value too: one per seat, reading and going out, made once. The key
        # hashes in C; the kept entry holds its seat and reading, so no other object has their ids.
        key = (id(seat), id(reading), not left)
        entry = self._played.get(key)
        if entry is None:
            entry = self.entry_type(seat, True, reading, False, not left)
            if len(self._played) < _PLAY_ENTRIES_KEPT:
                self._played[key] = entry
        return entry

    def _aside(self, action: Any) -> Any:
        """An action that takes no turn (the game's own). A game without asides never parses one."""
        raise TypeError(f"{type(self).__name__} has no action that takes no turn.")

    def _hold_up(self, seat: Any) -> None:
        """Raise what stops ``seat`` (one of ``_held_up``) from taking its turn, e.g. a report it owes.
        Only a game that puts seats in ``_held_up`` is asked."""

    @abstractmethod
    def _judge(self, seat: Any, action: Any) -> Any:
        """The reading that applies to the play, or raise the rule it breaks (the game's own)."""

    @abstractmethod
    def _ends_deal(self, seat: Any) -> bool:
        """Whether ``seat`` going out ends the deal (it has just played its last card)."""

    def _lead_after_out(self, seat: S) -> S:
        """Who leads when ``seat`` went out with the last play and everyone passed it."""
        return self._next_in(seat)

    def _play(self, seat: Any, reading: Any, went_out: bool) -> None:
        self._last_seat, self._last_reading = seat, reading
        self._passes = 0
        if went_out:
            self._finishing.append(seat)
            self._holding -= 1
            if self._ends_deal(seat):
                self._end()
                return
            self._passes_needed = self._holding  # every seat still holding cards must pass it
        else:
            self._passes_needed = self._holding - 1  # every other seat still holding cards
        self._to_act = self._next_in(seat)

    def _end_round(self) -> None:
        # Every other seat still holding cards passed: the last player leads, or if it went out,
        # the game's rule hands the lead on.
        leader = self._last_seat
        if not self._left[leader]:
            leader = self._lead_after_out(leader)
        self._last_seat = self._last_reading = None
        self._to_act = leader

    def _end(self) -> None:
        self._to_act = None

    def _next_in(self, seat: S) -> S:
        """The next seat in play order that still holds cards (seats that are out are skipped)."""
        left = self._left
        for follower in self._followers[seat]:
            if left[follower]:
                return follower
        raise AssertionError("a deal in progress has a single seat holding cards")


_PASS_ENTRIES: dict[tuple[Any, Any], Any] = {}
_PLAY_ENTRIES: dict[Any, dict[tuple[int, int, bool], Any]] = {}  # entry type -> (seat, reading, out)
_PLAY_ENTRIES_KEPT = 16384


def _pass_entries(entry_type: Callable[..., Any], order: Sequence[Any]) -> dict[Any, Any]:
    """A pass's entry is the same value every time (half of a deal's actions): made once per seat."""
    entries = {}
    for seat in order:
        entry = _PASS_ENTRIES.get((entry_type, seat))
        if entry is None:
            entry = _PASS_ENTRIES[entry_type, seat] = entry_type(seat, True, None, True, False)
        entries[seat] = entry
    return entries


def parse_actions(
    plays: Sequence[Any], parse_action: Callable[..., Any], *, field: str = "plays"
) -> list[Any]:
    """Every action of a recorded deal; a malformed one raises ``BadInput`` naming it (``plays[3]``)."""
    if isinstance(plays, str | bytes | Mapping) or not isinstance(plays, Iterable):
        raise BadInput("invalid", f"{field} is a list of actions.", field=field)
    if type(plays) is not list:
        plays = list(plays)  # read twice when one is malformed
    try:
        return list(map(parse_action, plays))  # the loop in C: most of a deal's actions are passes
    except BadInput:  # again, for the error to name the play (field names cost on every play)
        pass
    actions: list[Any] = []
    for play in plays:
        try:
            actions.append(parse_action(play))
        except BadInput:
            parse_action(play, field=f"{field}[{len(actions)}]")
            raise
    return actions


def replay(
    state: Any, actions: Sequence[Any], *, rejected: Callable[[Any], Any]
) -> tuple[list[Any], Violation | None]:
    """Apply ``actions`` in order; stop at the first violation, entered as ``rejected(action)``."""
    entries: list[Any] = []
    apply, append = state.apply, entries.append
    try:
        for action in actions:
            append(apply(action))
    except RuleViolation as error:
        index = len(entries)  # the action that broke it: every one before it has its entry
        append(rejected(actions[index]))
        return entries, Violation(index=index, code=error.code, detail=error.detail)
    return entries, None
