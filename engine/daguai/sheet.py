"""The scoresheet of a Daguai Luzi match (docs/rules/daguai.md K5-K7; the ``MatchSheet`` contract
of engine/sheets.py). Pure Python.

A match is one round of ``deals_per_round`` deals (the profile's, 6 by default) between two teams
of three: the match's first team is team ``A`` (seats 1, 3, 5) and its ``Side.NS``, the second
team ``B`` (seats 2, 4, 6) and ``Side.EW``. For every deal a scorekeeper posts

- ``dealer``: the seat that dealt, checked against the rotation (K5, ``dealer_of``: seat 1 deals
  the first deal, then 2, 3 …);
- ``finishing_order``: the seats in the order they went out, as far as the deal went (seats
  listed after a team was all out are dropped);
- ``stopped``: true when the 15-minute clock ended the deal (K6: scored as it stands);
- or, instead of the order, the whole deal: ``hands`` (seat → 27 cards) and ``plays``, which the
  engine replays (K4); a play against the rules is a ``RuleViolation`` at ``plays.<i>``.

Each deal scores by K5 (K6 when stopped); the team of its first player out counts a first-out.
After ``deals_per_round`` deals the team with more points wins the match, equal points draw;
``close_on_time`` ends a match early (its deals so far decide it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from engine.daguai import form
from engine.daguai.deal import parse_action, parse_deal_hands, replay_deal
from engine.daguai.profiles import RuleProfile
from engine.daguai.scoring import DealScore, score_as_it_stands
from engine.daguai.seats import SEATS, Seat, Team, dealer_of, parse_seat
from engine.errors import BadInput, RuleViolation
from engine.forms import DealForm
from engine.rounds import parse_actions
from engine.seats import Side
from engine.sheets import MatchSheet, SheetTotals, check_deal_fields

#: Team A is the match's first team (NS), team B its second (EW).
SIDE_OF: dict[Team, Side] = {Team.A: Side.NS, Team.B: Side.EW}
TEAM_OF: dict[Side, Team] = {side: team for team, side in SIDE_OF.items()}

# ``score`` is derived: a stored record posted again (after a correction) has it, and it is recomputed.
_FIELDS = frozenset({"dealer", "finishing_order", "stopped", "hands", "plays", "score"})


class FinishingOrderMismatch(RuleViolation):
    """The posted finishing order is not the one the replayed plays give."""

    code = "finishing_order_mismatch"


class PlaysUnfinished(RuleViolation):
    """The plays stop before a team is all out and the deal was not stopped by the clock (K4, K6)."""

    code = "deal_not_finished"


@dataclass(frozen=True, slots=True)
class DaguaiMatch:
    """A Daguai match so far: points and first-outs of teams A and B, deals played."""

    deals_per_round: int
    a_points: float = 0
    b_points: float = 0
    a_first_outs: int = 0
    b_first_outs: int = 0
    deals: int = 0
    time_up: bool = False

    @property
    def finished(self) -> bool:
        return self.time_up or self.deals >= self.deals_per_round

    @property
    def winner(self) -> Side | None:
        """The side of the team with more points once the match is over; None while playing or drawn."""
        if not self.finished or self.a_points == self.b_points:
            return None
        return SIDE_OF[Team.A] if self.a_points > self.b_points else SIDE_OF[Team.B]

    @property
    def next_dealer(self) -> Seat | None:
        return None if self.finished else dealer_of(self.deals + 1)

    def points(self, team: Team) -> float:
        return self.a_points if team is Team.A else self.b_points

    def first_outs(self, team: Team) -> int:
        return self.a_first_outs if team is Team.A else self.b_first_outs

    def to_dict(self) -> dict[str, Any]:
        winner = self.winner
        return {
            "deals": self.deals,
            "deals_per_round": self.deals_per_round,
            "finished": self.finished,
            "time_up": self.time_up,
            "winner": None if winner is None else str(winner),
            "winning_team": None if winner is None else TEAM_OF[winner].value,
            "next_dealer": None if self.next_dealer is None else self.next_dealer.value,
            "points": {team.value: _number(self.points(team)) for team in Team},
            "first_outs": {team.value: self.first_outs(team) for team in Team},
        }


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def _stopped(data: Mapping[str, Any]) -> bool:
    stopped = data.get("stopped", False)
    if stopped is None:
        return False
    if not isinstance(stopped, bool):
        raise BadInput("invalid_type", "stopped is true or false.", field="stopped")
    return stopped


def _order(value: object) -> list[Seat]:
    if isinstance(value, str | bytes) or not isinstance(value, list | tuple):
        raise BadInput("invalid_type", "The finishing order is a list of seats.", field="finishing_order")
    if len(value) > len(SEATS):
        raise BadInput("invalid", "Six seats at most go out.", field="finishing_order")
    seats = [parse_seat(seat, field=f"finishing_order.{i}") for i, seat in enumerate(value)]
    if len(set(seats)) != len(seats):
        raise BadInput("duplicate_seat", "A seat goes out once.", field="finishing_order")
    return seats


def _played(seats: list[Seat]) -> list[Seat]:
    """The order up to the seat that ended the deal (a team all out); later seats are dropped."""
    out = dict.fromkeys(Team, 0)
    for index, seat in enumerate(seats):
        out[seat.team] += 1
        if out[seat.team] == len(seat.team.seats):
            return seats[: index + 1]
    return seats


class DaguaiSheet(MatchSheet[DaguaiMatch]):
    """K5-K7: a match of ``deals_per_round`` deals, scored deal by deal (see the module)."""

    side_names: ClassVar[Mapping[Side, str]] = {Side.NS: "A", Side.EW: "B"}

    def start(self, profile: RuleProfile) -> DaguaiMatch:
        return DaguaiMatch(deals_per_round=profile.deals_per_round)

    def deal_form(self, profile: RuleProfile, state: DaguaiMatch) -> DealForm:
        number = None if state.finished else state.deals + 1
        return form.deal_form(number=number, dealer=state.next_dealer)

    def record(self, data: Mapping[str, Any], *, state: DaguaiMatch, profile: RuleProfile) -> dict[str, Any]:
        check_deal_fields(data, _FIELDS, game="Daguai")
        if data.get("dealer") is None:
            raise BadInput("missing_dealer", "Name the seat that dealt (K5).", field="dealer")
        dealer = parse_seat(data["dealer"], field="dealer")
        stopped = _stopped(data)
        record: dict[str, Any] = {"dealer": dealer.value}
        if data.get("plays") is not None or data.get("hands") is not None:
            seats = self._replayed(data, dealer, stopped, profile, record)
        else:
            if data.get("finishing_order") is None:
                raise BadInput(
                    "invalid", "Give the finishing order (or the hands and plays).", field="finishing_order"
                )
            seats = _played(_order(data["finishing_order"]))
            if not stopped and not _team_out(seats):
                raise BadInput(
                    "deal_not_finished",
                    "No team has all its players out: list the seats until one team is, or say the "
                    "clock stopped the deal (K6).",
                    field="finishing_order",
                )
        finished = _team_out(seats)
        record["finishing_order"] = [seat.value for seat in seats]
        record["stopped"] = stopped and not finished
        record["score"] = score_as_it_stands(seats, profile=profile).to_dict()
        return record  # the dealer's turn and the match's end are ``apply``'s (rules against the state)

    def _replayed(
        self,
        data: Mapping[str, Any],
        dealer: Seat,
        stopped: bool,
        profile: RuleProfile,
        record: dict[str, Any],
    ) -> list[Seat]:
        if data.get("hands") is None:
            raise BadInput("invalid", "Plays are replayed from the hands as dealt.", field="hands")
        if data.get("plays") is None:
            raise BadInput("invalid", "Give the plays of the deal (with the hands).", field="plays")
        hands, plays = data["hands"], data["plays"]
        if not isinstance(plays, list | tuple):
            raise BadInput("invalid_type", "The plays are a list of actions.", field="plays")
        replay = replay_deal(hands=hands, dealer=dealer, plays=plays, stopped=stopped, profile=profile)
        if replay.violation is not None:
            v = replay.violation
            raise RuleViolation(str(v.code), v.detail, field=f"plays.{v.index}")
        if not (replay.finished or stopped):
            raise PlaysUnfinished(
                detail="The plays end before a team is all out; the clock did not stop the deal (K4, K6).",
                field="plays",
            )
        seats = list(replay.finishing_order)
        given = data.get("finishing_order")
        if given is not None and _played(_order(given)) != seats:
            raise FinishingOrderMismatch(
                detail=f"The plays give the finishing order {[s.value for s in seats]}.",
                field="finishing_order",
            )
        record["hands"] = {
            seat.value: [card.code for card in cards] for seat, cards in parse_deal_hands(hands).items()
        }
        record["plays"] = [action.to_dict() for action in parse_actions(plays, parse_action)]
        return seats

    def apply(self, state: DaguaiMatch, record: Mapping[str, Any], *, profile: RuleProfile) -> DaguaiMatch:
        if state.finished:
            raise BadInput("match_over", f"The match is over after {state.deals} deals (K5).", field="")
        expected = dealer_of(state.deals + 1)
        if record["dealer"] != expected.value:
            raise BadInput(
                "wrong_dealer",
                f"Seat {expected.value} deals deal {state.deals + 1} of the round (K5), "
                f"not seat {record['dealer']}.",
                field="dealer",
            )
        score: DealScore = score_as_it_stands(record["finishing_order"], profile=profile)
        by_team = score.by_team
        first = score.team
        return replace(
            state,
            a_points=state.a_points + by_team[Team.A],
            b_points=state.b_points + by_team[Team.B],
            a_first_outs=state.a_first_outs + (first is Team.A),
            b_first_outs=state.b_first_outs + (first is Team.B),
            deals=state.deals + 1,
        )

    def line_entry(self, record: Mapping[str, Any], state: DaguaiMatch) -> dict[str, Any]:
        """K5: the dealer, the first-out team and its points, both teams' points after the deal."""
        score = record["score"]
        after = {side.value: _number(state.points(team)) for team, side in SIDE_OF.items()}
        return {
            "dealer": record["dealer"],
            "scorer": score["team"],
            "scored": score["points"],
            "after": after,
        }

    def close_on_time(self, state: DaguaiMatch, *, profile: RuleProfile) -> DaguaiMatch:
        return state if state.finished else replace(state, time_up=True)

    def totals(self, state: DaguaiMatch) -> SheetTotals:
        if not state.finished:
            raise BadInput(
                "match_not_finished",
                f"{state.deals} of {state.deals_per_round} deals are played (K5).",
                field="",
            )
        return SheetTotals(
            winner=state.winner,
            deals=state.deals,
            end_reason="time_limit" if state.time_up and state.deals < state.deals_per_round else "deals",
            ns_points=state.points(TEAM_OF[Side.NS]),
            ew_points=state.points(TEAM_OF[Side.EW]),
            ns_first_outs=state.first_outs(TEAM_OF[Side.NS]),
            ew_first_outs=state.first_outs(TEAM_OF[Side.EW]),
        )


def _team_out(seats: list[Seat]) -> bool:
    return any(sum(1 for seat in seats if seat.team is team) == len(team.seats) for team in Team)


SHEET = DaguaiSheet()
