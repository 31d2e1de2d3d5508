"""The deal form of a Shuangkou match (engine/forms.py; the scoresheet's ``deal_form``,
engine/shuangkou/sheet.py). Pure Python.

A table enters the short form of a deal (docs/rules/shuangkou.md "Scorekeeping"): the dealer (the
first deal's is whoever called; then the sheet names it, S9), the attackers' points with the bottom
counted (S7) and whether they won the last trick with a J (S8). The whole deal is the referees'.
"""

from __future__ import annotations

from engine.forms import COMPASS_SIDES, DealForm, FormField, compass_seats, dealer_field, gettext_noop
from engine.seats import Seat

SEATS = compass_seats()
SIDES = COMPASS_SIDES


def deal_form(*, number: int | None, dealer: Seat | None) -> DealForm:
    """The form of the match's next deal ``number``; ``dealer`` None: the first deal's dealer is
    chosen at the table (or the match is over, ``number`` None)."""
    fields = (
        dealer_field(
            seats=SEATS,
            dealer=dealer,
            help=gettext_noop("After the first deal the sheet names the dealer (S9)."),
        ),
        FormField(
            name="attackers_points",
            kind="integer",
            label=gettext_noop("Attackers' points"),
            help=gettext_noop("With the bottom counted (S7) and any throw penalty (S5)."),
            minimum=0,
        ),
        FormField(
            name="j_last_trick",
            kind="boolean",
            label=gettext_noop("The attackers won the last trick with a J (S8)"),
            required=False,
            default=False,
        ),
    )
    return DealForm(number=number, seats=SEATS, sides=SIDES, fields=fields)
