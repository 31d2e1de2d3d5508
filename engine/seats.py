"""Seats and turn order (docs/rules/guandan.md G1, docs/rules/doudizhu.md D1, docs/rules/daguai.md K1).

Four-seat games sit at the compass table: ``N``, ``E``, ``S``, ``W``, play going
counterclockwise N → W → S → E unless a profile says clockwise. Partners sit opposite
(``partner``, ``side``), which matters to the partnership games (Guandan); in Dou Dizhu the
sides are drawn by the bidding instead. Games with other tables (Daguai Luzi's six seats)
define their own seat enum and use :func:`ring` and :func:`parse_seat_of` from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import TypeVar

from engine.errors import BadInput

S = TypeVar("S", bound=StrEnum)


class Seat(StrEnum):
    """Seats N, E, S, W; partners sit opposite (G1)."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def partner(self) -> Seat:
        return _PARTNER[self]

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.N, Seat.S) else Side.EW


class Side(StrEnum):
    NS = "NS"
    EW = "EW"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.N, Seat.S) if self is Side.NS else (Seat.E, Seat.W)

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS


_PARTNER = {Seat.N: Seat.S, Seat.S: Seat.N, Seat.E: Seat.W, Seat.W: Seat.E}

# G1, D1: play goes counterclockwise N -> W -> S -> E by default.
_ORDER = {
    "counterclockwise": (Seat.N, Seat.W, Seat.S, Seat.E),
    "clockwise": (Seat.N, Seat.E, Seat.S, Seat.W),
}
DIRECTIONS = tuple(_ORDER)


def seat_order(direction: str = "counterclockwise") -> tuple[Seat, Seat, Seat, Seat]:
    return _ORDER[direction]


def next_seat(seat: Seat, direction: str = "counterclockwise") -> Seat:
    """The seat that plays after ``seat`` (its 下家)."""
    order = _ORDER[direction]
    return order[(order.index(seat) + 1) % 4]


def previous_seat(seat: Seat, direction: str = "counterclockwise") -> Seat:
    """The seat that plays before ``seat`` (its 上家)."""
    order = _ORDER[direction]
    return order[(order.index(seat) - 1) % 4]


def ring(order: Sequence[S]) -> dict[S, S]:
    """Each seat's 下家 in a turn order: the seat after it, the last wrapping to the first."""
    return {seat: order[(i + 1) % len(order)] for i, seat in enumerate(order)}


def rotate(order: Sequence[S], first: S) -> tuple[S, ...]:
    """The turn order starting at ``first`` (a bidding from the dealer, a round from its leader)."""
    start = order.index(first)
    return tuple(order[start:]) + tuple(order[:start])


def parse_seat_of(enum: type[S], value: object, *, hint: str, field: str | None = None) -> S:
    """A seat of ``enum`` from its code (case-insensitive; ints for numbered seats)."""
    if type(value) is enum:
        return value
    if isinstance(value, str | int) and not isinstance(value, bool):
        try:
            return enum(str(value).strip().upper())
        except ValueError:
            pass
    raise BadInput("unknown_seat", f"Unknown seat {value!r}; use {hint}.", field=field)


def parse_seat(value: object) -> Seat:
    try:
        return Seat(str(value).strip().upper())
    except ValueError:
        raise BadInput("unknown_seat", f"Unknown seat {value!r}; use N, E, S or W.") from None
