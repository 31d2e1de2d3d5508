"""Points of one Daguai Luzi deal, finished or stopped by the clock (docs/rules/daguai.md K5, K6).

A deal ends when every player of one team is out. The team of the first player out (跑头家)
is the only one that scores:

- **caught** (抓住): its three players are all out while ``k`` opponents still hold cards; it
  scores ``catch[k - 1]`` (3, 5, 8 for 1, 2, 3 caught);
- **trapped** (被关): the deal ended, or was stopped, while ``j`` of its own players still hold
  cards; it scores ``trapped[j - 1]`` (1, 0 for 1, 2 trapped).

The other team scores 0. A deal stopped by the 15-minute clock is scored as it stands (K6): as
if it ended there, every player still holding cards stays caught or trapped, so the first-out
team scores by its own players still in (a stopped deal with nobody out scores 0 to both).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.daguai.profiles import STANDARD, RuleProfile
from engine.daguai.seats import TEAM_SIZE, Seat, Team, parse_seat
from engine.errors import BadInput


@dataclass(frozen=True, slots=True)
class DealScore:
    """K5: ``points`` to ``team`` (the first-out player's; None when nobody went out), 0 to the other."""

    team: Team | None
    points: float
    caught: int
    trapped: int
    finished: bool

    @property
    def by_team(self) -> dict[Team, float]:
        return {team: self.points if team is self.team else 0 for team in Team}

    def to_dict(self) -> dict[str, Any]:
        return {
            "team": None if self.team is None else self.team.value,
            "points": self.points,
            "caught": self.caught,
            "trapped": self.trapped,
            "finished": self.finished,
            "by_team": {team.value: n for team, n in self.by_team.items()},
        }


def _order(finishing_order: Sequence[Seat | str]) -> list[Seat]:
    seats = [parse_seat(seat, field=f"finishing_order[{i}]") for i, seat in enumerate(finishing_order)]
    if len(set(seats)) != len(seats):
        raise BadInput("duplicate_seat", "A seat goes out once.", field="finishing_order")
    return seats


def _ended(seats: Sequence[Seat]) -> int | None:
    """How many of ``seats`` went out until a team was all out; None if none is yet."""
    out = dict.fromkeys(Team, 0)
    for index, seat in enumerate(seats):
        out[seat.team] += 1
        if out[seat.team] == TEAM_SIZE:
            return index + 1
    return None


def score_as_it_stands(
    finishing_order: Sequence[Seat | str], *, profile: RuleProfile = STANDARD
) -> DealScore:
    """K5, K6: the points of a deal from the seats out so far, in order, finished or not.

    Seats listed after the deal ended (a team all out) are ignored.
    """
    seats = _order(finishing_order)
    ended = _ended(seats)
    if ended is not None:
        seats = seats[:ended]
    if not seats:
        return DealScore(team=None, points=0, caught=0, trapped=0, finished=False)
    team = seats[0].team
    own_in = TEAM_SIZE - sum(1 for seat in seats if seat.team is team)
    if own_in == 0:
        caught = TEAM_SIZE - sum(1 for seat in seats if seat.team is not team)
        return DealScore(team=team, points=profile.catch[caught - 1], caught=caught, trapped=0, finished=True)
    points = profile.trapped[own_in - 1]
    return DealScore(team=team, points=points, caught=0, trapped=own_in, finished=ended is not None)


def daguai_deal(finishing_order: Sequence[Seat | str], *, profile: RuleProfile = STANDARD) -> DealScore:
    """K5 ``daguai_deal``: the points of a finished deal; an order that ends no deal is malformed."""
    if _ended(_order(finishing_order)) is None:
        raise BadInput(
            "deal_not_finished",
            "No team has all its players out; score a stopped deal as it stands (K6).",
            field="finishing_order",
        )
    return score_as_it_stands(finishing_order, profile=profile)


def clock_expired(elapsed_seconds: float, *, profile: RuleProfile = STANDARD) -> bool:
    """K6: whether a deal has run over its time (15 minutes by default) and is to be stopped."""
    return elapsed_seconds >= profile.deal_minutes * 60
