"""The deal form of a duplicate table (engine/forms.py; the scoresheet's ``deal_form``). Pure Python.

A duplicate deal has no tribute (G7) and its level and leader are the deal set's: the table enters
only the finishing order (G5.5: three seats are enough, the fourth is last). Hands and plays are
the referees' (the replay from the set's hands), not a table's form.
"""

from __future__ import annotations

from engine.forms import DealForm
from engine.guandan.form import FINISHING_ORDER, SEATS, SIDES


def deal_form(*, deals: int, finished: bool) -> DealForm:
    """The form of a table's next deal after ``deals`` (None as its number once it has played all)."""
    return DealForm(
        number=None if finished else deals + 1, seats=SEATS, sides=SIDES, fields=(FINISHING_ORDER,)
    )
