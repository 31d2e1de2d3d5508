"""Replaying one Shuangkou deal, from the calls through burying and every trick
(docs/rules/shuangkou.md S3-S9; the ``deals/replay`` question).

:class:`DealState` plays the tricks of a deal whose trump is settled and whose bottom is buried:
the dealer leads the first trick, the winner of each trick the next, and play goes round in turn
order. Each play is checked in this order: ``deal_over``, ``not_your_turn``, ``card_not_in_hand``;
a lead then ``mixed_lead`` and ``throw_not_highest`` (a recorded refused throw: ``not_a_throw``,
``throw_wrongly_refused``, ``wrong_throw_remedy``); a follower ``wrong_number_of_cards``,
``not_following_suit``, ``not_following_tractor``, ``not_following_pairs``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.cards import Card, Suit
from engine.seats import Seat, Side, rotate, seat_order
from engine.shuangkou.cards import (
    SEATS,
    TrumpTable,
    format_level,
    parse_level,
    points_of,
    trump_table,
)
from engine.shuangkou.declaration import DeclarationResult, judge_declarations, parse_seat
from engine.shuangkou.levels import DealScore, Taker, tally
from engine.shuangkou.profiles import STANDARD, RuleProfile
from engine.shuangkou.record import (
    Play,
    parse_buried,
    parse_deal_cards,
    parse_declarations,
    parse_tricks,
)
from engine.shuangkou.shapes import PlayKind, Shape, decompose
from engine.shuangkou.tricks import (
    Standing,
    check_follow,
    check_lead,
    contest,
    opening,
    refused_units,
    remedy,
)
from engine.shuangkou.violations import Part, ShuangkouViolation, Violation, ViolationCode, broken


@dataclass(frozen=True, slots=True)
class TrickResult:
    """One trick: who led, the plays, which play wins (so far, when ``complete`` is false) and its points."""

    leader: Seat
    plays: tuple[Play, ...]
    lead: PlayKind
    winner: Seat
    winning_play: int
    points: int
    complete: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "leader": self.leader.value,
            "lead": self.lead.value,
            "winner": self.winner.value,
            "winning_play": self.winning_play,
            "points": self.points,
            "complete": self.complete,
        }


def _take(hand: dict[Card, int], cards: Sequence[Card], seat: Seat) -> None:
    """Raise ``card_not_in_hand`` at the first card ``hand`` cannot supply (the second copy, if one)."""
    seen: dict[Card, int] = {}
    for i, card in enumerate(cards):
        n = seen[card] = seen.get(card, 0) + 1
        if hand.get(card, 0) < n:
            raise broken(ViolationCode.CARD_NOT_IN_HAND, f"{seat} does not hold {card.code} (S5).", card=i)


class DealState:
    """The tricks of one deal (S5), advanced one play at a time with :meth:`play`.

    ``hands`` are the four hands after burying, 25 cards each. A play that breaks a rule raises
    its :class:`ShuangkouViolation` and changes nothing.
    """

    def __init__(
        self,
        *,
        table: TrumpTable,
        dealer: Seat,
        hands: Mapping[Seat, Sequence[Card]],
        profile: RuleProfile = STANDARD,
    ) -> None:
        self.table = table
        self.dealer = dealer
        self.profile = profile
        self.attackers = dealer.side.other
        self.order = seat_order(profile.turn_direction)
        self._rounds = {seat: rotate(self.order, seat) for seat in self.order}
        self._points = points_of(profile)
        self._hands: dict[Seat, dict[Card, int]] = {}
        for seat in SEATS:
            counts: dict[Card, int] = {}
            for card in hands[seat]:
                counts[card] = counts.get(card, 0) + 1
            self._hands[seat] = counts
        # each hand's cards per group, kept up to date: following suit asks it at every play
        self._held: dict[Seat, dict[str, int]] = {}
        for seat, counts in self._hands.items():
            held = self._held[seat] = {}
            for card, n in counts.items():
                group = table.group[card]
                held[group] = held.get(group, 0) + n
        self._left = sum(len(hands[seat]) for seat in SEATS)
        self._others = {
            seat: tuple(
                s for s in SEATS if s != seat and (profile.throw_check == "others" or s.side != seat.side)
            )
            for seat in SEATS
        }
        self.leader: Seat = dealer  # S5: the dealer leads the first trick
        self.trick: list[Play] = []
        self.lead: Shape | None = None
        self.standing: Standing | None = None
        self._trick_points = 0
        self.taken: dict[Side, int] = {Side.NS: 0, Side.EW: 0}
        self.penalty = 0  # S5: points the refused throws moved to (+) or from (-) the attackers
        self.results: list[TrickResult] = []

    # ---- what the table shows ---------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self._left == 0

    @property
    def to_act(self) -> Seat | None:
        if self.finished:
            return None
        return self._rounds[self.leader][len(self.trick)]

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        return tuple(card for card, n in self._hands[seat].items() for _ in range(n))

    def counts(self, seat: Seat) -> Mapping[Card, int]:
        return self._hands[seat]

    def throw_checked_by(self, seat: Seat) -> tuple[Seat, ...]:
        """S5 ``throw_check``: the seats whose cards can refuse ``seat``'s throw."""
        return self._others[seat]

    # ---- a play ---------------------------------------------------------------------------------------
    def play(self, play: Play) -> Play:
        """Play ``play`` or raise the first rule it breaks (module docstring order)."""
        seat, cards = play.seat, play.cards
        trick = self.trick
        if not self._left:
            raise broken(ViolationCode.DEAL_OVER, "Every card has been played (S5).")
        expected = self._rounds[self.leader][len(trick)]
        if seat is not expected:
            raise broken(ViolationCode.NOT_YOUR_TURN, f"It is {expected}'s turn, not {seat}'s (S5).")
        hand = self._hands[seat]
        if play.refused is not None:
            if trick:
                raise broken(ViolationCode.NOT_A_THROW, "Only a leader throws (S5).")
            try:
                _take(hand, play.refused, seat)
            except ShuangkouViolation as error:  # the card index is the refused throw's, not the play's
                raise broken(ViolationCode.CARD_NOT_IN_HAND, error.detail) from None
            self._refused(seat, play)
        points = self._points
        if len(cards) == 1:  # the commonest play: no counting
            if not hand.get(cards[0]):
                detail = f"{seat} does not hold {cards[0].code} (S5)."
                raise broken(ViolationCode.CARD_NOT_IN_HAND, detail, card=0)
            gained = points[cards[0]]
        else:
            _take(hand, cards, seat)
            gained = sum(points[card] for card in cards)
        table = self.table
        held = self._held[seat]
        lead: Shape | None
        if not trick:
            lead = check_lead(cards, table)
            if play.refused is None and lead.is_throw:
                refused = refused_units(lead, (self._hands[s] for s in self._others[seat]), self.table)
                if refused:
                    forced = remedy(refused, self.profile)
                    shown = " ".join(c.code for c in forced.cards)
                    detail = (
                        "A throw must be highest in its suit; another hand beats part of it. The thrower "
                        f"leads {shown} instead ({self.profile.throw_remedy}, S5)."
                    )
                    raise broken(ViolationCode.THROW_NOT_HIGHEST, detail)
            self.lead, self.standing = lead, opening(lead)
        else:
            lead = self.lead
            assert lead is not None and self.standing is not None
            check_follow(hand, cards, lead, table, held.get(lead.group, 0) if lead.group is not None else 0)
            self.standing = contest(self.standing, len(trick), cards, lead, table)
        if play.refused is not None:
            thrower_attacks = seat.side is self.attackers
            self.penalty += (
                -self.profile.failed_throw_penalty if thrower_attacks else self.profile.failed_throw_penalty
            )
        group_of = table.group
        for card in cards:
            hand[card] -= 1
            held[group_of[card]] -= 1
        self._left -= len(cards)
        self._trick_points += gained
        trick.append(play)
        if len(trick) == 4:
            self._close()
        return play

    def _refused(self, seat: Seat, play: Play) -> None:
        """S5: a recorded refused throw must be a throw, really refused, and followed by the remedy."""
        assert play.refused is not None  # called for a play that records a refused throw
        shape = check_lead(play.refused, self.table)
        if not shape.is_throw:
            raise broken(ViolationCode.NOT_A_THROW, "Only a throw of several units can be refused (S5).")
        refused = refused_units(shape, (self._hands[s] for s in self._others[seat]), self.table)
        if not refused:
            raise broken(
                ViolationCode.THROW_WRONGLY_REFUSED, "No other hand beats any part of this throw (S5)."
            )
        forced = remedy(refused, self.profile)
        if Counter(play.cards) != Counter(forced.cards):
            detail = (
                f"After a refused throw the thrower leads {' '.join(c.code for c in forced.cards)} "
                f"({self.profile.throw_remedy}, S5)."
            )
            raise broken(ViolationCode.WRONG_THROW_REMEDY, detail)

    def _close(self) -> None:
        result = self.current()
        assert result is not None
        self.results.append(result)
        self.taken[result.winner.side] += result.points
        self.leader = result.winner
        self.trick, self.lead, self.standing, self._trick_points = [], None, None, 0

    def current(self) -> TrickResult | None:
        """The trick on the table (None when none is): who wins it so far and its points."""
        if not self.trick or self.lead is None or self.standing is None:
            return None
        winning = self.standing.index
        return TrickResult(
            leader=self.leader,
            plays=tuple(self.trick),
            lead=self.lead.kind,
            winner=self.trick[winning].seat,
            winning_play=winning,
            points=self._trick_points,
            complete=len(self.trick) == len(SEATS),
        )

    # ---- the end of the deal -----------------------------------------------------------------------
    def score(self, *, buried: Sequence[Card], dealer_level: int, attackers_level: int) -> DealScore:
        """S6-S9 once every card is played: the bottom, the attackers' points, the level change."""
        last = self.results[-1]
        winning = last.plays[last.winning_play].cards
        shape = decompose(winning, self.table)
        power = self.table.power
        highest = max(winning, key=lambda card: power[card])
        points = self._points
        return tally(
            dealer=self.dealer,
            dealer_level=dealer_level,
            attackers_level=attackers_level,
            trick_points=self.taken[self.attackers],
            bottom_points=sum(points[card] for card in buried),
            last_trick=Taker.ATTACKERS if last.winner.side is self.attackers else Taker.DEALER,
            longest_tractor=shape.tractors[0] if shape.tractors else 0,
            pairs=shape.pairs,
            j_highest=highest.rank == self.profile.j_rule_level,
            penalty=self.penalty,
            profile=self.profile,
        )


@dataclass(frozen=True, slots=True)
class DealReplay:
    """The verdict on a recorded deal (S3-S9); ``score`` once every card is played."""

    valid: bool
    violation: Violation | None
    level: int
    declarations: DeclarationResult
    trump_suit: Suit | None
    dealer: Seat | None
    tricks: tuple[TrickResult, ...]
    trick_points: Mapping[Side, int]  # the points each side took in tricks
    finished: bool
    score: DealScore | None
    next_to_act: Seat | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "violation": self.violation.to_dict() if self.violation else None,
            "level": format_level(self.level),
            "trump": self.declarations.to_dict(),
            "tricks": [trick.to_dict() for trick in self.tricks],
            "trick_points": {side.value: points for side, points in self.trick_points.items()},
            "finished": self.finished,
            "score": self.score.to_dict() if self.score else None,
            "next_to_act": self.next_to_act.value if self.next_to_act else None,
        }


def replay_deal(
    *,
    hands: Mapping[Seat | str, Sequence[Card | str]],
    bottom: Sequence[Card | str],
    buried: Sequence[Card | str],
    tricks: Sequence[Any],
    declarations: Sequence[Any] = (),
    level: int | str = 2,
    attackers_level: int | str = 2,
    dealer: Seat | str | None = None,
    first_deal: bool = False,
    profile: RuleProfile = STANDARD,
) -> DealReplay:
    """Replay a recorded deal (S3-S9) and stop at the first violation.

    ``level`` is the dealer side's (``NT`` for the no-trump deal), ``attackers_level`` the other
    side's (for their rise). ``dealer`` None: the first deal of a match, dealt by the first caller.
    Calls are checked first (``part: declarations``), then the burying (``buried``: each buried card
    must be in the dealer's 33), then every play (``tricks``, with ``play`` and ``card``). A
    malformed record raises ``BadInput`` at the exact field.
    """
    parsed, bottom_cards = parse_deal_cards(hands, bottom)
    calls = parse_declarations(declarations)
    buried_cards = parse_buried(buried)
    all_tricks = parse_tricks(tricks)
    deal_level = parse_level(level, field="level")
    their_level = parse_level(attackers_level, field="attackers_level")
    seat = None if dealer is None else parse_seat(dealer, field="dealer")
    called = judge_declarations(
        level=deal_level,
        hands=parsed,
        bottom=bottom_cards,
        declarations=calls,
        dealer=seat,
        first_deal=first_deal,
    )
    sides = {Side.NS: 0, Side.EW: 0}
    if not called.valid:
        return DealReplay(
            False, called.violation, deal_level, called, None, seat, (), sides, False, None, None
        )
    dealer_seat = called.dealer
    assert dealer_seat is not None
    table = trump_table(deal_level, called.trump_suit)
    unplayed = DealReplay(
        True, None, deal_level, called, called.trump_suit, dealer_seat, (), sides, False, None, None
    )
    held = dict(parsed)
    dealer_hand: dict[Card, int] = {}
    for card in (*parsed[dealer_seat], *bottom_cards):
        dealer_hand[card] = dealer_hand.get(card, 0) + 1
    try:
        _take(dealer_hand, buried_cards, dealer_seat)
    except ShuangkouViolation as error:
        burial = Violation(Part.BURIED, error.card or 0, error.code, error.detail.replace("(S5)", "(S3)"))
        return _with(unplayed, valid=False, violation=burial)
    for card in buried_cards:
        dealer_hand[card] -= 1
    held[dealer_seat] = tuple(card for card, n in dealer_hand.items() for _ in range(n))
    state = DealState(table=table, dealer=dealer_seat, hands=held, profile=profile)
    violation = None
    for t, trick in enumerate(all_tricks):
        for p, play in enumerate(trick):
            try:
                state.play(play)
            except ShuangkouViolation as error:
                violation = Violation(Part.TRICKS, t, error.code, error.detail, play=p, card=error.card)
                break
        if violation is not None:
            break
    results = tuple(state.results)
    ongoing = state.current()
    score = None
    if state.finished and violation is None:
        score = state.score(buried=buried_cards, dealer_level=deal_level, attackers_level=their_level)
    return _with(
        unplayed,
        valid=violation is None,
        violation=violation,
        tricks=results + ((ongoing,) if ongoing is not None else ()),
        trick_points=dict(state.taken),
        finished=state.finished,
        score=score,
        next_to_act=state.to_act,
    )


def _with(replay: DealReplay, **changes: Any) -> DealReplay:
    return replace(replay, **changes)
