"""The deal form of a four-player Dou Dizhu table (engine/forms.py; the scoresheet's ``deal_form``,
engine/doudizhu/sheet.py). Pure Python.

A table enters the short form of a deal (D2, D8, D10): the dealer (the rotation's, D10), the bidding
from the dealer in turn order (a 3 ends it, D2), who won (the landlord or the farmers), the bombs
played and a spring. The whole deal (hands, bottom, plays) is the referees' replay.
"""

from __future__ import annotations

from engine.doudizhu.bidding import TOP_BID, Party
from engine.doudizhu.profiles import RuleProfile
from engine.forms import Choice, DealForm, FormField, compass_seats, dealer_field, gettext_noop, seat_codes
from engine.seats import Seat, rotate, seat_order

#: The seats around the table; every player plays for themselves (D8).
SEATS = compass_seats(partners=False)
_CODES = seat_codes(SEATS)
NAMES = {Party.LANDLORD.value: gettext_noop("Landlord"), Party.FARMERS.value: gettext_noop("Farmers")}
BIDS = (
    Choice("pass", gettext_noop("Pass")),
    Choice(1, gettext_noop("1 point")),
    Choice(2, gettext_noop("2 points")),
    Choice(TOP_BID, gettext_noop("3 points")),
)


def deal_form(profile: RuleProfile, *, number: int | None, dealer: Seat | None) -> DealForm:
    """The form of the table's next deal ``number`` dealt by ``dealer`` (None: the round is over)."""
    turns = () if dealer is None else rotate(seat_order(profile.turn_direction), dealer)
    order = tuple(seat.value for seat in turns)
    fields = (
        dealer_field(seats=SEATS, dealer=dealer, help=gettext_noop("The deal passes in turn (D10).")),
        FormField(
            name="bids",
            kind="list",
            label=gettext_noop("Bidding"),
            help=gettext_noop("Each seat once from the dealer; a 3 ends the bidding (D2)."),
            min_items=1,
            max_items=len(_CODES),
            order=order,
            stop_on=("bid", TOP_BID),
            fields=(FormField(name="bid", kind="choice", label=gettext_noop("Bid"), choices=BIDS),),
        ),
        FormField(
            name="winner",
            kind="choice",
            label=gettext_noop("Who won"),
            choices=tuple(Choice(code, label) for code, label in NAMES.items()),
        ),
        FormField(
            name="bombs",
            kind="integer",
            label=gettext_noop("Bombs played"),
            help=gettext_noop("The four jokers count as a bomb (D8)."),
            required=False,
            default=0,
            minimum=0,
        ),
        FormField(
            name="spring", kind="boolean", label=gettext_noop("Spring (春天)"), required=False, default=False
        ),
    )
    return DealForm(number=number, seats=SEATS, sides={}, fields=fields, names=NAMES)
