"""The finishing order of a deal (docs/rules/guandan.md G5.3, G5.5), normalised to all four seats.

Scorekeepers send the seats in the order they went out, and may stop early: in a
1-2 finish (双上) the deal ends when the partner of the 1st seat goes out, so two
seats are enough and the other two are *both* last (双下, G5.5). With three seats
the fourth is the one left. Tribute (G7) and level change (G6) both start here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.errors import BadInput
from engine.guandan.question import SEATS, with_field
from engine.seats import Seat, Side, parse_seat

__all__ = ["SEATS", "FinishingOrder", "complete_finishing_order", "normalise_finishing_order"]

_RISE = {2: 3, 3: 2, 4: 1}  # G6, by the place of the 1st seat's partner


@dataclass(frozen=True, slots=True)
class FinishingOrder:
    """All four seats in finishing order, with the places that matter for G6 and G7.

    In a 1-2 finish the order of ``seats[2]`` and ``seats[3]`` means nothing: both
    are last (``last_seats``), and both pay tribute in the next deal.
    """

    seats: tuple[Seat, Seat, Seat, Seat]

    @property
    def first(self) -> Seat:
        return self.seats[0]

    @property
    def winner_side(self) -> Side:
        """G6: only the side of the 1st seat goes up."""
        return self.first.side

    @property
    def partner_place(self) -> int:
        """Place (2, 3 or 4) of the 1st seat's partner: 2 is 双上, 3 is 1-3, 4 is 1-4."""
        return self.seats.index(self.first.partner) + 1

    @property
    def rise(self) -> int:
        """G6: how far the 1st seat's side goes up: +3 for 1-2, +2 for 1-3, +1 for 1-4.

        Before the A rules (A必打, mandatory levels, G6) are applied.
        """
        return _RISE[self.partner_place]

    @property
    def is_double_win(self) -> bool:
        return self.partner_place == 2

    @property
    def last_seats(self) -> tuple[Seat, ...]:
        """The seat(s) that came last: both losers in a 1-2 finish (G5.5), else the 4th seat."""
        if self.is_double_win:
            return self.seats[2:]
        return (self.seats[3],)

    def codes(self) -> list[str]:
        return [str(seat) for seat in self.seats]

    def identity(self) -> list[str]:
        """The seats as they identify a deal: in a 1-2 finish both losers are last (G5.5), so their
        order means nothing and they are listed in seat order."""
        if not self.is_double_win:
            return self.codes()
        rest = [seat for seat in SEATS if seat not in self.seats[:2]]
        return [str(seat) for seat in (*self.seats[:2], *rest)]


def normalise_finishing_order(order: Iterable[object], *, field: str = "finishing_order") -> FinishingOrder:
    """Complete a finishing order of 2, 3 or 4 seats (G5.3, G5.5) from its wire form.

    Raises ``BadInput``: ``unknown_seat``, ``duplicate_seat`` (so never more than four seats),
    ``invalid``, ``finishing_order_incomplete`` (fewer than 2 seats, or 2 seats that are not
    partners: such a deal has not ended).
    """
    if isinstance(order, str | bytes):
        raise BadInput("invalid", "A finishing order is a list of seats.", field=field)
    seats: list[Seat] = []
    for index, value in enumerate(order):
        seat = with_field(f"{field}[{index}]", parse_seat, value)
        if seat in seats:
            raise BadInput(
                "duplicate_seat", f"Seat {seat} appears twice in the finishing order.", field=field
            )
        seats.append(seat)
    return complete_finishing_order(seats, field=field)


def complete_finishing_order(seats: Sequence[Seat], *, field: str = "finishing_order") -> FinishingOrder:
    """All four seats from the distinct seats that went out, in order (G5.5): what a replay's end
    builds from its seats, and ``normalise_finishing_order`` from the seats it parsed.

    Raises ``BadInput`` ``finishing_order_incomplete`` (fewer than 2 seats, or 2 seats that are not
    partners: such a deal has not ended).
    """
    if len(seats) < 2 or (len(seats) == 2 and seats[1] != seats[0].partner):
        raise BadInput(
            "finishing_order_incomplete",
            "A deal ends when one side has both players out or three seats are out (G5.5): "
            "give at least the 1st and 2nd seats of a 1-2 finish, or three seats.",
            field=field,
        )
    # The seats not named went out last; their order only matters with three named seats,
    # where exactly one is left. Seat order keeps the result deterministic.
    rest = [seat for seat in SEATS if seat not in seats]
    # Distinct seats and the rest of the four make exactly four: the unpacking says so to the types.
    first, second, third, fourth = (*seats, *rest)
    return FinishingOrder(seats=(first, second, third, fourth))
