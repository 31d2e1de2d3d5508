"""The rule violations a referee question can find in a play or a deal (docs/rules/guandan.md G4, G5).

Each violation is a :class:`RuleViolation` (a 200 verdict, not a 400) with a stable code;
``VIOLATIONS`` maps every code to its class, so the API and its schema list the same codes.
The turn violations every climbing game shares are the classes of ``engine/rounds.py``.
"""

from __future__ import annotations

from enum import StrEnum

from engine.errors import RuleViolation
from engine.rounds import violation_table

__all__ = [
    "VIOLATIONS",
    "DeclaredReadingInvalid",
    "ViolationCode",
]


class ViolationCode(StrEnum):
    # A play on its own (G3, G4), in the order they are checked.
    ILLEGAL_COMBINATION = "illegal_combination"
    DOES_NOT_BEAT = "does_not_beat"
    DECLARED_READING_INVALID = "declared_reading_invalid"
    PREVIOUS_ILLEGAL = "previous_illegal"  # only a stateless question can table an illegal play
    # An action inside a deal (G5), checked before the play itself.
    DEAL_OVER = "deal_over"
    NOT_YOUR_TURN = "not_your_turn"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    CANNOT_PASS_ON_LEAD = "cannot_pass_on_lead"


class DeclaredReadingInvalid(RuleViolation):
    code = ViolationCode.DECLARED_READING_INVALID


VIOLATIONS: dict[str, type[RuleViolation]] = violation_table(ViolationCode, (DeclaredReadingInvalid,))
