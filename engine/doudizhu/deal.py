"""Replaying one deal of four-player Dou Dizhu, from the bidding to the last play
(docs/rules/doudizhu.md D1-D8; the ``deals/replay`` question).

:class:`DealState` plays a deal whose bidding is complete: the landlord takes the eight bottom
cards and leads, play goes round in turn order (engine/rounds.py), and the first seat
to play its last card ends the deal for its side. Each action is checked in this order:
``deal_over``, ``not_your_turn``, ``missing_report``, then for a pass ``cannot_pass_on_lead``,
for a play ``card_not_in_hand``, ``illegal_combination``, ``does_not_beat``, ``bomb_limit``.
A hand report (``{"seat": "W", "report": 9}``) may come at any time and is checked for
``deal_over``, ``already_reported`` (a seat reports once: "自报一次") and ``wrong_report``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import Card, check_copies, parse_card, parse_cards
from engine.doudizhu.bidding import (
    Bid,
    BiddingResult,
    Party,
    check_bidding,
    parse_seat,
)
from engine.doudizhu.play import (
    BOTTOM_SIZE,
    DECKS,
    HAND_SIZE,
    judge,
    parse_play,
    violation_detail,
)
from engine.doudizhu.profiles import STANDARD, RuleProfile
from engine.doudizhu.readings import Reading, is_bomb, reading_to_dict, readings
from engine.doudizhu.scoring import DealScore, score_deal
from engine.doudizhu.violations import (
    VIOLATIONS,
    AlreadyReported,
    BiddingUnfinished,
    BombLimit,
    MissingReport,
    WrongReport,
)
from engine.errors import BadInput
from engine.hands import parse_hands, with_field
from engine.plays import action_parser, judged
from engine.replays import PlayEntry, PlaysReplay
from engine.rounds import DealOver, Rounds, Violation, parse_actions, replay
from engine.seats import Seat, seat_order

SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)


@dataclass(frozen=True, slots=True)
class Action:
    """A seat's turn (a play of ``cards``, or a pass without them) or its hand report (D7)."""

    seat: Seat
    cards: tuple[Card, ...] | None = ()  # None: a report, which takes no turn
    report: int | None = None

    @classmethod
    def reporting(cls, seat: Seat, count: int) -> Action:
        """D7: ``seat`` announces that it holds ``count`` cards."""
        return cls(seat, None, count)

    @property
    def is_pass(self) -> bool:
        return self.cards == ()

    def to_dict(self) -> dict[str, Any]:
        if self.cards is None:
            return {"seat": self.seat.value, "report": self.report}
        if not self.cards:
            return {"seat": self.seat.value, "pass": True}
        return {"seat": self.seat.value, "cards": [c.code for c in self.cards]}


_PASSES = {seat: Action(seat) for seat in Seat}
_SEATS: dict[object, Seat] = {seat.value: seat for seat in Seat}


def _parse_own(value: Mapping[str, Any], seat: Seat, field: str) -> Action:
    """Dou Dizhu's part of an action: cards, a pass or a hand report (D7)."""
    if "report" in value:
        count = value["report"]
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= HAND_SIZE + BOTTOM_SIZE:
            raise BadInput(
                "invalid_action", "A report is the number of cards held (D7).", field=f"{field}.report"
            )
        if value.get("cards") or value.get("pass"):
            raise BadInput("invalid_action", "A report holds no cards and no pass.", field=field)
        return Action.reporting(seat, count)
    if value.get("pass"):
        if value.get("cards"):
            raise BadInput("invalid_action", "A pass holds no cards.", field=field)
        return _PASSES[seat]
    if "cards" not in value:
        raise BadInput("invalid_action", "An action plays cards, passes or reports.", field=field)
    return Action(seat, parse_play(value["cards"], field=f"{field}.cards"))


parse_action = action_parser(
    action=Action,
    seats=_SEATS,
    passes=_PASSES,
    parse_seat=parse_seat,
    kinds="cards, a pass or a report",
    parse_rest=_parse_own,
    doc="""An action from ``{"seat", "cards"}``, ``{"seat", "pass": true}`` or ``{"seat", "report": n}``.""",
)


@dataclass(frozen=True, slots=True)
class DealEntry(PlayEntry):
    """The outcome of one action (engine/replays.py): ``reading`` is None for a pass, a report
    and a rejected action; ``report`` the count a seat reported."""

    report: int | None = None

    def own(self) -> dict[str, Any]:
        return {"report": self.report}


@dataclass(frozen=True, slots=True)
class DealReplay(PlaysReplay):
    """The verdict on a recorded deal (D2-D8); ``score`` once it is finished."""

    bidding: BiddingResult
    finished: bool
    first_out: Seat | None
    winner: Party | None
    spring: bool
    bombs_played: Mapping[Seat, int]
    score: DealScore | None

    def to_dict(self) -> dict[str, Any]:
        """The wire form of the verdict (the ``deals/replay`` answer, docs/rules/doudizhu.md)."""
        return {
            "valid": self.valid,
            "bidding": self.bidding.to_dict(),
            "plays": self.plays(reading_to_dict),
            "violation": self.violation_dict(part=True),
            "finished": self.finished,
            "first_out": None if self.first_out is None else self.first_out.value,
            "winner": None if self.winner is None else self.winner.value,
            "spring": self.spring,
            "bombs_played": {seat.value: n for seat, n in self.bombs_played.items()},
            "score": None if self.score is None else self.score.to_dict(),
            "next_to_act": self.next_seat(),
        }


def parse_deal(
    hands: Mapping[Any, Iterable[object]], bottom: Iterable[object]
) -> tuple[dict[Seat, tuple[Card, ...]], tuple[Card, ...]]:
    """D1: four hands of 25 and the 8 bottom cards, together exactly two decks."""
    parsed = parse_hands(
        hands,
        seats=SEATS,
        parse_seat=parse_seat,
        parse_cards=parse_cards,
        parse_card=parse_card,
        hand_size=HAND_SIZE,
        rule="D1",
    )
    if isinstance(bottom, str | bytes) or not isinstance(bottom, Iterable):
        raise BadInput("invalid", "bottom is a list of the 8 bottom cards.", field="bottom")
    bottom_cards: tuple[Card, ...] = tuple(
        with_field(f"bottom[{i}]", parse_card, code) for i, code in enumerate(bottom)
    )
    if len(bottom_cards) != BOTTOM_SIZE:
        raise BadInput("wrong_hand_size", f"The bottom holds {BOTTOM_SIZE} cards (D1).", field="bottom")
    seats = list(parsed)
    check_copies(
        *parsed.values(), bottom_cards, decks=DECKS, fields=[*(f"hands.{s}" for s in seats), "bottom"]
    )
    return parsed, bottom_cards


class DealState(Rounds[Seat, Card]):
    """A deal whose bidding is complete (D6): the landlord leads with the bottom in its hand."""

    action_type = Action
    entry_type = DealEntry
    SECTIONS = {"turn": "D6", "lead": "D6", "over": "D6"}

    def __init__(
        self,
        *,
        bidding: BiddingResult,
        hands: Mapping[Seat, Sequence[Card]],
        bottom: Sequence[Card],
        profile: RuleProfile = STANDARD,
    ) -> None:
        if not bidding.complete or bidding.landlord is None:
            raise ValueError("a deal is played once its bidding is complete")
        self.bidding = bidding
        self.profile = profile
        self.landlord = bidding.landlord
        self._two_high = profile.two_high
        self._allowances = dict(bidding.bomb_allowances)
        self._bombs = {seat: 0 for seat in SEATS}
        self._plays = {seat: 0 for seat in SEATS}
        self._threshold = profile.report_threshold
        self._reported: set[Seat] = set()
        held = {seat: tuple(hands[seat]) + (tuple(bottom) if seat == self.landlord else ()) for seat in SEATS}
        super().__init__(order=seat_order(profile.turn_direction), leader=self.landlord, hands=held)

    @staticmethod
    def parse_action(value: Action | Mapping[str, Any]) -> Action:
        return parse_action(value)

    @property
    def bombs_played(self) -> dict[Seat, int]:
        return dict(self._bombs)

    def bombs_left(self, seat: Seat) -> int | None:
        """D3: bombs ``seat`` may still play in this deal; None for no limit."""
        allowed = self._allowances.get(seat)
        return None if allowed is None else max(allowed - self._bombs[seat], 0)

    def report_due(self, seat: Seat) -> bool:
        """D7: ``seat`` holds the threshold or fewer cards and has not announced it yet."""
        return seat in self._held_up

    @property
    def spring(self) -> bool:
        """D8: a spring (no farmer played) or an anti-spring (the landlord played only its lead)."""
        if not self.finished:
            return False
        if self._finishing[0] == self.landlord:
            return all(n == 0 for seat, n in self._plays.items() if seat != self.landlord)
        return self._plays[self.landlord] == 1

    def _hold_up(self, seat: Seat) -> None:
        raise MissingReport(detail=f"{seat} holds {self._left[seat]} cards and must announce it first (D7).")

    def _aside(self, action: Action) -> DealEntry:
        # D7: a hand report
        seat = action.seat
        if self._to_act is None:
            raise DealOver(detail="The deal is already over (D6).")
        if seat in self._reported:
            raise AlreadyReported(detail=f"{seat} has already reported its cards: once (D7, 自报一次).")
        held = self._left[seat]
        if not self._threshold or held > self._threshold:
            raise WrongReport(
                detail=f"{seat} holds {held} cards: a report comes at {self._threshold} or fewer (D7)."
            )
        if action.report != held:
            raise WrongReport(detail=f"{seat} reported {action.report} cards but holds {held} (D7).")
        self._reported.add(seat)
        self._held_up.discard(seat)
        return DealEntry(seat, True, report=action.report)

    def _judge(self, seat: Seat, action: Action) -> Reading:
        assert action.cards is not None  # a report is an aside (``_aside``), never judged
        reading = judged(
            judge(readings(action.cards, two_high=self._two_high), self._last_reading),
            VIOLATIONS,
            violation_detail,
        )
        if is_bomb(reading):
            allowed = self._allowances.get(seat)
            if allowed is not None and self._bombs[seat] >= allowed:
                raise BombLimit(
                    detail=f"{seat} may play {allowed} bomb{'' if allowed == 1 else 's'} in this deal (D3)."
                )
        return reading

    def _play(self, seat: Seat, reading: Reading, went_out: bool) -> None:
        self._plays[seat] += 1
        if is_bomb(reading):
            self._bombs[seat] += 1
        left = self._left[seat]
        if 0 < left <= self._threshold and seat not in self._reported:
            self._held_up.add(seat)
        super()._play(seat, reading, went_out)

    def _ends_deal(self, seat: Seat) -> bool:
        return True  # D1: the first seat out wins for its side

    def result(self, entries: Sequence[DealEntry] = (), violation: Violation | None = None) -> DealReplay:
        finished = self.finished
        first = self._finishing[0] if finished else None
        landlord_won = first == self.landlord
        score = None
        if finished:
            score = score_deal(
                landlord=self.landlord,
                seats=SEATS,
                bid=self.bidding.bid or 1,
                opening_three=self.bidding.opening_three,
                landlord_won=landlord_won,
                bombs=sum(self._bombs.values()),
                spring=self.spring,
                profile=self.profile,
            )
        return DealReplay(
            valid=violation is None,
            bidding=self.bidding,
            entries=tuple(entries),
            violation=violation,
            finished=finished,
            first_out=first,
            winner=None if not finished else Party.LANDLORD if landlord_won else Party.FARMERS,
            spring=self.spring,
            bombs_played=self.bombs_played,
            score=score,
            next_to_act=self._to_act,
        )


def replay_deal(
    *,
    dealer: Seat | str,
    hands: Mapping[Seat | str, Sequence[Card | str]],
    bottom: Sequence[Card | str],
    bids: Sequence[Bid | Mapping[str, Any]],
    plays: Sequence[Action | Mapping[str, Any]],
    banned: Iterable[Seat | str] = (),
    profile: RuleProfile = STANDARD,
) -> DealReplay:
    """Replay a recorded deal from the bidding to the last play (D2-D8) and stop at the first violation.

    A violation of the bidding has ``part == "bids"``; a play recorded before the bidding ended
    is ``bidding_unfinished`` at that play. A malformed question (hands that are not four
    hands of 25 and a bottom of 8 from two decks, a third copy of a card, unknown cards or
    seats, a malformed bid or action) raises :class:`BadInput` naming the field.
    """
    parsed, bottom_cards = parse_deal(hands, bottom)
    actions = parse_actions(plays, parse_action)
    bidding = check_bidding(dealer=dealer, bids=bids, banned=banned, profile=profile)
    if not bidding.valid or not bidding.complete:
        violation = bidding.violation
        if violation is None and actions:
            detail = f"The bidding is not over: {bidding.next_bidder} has still to bid (D2)."
            violation = Violation(index=0, code=BiddingUnfinished.code, detail=detail)
        entries = (
            (DealEntry(actions[0].seat, False),)
            if violation is not None and violation.part == "plays"
            else ()
        )
        return _unplayed(bidding, entries, violation)
    state = DealState(bidding=bidding, hands=parsed, bottom=bottom_cards, profile=profile)
    played, violation = replay(state, actions, rejected=_rejected)
    return state.result(played, violation)


def _rejected(action: Action) -> DealEntry:
    return DealEntry(action.seat, False, passed=action.is_pass, report=action.report)


def _unplayed(
    bidding: BiddingResult, entries: tuple[DealEntry, ...], violation: Violation | None
) -> DealReplay:
    return DealReplay(
        valid=violation is None,
        bidding=bidding,
        entries=entries,
        violation=violation,
        finished=False,
        first_out=None,
        winner=None,
        spring=False,
        bombs_played={seat: 0 for seat in SEATS},
        score=None,
        next_to_act=bidding.next_bidder,
    )
