"""The scoresheet of a four-player Dou Dizhu table in one round (轮) of an event (docs/rules/doudizhu.md
D10; the ``MatchSheet`` contract of engine/sheets.py). Pure Python.

A match is one table of four players at seats N, E, S, W playing ``deals_per_round`` deals (the
profile's, 8 by default); each player scores for themselves (D8), so the match has no two sides
and no winner (``winner`` is always None; the standings rank the seats' totals).

**Decision** (the sheet names no dealer rotation): seat N deals the first deal, then the deal
passes in the turn direction (D1: counterclockwise N → W → S → E by default), so deal ``k`` is
dealt by ``seat_order(turn_direction)[(k - 1) % 4]``.

For every deal a scorekeeper posts ``dealer`` and either

- the short form: ``bids`` (as ``check_bidding`` takes them), ``winner`` (``landlord`` or
  ``farmers``), ``bombs`` (bombs played, the four jokers included; 0 by default) and ``spring``
  (a spring or anti-spring, false by default); the bidding is checked against the round's ban
  (D2), a violation is a ``RuleViolation`` at ``bids.<i>``;
- or the whole deal: ``hands``, ``bottom``, ``bids`` and ``plays``, which the engine replays
  (D2-D8); a violation is a ``RuleViolation`` at ``bids.<i>`` or ``plays.<i>``, and the winner,
  bombs and spring come from the replay (posted ones that differ are ``*_mismatch``).

The landlord-loss ban (D2) is carried through the round: a bid landlord's lost hand counts, a
forced one's does not, and the seats at ``ban_after_losses`` may not bid in the later deals.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from engine.doudizhu import form
from engine.doudizhu.bidding import BiddingResult, LandlordLosses, Party, check_bidding, parse_seat
from engine.doudizhu.deal import SEATS, parse_action, parse_deal, replay_deal
from engine.doudizhu.profiles import STANDARD, RuleProfile
from engine.doudizhu.scoring import DealScore, score_deal
from engine.errors import BadInput, RuleViolation
from engine.forms import DealForm
from engine.rounds import parse_actions
from engine.seats import Seat, seat_order
from engine.sheets import MatchSheet, SheetTotals, check_deal_fields

_SHORT = frozenset({"dealer", "bids", "winner", "bombs", "spring"})
_WHOLE = frozenset({"hands", "bottom", "plays"})
# Derived: a stored record posted again (after a correction) has them, and they are recomputed.
_DERIVED = frozenset({"landlord", "bid", "forced", "opening_three", "score"})
_FIELDS = _SHORT | _WHOLE | _DERIVED


def dealer_of(deal: int, direction: str = "counterclockwise") -> Seat:
    """D10 (decision): N deals deal 1, then the deal passes in the turn direction."""
    return seat_order(direction)[(deal - 1) % len(SEATS)]


def _per_seat() -> dict[Seat, int]:
    return dict.fromkeys(SEATS, 0)


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


@dataclass(frozen=True, slots=True)
class DoudizhuTable:
    """A table's round so far: each seat's points, deals won and landlord hands won and lost, and
    the landlord losses the ban counts (D2). ``profile`` gives the rotation and the ban limit."""

    deals_per_round: int
    deals: int = 0
    time_up: bool = False
    points: Mapping[Seat, float] = field(default_factory=_per_seat)
    deals_won: Mapping[Seat, int] = field(default_factory=_per_seat)
    landlord_won: Mapping[Seat, int] = field(default_factory=_per_seat)
    landlord_lost: Mapping[Seat, int] = field(default_factory=_per_seat)
    losses: LandlordLosses = field(default_factory=LandlordLosses)
    profile: RuleProfile = STANDARD

    @property
    def finished(self) -> bool:
        return self.time_up or self.deals >= self.deals_per_round

    @property
    def winner(self) -> None:
        """Every player scores for themselves (D8): a table has no winning side."""
        return None

    @property
    def next_dealer(self) -> Seat | None:
        return None if self.finished else dealer_of(self.deals + 1, self.profile.turn_direction)

    @property
    def banned(self) -> frozenset[Seat]:
        """The seats that may not bid in the next deal (D2)."""
        return self.losses.banned(self.profile)

    def seat_totals(self, seat: Seat) -> dict[str, float | int]:
        return {
            "points": _number(self.points[seat]),
            "deals_won": self.deals_won[seat],
            "landlord_won": self.landlord_won[seat],
            "landlord_lost": self.landlord_lost[seat],
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "deals": self.deals,
            "deals_per_round": self.deals_per_round,
            "finished": self.finished,
            "time_up": self.time_up,
            "winner": None,
            "next_dealer": None if self.next_dealer is None else self.next_dealer.value,
            "points": {seat.value: _number(self.points[seat]) for seat in SEATS},
            "deals_won": {seat.value: self.deals_won[seat] for seat in SEATS},
            "landlord_won": {seat.value: self.landlord_won[seat] for seat in SEATS},
            "landlord_lost": {seat.value: self.landlord_lost[seat] for seat in SEATS},
            "banned": sorted(seat.value for seat in self.banned),
        }


def _winner(value: object) -> Party:
    try:
        if isinstance(value, str):  # no party is named by anything else
            return Party(value)
    except ValueError:
        pass
    raise BadInput("invalid_choice", "The winner is landlord or farmers (D8).", field="winner")


def _bombs(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput("invalid_type", "bombs is the number of bombs played (D8).", field="bombs")
    if value < 0:
        raise BadInput("out_of_range", "bombs is 0 or more.", field="bombs")
    return value


def _spring(value: object) -> bool:
    if not isinstance(value, bool):
        raise BadInput("invalid_type", "spring is true or false (D8).", field="spring")
    return value


def _bidding(
    data: Mapping[str, Any], dealer: Seat, banned: frozenset[Seat], profile: RuleProfile
) -> BiddingResult:
    if data.get("bids") is None:
        raise BadInput("invalid", "Give the bidding of the deal (D2).", field="bids")
    result = check_bidding(dealer=dealer, bids=data["bids"], banned=banned, profile=profile)
    _refuse_bidding(result)
    return result


def _refuse_bidding(result: BiddingResult) -> None:
    if result.violation is not None:
        v = result.violation
        raise RuleViolation(str(v.code), v.detail, field=f"bids.{v.index}")
    if not result.complete:
        raise RuleViolation(
            "bidding_unfinished",
            f"The bidding is not over: {result.next_bidder} has still to bid (D2).",
            field="bids",
        )


class DoudizhuSheet(MatchSheet[DoudizhuTable]):
    """D10: a table of four playing ``deals_per_round`` deals, each seat scoring (see the module)."""

    line_kind: ClassVar[str] = "points"

    def start(self, profile: RuleProfile) -> DoudizhuTable:
        return DoudizhuTable(deals_per_round=profile.deals_per_round, profile=profile)

    def deal_form(self, profile: RuleProfile, state: DoudizhuTable) -> DealForm:
        number = None if state.finished else state.deals + 1
        return form.deal_form(profile, number=number, dealer=state.next_dealer)

    def record(
        self, data: Mapping[str, Any], *, state: DoudizhuTable, profile: RuleProfile
    ) -> dict[str, Any]:
        check_deal_fields(data, _FIELDS, game="Dou Dizhu")
        if data.get("dealer") is None:
            raise BadInput("missing_dealer", "Name the seat that dealt (D10).", field="dealer")
        dealer = parse_seat(data["dealer"], field="dealer")
        banned = state.losses.banned(profile)
        if any(data.get(name) is not None for name in _WHOLE):
            return self._replayed(data, dealer, banned, profile)
        bidding = _bidding(data, dealer, banned, profile)
        if data.get("winner") is None:
            raise BadInput("winner_required", "Say whether the landlord or the farmers won.", field="winner")
        winner = _winner(data["winner"])
        bombs = 0 if data.get("bombs") is None else _bombs(data["bombs"])
        spring = False if data.get("spring") is None else _spring(data["spring"])
        return _canonical(dealer, bidding, winner, bombs, spring, profile)

    def _replayed(
        self, data: Mapping[str, Any], dealer: Seat, banned: frozenset[Seat], profile: RuleProfile
    ) -> dict[str, Any]:
        for name in ("hands", "bottom", "bids", "plays"):
            if data.get(name) is None:
                raise BadInput(
                    "invalid", f"A whole deal gives hands, bottom, bids and plays: no {name}.", field=name
                )
        plays = data["plays"]
        if isinstance(plays, str | bytes | Mapping) or not isinstance(plays, list | tuple):
            raise BadInput("invalid_type", "The plays are a list of actions.", field="plays")
        replay = replay_deal(
            dealer=dealer,
            hands=data["hands"],
            bottom=data["bottom"],
            bids=data["bids"],
            plays=plays,
            banned=banned,
            profile=profile,
        )
        if replay.violation is not None:
            v = replay.violation
            raise RuleViolation(str(v.code), v.detail, field=f"{v.part}.{v.index}")
        _refuse_bidding(replay.bidding)
        if not replay.finished or replay.winner is None:
            raise RuleViolation(
                "deal_not_finished",
                "The plays end before a seat has played its last card (D6).",
                field="plays",
            )
        bombs = sum(replay.bombs_played.values())
        derived = {"winner": replay.winner, "bombs": bombs, "spring": replay.spring}
        posted = {
            "winner": None if data.get("winner") is None else _winner(data["winner"]),
            "bombs": None if data.get("bombs") is None else _bombs(data["bombs"]),
            "spring": None if data.get("spring") is None else _spring(data["spring"]),
        }
        for name, value in posted.items():
            if value is not None and value != derived[name]:
                raise RuleViolation(
                    f"{name}_mismatch",
                    f"The plays give {name} {_plain(derived[name])!r}, not {_plain(value)!r}.",
                    field=name,
                )
        record = _canonical(dealer, replay.bidding, replay.winner, bombs, replay.spring, profile)
        hands, bottom = parse_deal(data["hands"], data["bottom"])
        record["hands"] = {seat.value: [card.code for card in cards] for seat, cards in hands.items()}
        record["bottom"] = [card.code for card in bottom]
        record["plays"] = [action.to_dict() for action in parse_actions(plays, parse_action)]
        return record

    def apply(
        self, state: DoudizhuTable, record: Mapping[str, Any], *, profile: RuleProfile
    ) -> DoudizhuTable:
        if state.finished:
            raise BadInput(
                "match_over", f"The table's round is over after {state.deals} deals (D10).", field=""
            )
        expected = dealer_of(state.deals + 1, profile.turn_direction)
        if record["dealer"] != expected.value:
            raise BadInput(
                "wrong_dealer",
                f"Seat {expected.value} deals deal {state.deals + 1} of the round (D10), "
                f"not seat {record['dealer']}.",
                field="dealer",
            )
        landlord = Seat(record["landlord"])
        landlord_won = record["winner"] == Party.LANDLORD.value
        score = _score(record, landlord, landlord_won, profile)
        winners = {seat for seat in SEATS if (seat == landlord) == landlord_won}
        return replace(
            state,
            deals=state.deals + 1,
            points={seat: state.points[seat] + score.seats[seat] for seat in SEATS},
            deals_won={seat: state.deals_won[seat] + (seat in winners) for seat in SEATS},
            landlord_won={
                seat: state.landlord_won[seat] + (seat == landlord and landlord_won) for seat in SEATS
            },
            landlord_lost={
                seat: state.landlord_lost[seat] + (seat == landlord and not landlord_won) for seat in SEATS
            },
            losses=state.losses.after_deal(
                landlord=landlord, forced=record["forced"], landlord_won=landlord_won
            ),
        )

    def line_entry(self, record: Mapping[str, Any], state: DoudizhuTable) -> dict[str, Any]:
        """D8: the dealer, who scored (the landlord's seat, or ``farmers``), the points each winner
        was credited and every seat's points after the deal."""
        landlord_won = record["winner"] == Party.LANDLORD.value
        return {
            "dealer": record["dealer"],
            "scorer": record["landlord"] if landlord_won else Party.FARMERS.value,
            "scored": record["score"]["points"],
            "after": {seat.value: _number(state.points[seat]) for seat in SEATS},
        }

    def close_on_time(self, state: DoudizhuTable, *, profile: RuleProfile) -> DoudizhuTable:
        return state if state.finished else replace(state, time_up=True)

    def totals(self, state: DoudizhuTable) -> SheetTotals:
        if not state.finished:
            raise BadInput(
                "match_not_finished",
                f"{state.deals} of {state.deals_per_round} deals are played (D10).",
                field="",
            )
        return SheetTotals(
            winner=None,
            deals=state.deals,
            end_reason="time_limit" if state.time_up and state.deals < state.deals_per_round else "deals",
            seats={seat.value: state.seat_totals(seat) for seat in SEATS},
        )


def _plain(value: object) -> object:
    return value.value if isinstance(value, Party) else value


def _score(record: Mapping[str, Any], landlord: Seat, landlord_won: bool, profile: RuleProfile) -> DealScore:
    """D8 from a stored record's outcome (recomputed, as ``record`` computed it)."""
    return score_deal(
        landlord=landlord,
        seats=SEATS,
        bid=record["bid"],
        opening_three=record["opening_three"],
        landlord_won=landlord_won,
        bombs=record["bombs"],
        spring=record["spring"],
        profile=profile,
    )


def _canonical(
    dealer: Seat, bidding: BiddingResult, winner: Party, bombs: int, spring: bool, profile: RuleProfile
) -> dict[str, Any]:
    assert bidding.landlord is not None and bidding.bid is not None  # a complete bidding
    landlord_won = winner is Party.LANDLORD
    record: dict[str, Any] = {
        "dealer": dealer.value,
        "bids": [bid.to_dict() for bid in bidding.bids],
        "landlord": bidding.landlord.value,
        "bid": bidding.bid,
        "forced": bidding.forced,
        "opening_three": bidding.opening_three,
        "winner": winner.value,
        "bombs": bombs,
        "spring": spring,
    }
    record["score"] = _score(record, bidding.landlord, landlord_won, profile).to_dict()
    return record


SHEET = DoudizhuSheet()
