"""The deal form of a Daguai Luzi match (engine/forms.py; the scoresheet's ``deal_form``,
engine/daguai/sheet.py). Pure Python.

Six seats, two teams of three sitting alternately (K1: team A at 1, 3, 5; team B at 2, 4, 6). A
table enters the dealer (the rotation's, K5), the seats in the order they went out until a team is
all out, and whether the clock stopped the deal (K6: scored as it stands).
"""

from __future__ import annotations

from engine.daguai.seats import Seat, Team
from engine.forms import DealForm, FormField, SeatSpec, dealer_field, gettext_noop, seat_codes

#: The match's first team is team A (its NS side), the second team B (EW).
SIDES = {"NS": gettext_noop("Team A"), "EW": gettext_noop("Team B")}
NAMES = {Team.A.value: gettext_noop("Team A"), Team.B.value: gettext_noop("Team B")}
_SEAT_LABELS = {
    "1": gettext_noop("Seat 1"),
    "2": gettext_noop("Seat 2"),
    "3": gettext_noop("Seat 3"),
    "4": gettext_noop("Seat 4"),
    "5": gettext_noop("Seat 5"),
    "6": gettext_noop("Seat 6"),
}
SEATS = tuple(
    SeatSpec(code=seat.value, label=_SEAT_LABELS[seat.value], side="NS" if seat.team is Team.A else "EW")
    for seat in Seat
)
_CODES = seat_codes(SEATS)


def deal_form(*, number: int | None, dealer: Seat | None) -> DealForm:
    """The form of the match's next deal ``number`` dealt by ``dealer`` (None: the match is over)."""
    fields = (
        dealer_field(seats=SEATS, dealer=dealer, help=gettext_noop("Seat 1 deals first, then 2, 3 … (K5).")),
        FormField(
            name="finishing_order",
            kind="seat_order",
            label=gettext_noop("Finishing order"),
            help=gettext_noop("Tap the seats in the order they went out, until one team is all out (K5)."),
            seats=_CODES,
            min_items=0,
            max_items=len(_CODES),
        ),
        FormField(
            name="stopped",
            kind="boolean",
            label=gettext_noop("The clock stopped the deal"),
            help=gettext_noop("Scored as it stands (K6)."),
            required=False,
            default=False,
        ),
    )
    return DealForm(number=number, seats=SEATS, sides=SIDES, fields=fields, names=NAMES)
