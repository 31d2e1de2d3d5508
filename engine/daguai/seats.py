"""The six seats of Daguai Luzi, its two teams and the dealer rotation (docs/rules/daguai.md K1, K5).

Seats are ``1`` to ``6``, the rule sheet's 1号位 … 6号位, numbered round the table in the order
of play (counterclockwise), so seat 2 plays after seat 1 and seat 1 after seat 6. The teams
sit alternately: team ``A`` holds seats 1, 3 and 5 (the lower-numbered team of the draw,
小号队), team ``B`` seats 2, 4 and 6 (大号队).
"""

from __future__ import annotations

from enum import StrEnum

from engine.errors import BadInput
from engine.seats import parse_seat_of


class Team(StrEnum):
    A = "A"
    B = "B"

    @property
    def seats(self) -> tuple[Seat, ...]:  # three seats (TEAM_SIZE)
        return _TEAM_SEATS[self]

    @property
    def other(self) -> Team:
        return Team.B if self is Team.A else Team.A


class Seat(StrEnum):
    """Seats 1-6 in the order of play; odd seats are team A, even seats team B (K1)."""

    P1 = "1"
    P2 = "2"
    P3 = "3"
    P4 = "4"
    P5 = "5"
    P6 = "6"

    @property
    def team(self) -> Team:
        return _TEAM[self]

    @property
    def number(self) -> int:
        return int(self.value)


SEATS: tuple[Seat, ...] = tuple(Seat)
_TEAM = {seat: Team.A if seat.number % 2 else Team.B for seat in Seat}
_TEAM_SEATS = {team: tuple(seat for seat in Seat if _TEAM[seat] is team) for team in Team}
TEAM_SIZE = 3


def parse_seat(value: object, *, field: str | None = None) -> Seat:
    """A seat from ``"1"``-``"6"`` or the number itself."""
    return parse_seat_of(Seat, value, hint="1, 2, 3, 4, 5 or 6", field=field)


def parse_team(value: object, *, field: str | None = None) -> Team:
    return parse_seat_of(Team, value, hint="A or B", field=field)


def dealer_of(deal_number: int) -> Seat:
    """K5: the first deal is dealt by seat 1, then 2, 3 … in turn; the dealer leads."""
    if isinstance(deal_number, bool) or not isinstance(deal_number, int) or deal_number < 1:
        raise BadInput("invalid", "Deals are numbered from 1.", field="deal_number")
    return SEATS[(deal_number - 1) % len(SEATS)]


def round_dealers(deals_per_round: int) -> tuple[Seat, ...]:
    """K5: who deals each deal of a round of ``deals_per_round`` deals (the profile's setting)."""
    return tuple(dealer_of(n) for n in range(1, deals_per_round + 1))
