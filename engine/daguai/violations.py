"""The rule violations a Daguai Luzi referee question can find (docs/rules/daguai.md K2-K4).

Each is a :class:`RuleViolation` (a 200 verdict, not a 400) with a stable code; the turn
violations every climbing game shares are the classes of ``engine/rounds.py``.
"""

from __future__ import annotations

from enum import StrEnum

from engine.errors import RuleViolation
from engine.rounds import violation_table

__all__ = [
    "VIOLATIONS",
    "AskNotAllowed",
    "AskOutOfTurn",
    "ViolationCode",
    "WrongReport",
]


class ViolationCode(StrEnum):
    # A play on its own (K2, K3), in the order they are checked.
    ILLEGAL_COMBINATION = "illegal_combination"
    PREVIOUS_ILLEGAL = "previous_illegal"
    DOES_NOT_BEAT = "does_not_beat"
    # An action inside a deal (K4), in the order they are checked.
    DEAL_OVER = "deal_over"
    NOT_YOUR_TURN = "not_your_turn"
    CANNOT_PASS_ON_LEAD = "cannot_pass_on_lead"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    # Asking for a hand count, 报否 (K4), in the order they are checked.
    ASK_OUT_OF_TURN = "ask_out_of_turn"
    ASK_NOT_ALLOWED = "ask_not_allowed"
    WRONG_REPORT = "wrong_report"


class AskOutOfTurn(RuleViolation):
    code = ViolationCode.ASK_OUT_OF_TURN


class AskNotAllowed(RuleViolation):
    code = ViolationCode.ASK_NOT_ALLOWED


class WrongReport(RuleViolation):
    code = ViolationCode.WRONG_REPORT


VIOLATIONS: dict[str, type[RuleViolation]] = violation_table(
    ViolationCode, (AskOutOfTurn, AskNotAllowed, WrongReport)
)
