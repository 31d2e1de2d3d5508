"""Replaying one deal of Daguai Luzi play by play (docs/rules/daguai.md K1-K6; the ``deals/replay`` question).

:class:`DealState` extends the shared rounds (engine/rounds.py): the dealer leads, play
goes 1 → 2 → … → 6, and the deal ends when a team has all three players out. Each turn is
checked in this order: ``deal_over``, ``not_your_turn``, then for a pass
``cannot_pass_on_lead``, for a play ``card_not_in_hand``, ``illegal_combination``,
``does_not_beat``. A hand-count question (报否, ``{"seat": "1", "ask": "4", "answer": "不报"}``)
does not use the turn and is checked for ``deal_over``, ``ask_out_of_turn``,
``ask_not_allowed`` and ``wrong_report``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import Card, check_copies, parse_card, parse_cards
from engine.daguai.play import DECKS, HAND_SIZE, judge_reading, parse_play, violation_detail
from engine.daguai.profiles import STANDARD, RuleProfile
from engine.daguai.readings import Reading, reading_to_dict, strongest_reading
from engine.daguai.scoring import DealScore, score_as_it_stands
from engine.daguai.seats import SEATS, Seat, parse_seat
from engine.daguai.violations import VIOLATIONS, AskNotAllowed, AskOutOfTurn, WrongReport
from engine.errors import BadInput
from engine.hands import parse_hands
from engine.plays import action_parser, judged
from engine.replays import PlayEntry, PlaysReplay
from engine.rounds import DealOver, Rounds, Violation, parse_actions, replay

NO_REPORT = "不报"  # K4: the answer above the threshold
_NO_REPORT_INPUT = {NO_REPORT, "no_report"}


@dataclass(frozen=True, slots=True)
class Action:
    """A seat's turn (a play of ``cards``, or a pass without them), or its question 报否 to ``ask``
    with the ``answer`` given: a count, or None for "不报"."""

    seat: Seat
    cards: tuple[Card, ...] | None = ()  # None: a question, which takes no turn
    ask: Seat | None = None
    answer: int | None = None

    @classmethod
    def asking(cls, seat: Seat, target: Seat, answer: int | None) -> Action:
        """K4: ``seat`` asks ``target`` 报否 and ``target`` answers (None: "不报")."""
        return cls(seat, None, target, answer)

    @property
    def is_pass(self) -> bool:
        return self.cards == ()

    def to_dict(self) -> dict[str, Any]:
        if self.cards is None:
            assert self.ask is not None  # a question names the seat it asks (``asking``)
            answer = NO_REPORT if self.answer is None else self.answer
            return {"seat": self.seat.value, "ask": self.ask.value, "answer": answer}
        if not self.cards:
            return {"seat": self.seat.value, "pass": True}
        return {"seat": self.seat.value, "cards": [c.code for c in self.cards]}


_PASSES = {seat: Action(seat) for seat in Seat}
_SEATS: dict[object, Seat] = {seat.value: seat for seat in Seat}


def _parse_own(value: Mapping[str, Any], seat: Seat, field: str) -> Action:
    """Daguai's part of an action: cards, a pass or an ask (报否, K4)."""
    if value.get("pass"):
        if value.get("cards") or "ask" in value:
            raise BadInput("invalid_action", "A pass holds no cards and no ask.", field=field)
        return _PASSES[seat]
    if "ask" in value:
        if value.get("cards"):
            raise BadInput("invalid_action", "An ask holds no cards.", field=field)
        return Action.asking(seat, parse_seat(value["ask"], field=f"{field}.ask"), _answer(value, field))
    if "cards" not in value:
        raise BadInput("invalid_action", "An action plays cards, passes or asks.", field=field)
    return Action(seat, parse_play(value["cards"], field=f"{field}.cards"))


parse_action = action_parser(
    action=Action,
    seats=_SEATS,
    passes=_PASSES,
    parse_seat=parse_seat,
    kinds="cards, a pass or an ask",
    parse_rest=_parse_own,
    doc='An action from ``{"seat", "cards"}``, ``{"seat", "pass": true}`` or ``{"seat", "ask", "answer"}``.',
)


def _answer(value: Mapping[str, Any], field: str) -> int | None:
    answer = value.get("answer")
    if answer in _NO_REPORT_INPUT:
        return None
    if isinstance(answer, str) and answer.strip().isdigit():
        answer = int(answer)
    if isinstance(answer, bool) or not isinstance(answer, int) or not 0 <= answer <= HAND_SIZE:
        raise BadInput(
            "invalid_action",
            f'An answer is "{NO_REPORT}" or a number of cards (K4).',
            field=f"{field}.answer",
        )
    return answer


@dataclass(frozen=True, slots=True)
class DealEntry(PlayEntry):
    """The outcome of one action (engine/replays.py): ``reading`` is None for a pass, an ask
    and a rejected action; ``asked`` the seat asked 报否 (K4)."""

    asked: Seat | None = None

    def own(self) -> dict[str, Any]:
        return {"asked": None if self.asked is None else self.asked.value}


@dataclass(frozen=True, slots=True)
class DealReplay(PlaysReplay):
    """The verdict on a recorded deal (K4); ``score`` when finished or stopped by the clock (K5, K6)."""

    finishing_order: tuple[Seat, ...]
    finished: bool
    score: DealScore | None

    def to_dict(self) -> dict[str, Any]:
        """The wire form of the verdict (the ``deals/replay`` answer, docs/rules/daguai.md)."""
        return {
            "valid": self.valid,
            "plays": self.plays(reading_to_dict),
            "violation": self.violation_dict(),
            "finishing_order": [seat.value for seat in self.finishing_order],
            "finished": self.finished,
            "score": None if self.score is None else self.score.to_dict(),
            "next_to_act": self.next_seat(),
        }


def parse_deal_hands(hands: Mapping[Any, Sequence[object]]) -> dict[Seat, tuple[Card, ...]]:
    """K1: six hands of 27 cards, together exactly three decks."""
    parsed = parse_hands(
        hands,
        seats=SEATS,
        parse_seat=parse_seat,
        parse_cards=parse_cards,
        parse_card=parse_card,
        hand_size=HAND_SIZE,
        rule="K1",
    )
    check_copies(*parsed.values(), decks=DECKS, fields=[f"hands.{seat}" for seat in parsed])
    return parsed


class DealState(Rounds[Seat, Card]):
    """A deal in progress (K4), advanced one action at a time with :meth:`apply`."""

    action_type = Action
    entry_type = DealEntry
    SECTIONS = {"turn": "K4", "lead": "K4", "over": "K4"}

    def __init__(
        self, *, hands: Mapping[Seat, Sequence[Card]], dealer: Seat | str, profile: RuleProfile = STANDARD
    ) -> None:
        """``hands`` as dealt (:func:`parse_deal_hands` parses and checks them from the wire)."""
        self.profile = profile
        self.dealer = parse_seat(dealer, field="dealer")
        self._ace_low = profile.ace_low
        super().__init__(order=SEATS, leader=self.dealer, hands=hands)

    @staticmethod
    def parse_action(value: Action | Mapping[str, Any]) -> Action:
        return parse_action(value)

    def answer(self, seat: Seat) -> int | None:
        """K4: the right answer of ``seat`` to 报否: its count at the threshold or fewer, else None (不报)."""
        held = self._left[seat]
        return held if held <= self.profile.report_threshold else None

    def may_ask(self, asker: Seat, target: Seat) -> bool:
        """K4: on lead a player asks only its teammates; following, only the opponent whose play
        is on the table (and only on its own turn, which ``apply`` checks first)."""
        if target == asker or not self._left[target]:
            return False
        if self._last_reading is None:
            return target.team is asker.team
        return target == self._last_seat and target.team is not asker.team

    def _aside(self, action: Action) -> DealEntry:
        # K4: 报否
        seat, target = action.seat, action.ask
        assert target is not None
        if self._to_act is None:
            raise DealOver(detail="The deal is already over (K4).")
        if seat != self._to_act:
            raise AskOutOfTurn(detail=f"Only the seat to play asks 报否; it is {self._to_act}'s turn (K4).")
        if not self.may_ask(seat, target):
            rule = (
                "a teammate on lead"
                if self._last_reading is None
                else "the opponent whose play is on the table"
            )
            raise AskNotAllowed(detail=f"{seat} may ask only {rule}, not {target} (K4).")
        right = self.answer(target)
        if action.answer != right:
            said = NO_REPORT if action.answer is None else action.answer
            should = NO_REPORT if right is None else right
            raise WrongReport(detail=f"{target} answered {said} but must answer {should} (K4).")
        return DealEntry(seat, True, asked=target)

    def _judge(self, seat: Seat, action: Action) -> Reading:
        assert action.cards is not None  # a question is an aside (``_aside``), never judged
        return judged(
            judge_reading(strongest_reading(action.cards, ace_low=self._ace_low), self._last_reading),
            VIOLATIONS,
            violation_detail,
        )

    def _ends_deal(self, seat: Seat) -> bool:
        left = self._left
        return not any(left[s] for s in seat.team.seats)  # K5: a team is all out

    def _lead_after_out(self, seat: Seat) -> Seat:
        # K4: the next seat still holding cards, or with ``teammate`` the next such teammate.
        if self.profile.lead_after_out == "teammate":
            after = seat
            for _ in range(len(SEATS) - 1):
                after = self._after[after]
                if after.team is seat.team and self._left[after]:
                    return after
        return self._next_in(seat)

    def score(self, *, stopped: bool = False) -> DealScore | None:
        """K5 when the deal is finished; K6 as it stands when ``stopped`` by the clock; else None."""
        if not (self.finished or stopped):
            return None
        return score_as_it_stands(self._finishing, profile=self.profile)

    def result(
        self, entries: Sequence[DealEntry] = (), violation: Violation | None = None, *, stopped: bool = False
    ) -> DealReplay:
        return DealReplay(
            valid=violation is None,
            entries=tuple(entries),
            violation=violation,
            finishing_order=tuple(self._finishing),
            finished=self.finished,
            score=self.score(stopped=stopped),
            next_to_act=self._to_act,
        )


def replay_deal(
    *,
    hands: Mapping[Seat | str, Sequence[Card | str]],
    dealer: Seat | str,
    plays: Sequence[Action | Mapping[str, Any]],
    stopped: bool = False,
    profile: RuleProfile = STANDARD,
) -> DealReplay:
    """Replay a recorded deal (K4) and stop at the first violation; score it (K5).

    ``dealer`` deals and leads (K5, :func:`seats.dealer_of`). ``stopped``: the clock ran out
    (K6), so an unfinished deal is scored as it stands. A malformed question (hands that are
    not six hands of 27 cards from three decks, a play of 4 or 6+ cards, unknown cards or seats,
    a malformed action) raises :class:`BadInput` naming the field (``plays[2].cards``).
    """
    state = DealState(hands=parse_deal_hands(hands), dealer=dealer, profile=profile)
    entries, violation = replay(state, parse_actions(plays, parse_action), rejected=_rejected)
    return state.result(entries, violation, stopped=stopped)


def _rejected(action: Action) -> DealEntry:
    return DealEntry(action.seat, False, passed=action.is_pass, asked=action.ask)
