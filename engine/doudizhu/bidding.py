"""The bidding of four-player Dou Dizhu: who is landlord at what bid, and the farmers' bomb
allowances that follow (docs/rules/doudizhu.md D2, D3); the three-lost-hands ban as recorded state.

:class:`Bidding` is the state machine (``apply`` a bid or raise the violation it commits);
:func:`check_bidding` is the referee question, which stops at the first violation.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.doudizhu.profiles import STANDARD, RuleProfile
from engine.doudizhu.violations import (
    BiddingBanned,
    BiddingOver,
    BidNotHigher,
)
from engine.errors import BadInput, RuleViolation
from engine.rounds import NotYourTurn, Violation
from engine.seats import Seat, parse_seat_of, previous_seat, rotate, seat_order

TOP_BID = 3


class Party(StrEnum):
    LANDLORD = "landlord"
    FARMERS = "farmers"


@dataclass(frozen=True, slots=True)
class Bid:
    """One seat's turn in the bidding: 1, 2 or 3 points, or 0 for a pass (不叫)."""

    seat: Seat
    points: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat.value, "bid": self.points or "pass"}


def parse_seat(value: object, *, field: str | None = None) -> Seat:
    return parse_seat_of(Seat, value, hint="N, E, S or W", field=field)


def parse_bid(value: Bid | Mapping[str, Any], *, field: str = "bid") -> Bid:
    """A bid from ``{"seat": "N", "bid": 2}``; ``"bid": "pass"`` (or 0) and ``"pass": true`` pass."""
    if isinstance(value, Bid):
        return value
    if not isinstance(value, Mapping) or "seat" not in value:
        raise BadInput("invalid_bid", "A bid is an object with a seat and a bid or a pass.", field=field)
    seat = parse_seat(value["seat"], field=f"{field}.seat")
    if value.get("pass") is True and value.get("bid") in (None, 0, "pass"):
        return Bid(seat)
    points = value.get("bid")
    if points == "pass":
        return Bid(seat)
    if isinstance(points, bool) or points not in (0, 1, 2, 3):
        raise BadInput("invalid_bid", "A bid is 1, 2, 3 or pass (D2).", field=f"{field}.bid")
    return Bid(seat, points)


@dataclass(frozen=True, slots=True)
class BiddingResult:
    """The verdict on a bidding (D2, D3).

    ``bid`` is the landlord's points (1 when forced, 逼打). ``bomb_allowances`` holds each
    seat's bombs for the deal, None for no limit (the landlord always); empty until complete.
    """

    valid: bool
    violation: Violation | None
    dealer: Seat
    order: tuple[Seat, ...]
    bids: tuple[Bid, ...]
    complete: bool
    landlord: Seat | None = None
    bid: int | None = None
    forced: bool = False
    opening_three: bool = False
    bomb_allowances: Mapping[Seat, int | None] = field(default_factory=dict)
    next_bidder: Seat | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "violation": None
            if self.violation is None
            else {
                "index": self.violation.index,
                "code": self.violation.code,
                "detail": self.violation.detail,
            },
            "complete": self.complete,
            "landlord": None if self.landlord is None else self.landlord.value,
            "bid": self.bid,
            "forced": self.forced,
            "opening_three": self.opening_three,
            "bomb_allowances": {seat.value: n for seat, n in self.bomb_allowances.items()},
            "next_bidder": None if self.next_bidder is None else self.next_bidder.value,
        }


class Bidding:
    """A bidding in progress (D2): each seat once from the dealer, in turn order; a 3 ends it."""

    def __init__(self, *, dealer: Seat, banned: Iterable[Seat] = (), profile: RuleProfile = STANDARD) -> None:
        self.dealer = dealer
        self.profile = profile
        self.order = rotate(seat_order(profile.turn_direction), dealer)
        self.banned = frozenset(banned)
        self.bids: list[Bid] = []

    @property
    def complete(self) -> bool:
        return len(self.bids) == len(self.order) or any(b.points == TOP_BID for b in self.bids)

    @property
    def next_bidder(self) -> Seat | None:
        return None if self.complete else self.order[len(self.bids)]

    @property
    def high(self) -> int:
        return max((b.points for b in self.bids), default=0)

    def apply(self, bid: Bid) -> None:
        """Take one bid, or raise the first rule it breaks and change nothing."""
        if self.complete:
            raise BiddingOver(detail="The bidding is over: a 3 was bid or every seat has bid (D2).")
        expected = self.order[len(self.bids)]
        if bid.seat != expected:
            raise NotYourTurn(detail=f"It is {expected}'s bid, not {bid.seat}'s (D2).")
        if bid.points and bid.seat in self.banned:
            raise BiddingBanned(
                detail=f"{bid.seat} lost {self.profile.ban_after_losses} landlord hands this round "
                "and may not bid (D2)."
            )
        if bid.points and bid.points <= self.high:
            raise BidNotHigher(detail=f"A bid must be higher than {self.high} (D2).")
        self.bids.append(bid)

    def result(self, violation: Violation | None = None) -> BiddingResult:
        base: dict[str, Any] = {
            "valid": violation is None,
            "violation": violation,
            "dealer": self.dealer,
            "order": self.order,
            "bids": tuple(self.bids),
            "complete": self.complete,
        }
        if not self.complete:
            return BiddingResult(**base, next_bidder=self.next_bidder)
        high = self.high
        forced = high == 0
        landlord = self.order[0] if forced else next(b.seat for b in self.bids if b.points == high)
        opening_three = self.bids[0].points == TOP_BID
        return BiddingResult(
            **base,
            landlord=landlord,
            bid=1 if forced else high,
            forced=forced,
            opening_three=opening_three,
            bomb_allowances=self._allowances(landlord, forced, opening_three),
        )

    def _allowances(self, landlord: Seat, forced: bool, opening_three: bool) -> dict[Seat, int | None]:
        """D3: the landlord bombs freely; each farmer's allowance follows the bidding."""
        allowances: dict[Seat, int | None] = {seat: None for seat in self.order}
        if not self.profile.bomb_limits or opening_three:
            return allowances  # 头撂: the farmers bomb freely too
        if forced:
            # 逼打: the farmer before the forced landlord none, the others one each.
            before = previous_seat(landlord, self.profile.turn_direction)
            for seat in self.order:
                if seat != landlord:
                    allowances[seat] = 0 if seat == before else 1
            return allowances
        bids = {b.seat: b.points for b in self.bids}
        for seat in self.order:
            if seat != landlord and seat in bids:
                allowances[seat] = 2 if bids[seat] == 2 else 1
            # A farmer whose turn never came (a 3 ended the bidding before it) bombs freely.
        return allowances


def check_bidding(
    *,
    dealer: Seat | str,
    bids: Sequence[Bid | Mapping[str, Any]],
    banned: Iterable[Seat | str] = (),
    profile: RuleProfile = STANDARD,
) -> BiddingResult:
    """The referee question "who is landlord at what bid, and who may bomb how often?" (D2, D3).

    ``banned`` are the seats the three-lost-hands rule bars from bidding this round
    (:meth:`LandlordLosses.banned`). Malformed bids raise ``BadInput`` naming ``bids[i]``.
    """
    bidding = Bidding(
        dealer=parse_seat(dealer, field="dealer"),
        banned=[parse_seat(seat, field="banned") for seat in banned],
        profile=profile,
    )
    if isinstance(bids, str | bytes | Mapping) or not isinstance(bids, Sequence):
        raise BadInput("invalid", "bids is a list of bids.", field="bids")
    parsed = [parse_bid(bid, field=f"bids[{i}]") for i, bid in enumerate(bids)]
    for index, bid in enumerate(parsed):
        try:
            bidding.apply(bid)
        except RuleViolation as error:
            return bidding.result(Violation(index=index, code=error.code, detail=error.detail, part="bids"))
    return bidding.result()


@dataclass(frozen=True, slots=True)
class LandlordLosses:
    """D2: each seat's landlord hands lost in the current round, where a bid (not forced) landlord
    lost. A round starts empty (``LandlordLosses()``); :meth:`after_deal` records a deal."""

    losses: tuple[tuple[Seat, int], ...] = ()

    def count(self, seat: Seat) -> int:
        return dict(self.losses).get(seat, 0)

    def banned(self, profile: RuleProfile = STANDARD) -> frozenset[Seat]:
        """The seats that may not bid again this round (a forced landlord they may still be)."""
        limit = profile.ban_after_losses
        return frozenset(seat for seat, n in self.losses if limit and n >= limit)

    def after_deal(self, *, landlord: Seat, forced: bool, landlord_won: bool) -> LandlordLosses:
        if forced or landlord_won:  # 逼打除外: a forced hand never counts
            return self
        counts = dict(self.losses)
        counts[landlord] = counts.get(landlord, 0) + 1
        return LandlordLosses(tuple(sorted(counts.items())))

    def to_dict(self) -> dict[str, int]:
        return {seat.value: n for seat, n in self.losses}

    @classmethod
    def from_dict(cls, data: Mapping[str, int], *, field: str = "landlord_losses") -> LandlordLosses:
        counts = {}
        for key, n in data.items():
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise BadInput("invalid", "A loss count is a whole number.", field=f"{field}.{key}")
            counts[parse_seat(key, field=field)] = n
        return cls(tuple(sorted(counts.items())))
