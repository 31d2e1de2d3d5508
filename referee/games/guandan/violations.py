"""The rule violations a referee question can find in a play or a deal (docs/guandan.md G4, G5).

Each violation is a :class:`RuleViolation` (a 200 verdict, not a 400) with a stable code;
``VIOLATIONS`` maps every code to its class, so the API and its schema list the same codes.
"""

from __future__ import annotations

from enum import StrEnum

from referee.games.errors import RuleViolation


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


class IllegalCombination(RuleViolation):
    code = ViolationCode.ILLEGAL_COMBINATION


class DoesNotBeat(RuleViolation):
    code = ViolationCode.DOES_NOT_BEAT


class DeclaredReadingInvalid(RuleViolation):
    code = ViolationCode.DECLARED_READING_INVALID


class PreviousIllegal(RuleViolation):
    code = ViolationCode.PREVIOUS_ILLEGAL


class DealOver(RuleViolation):
    code = ViolationCode.DEAL_OVER


class NotYourTurn(RuleViolation):
    code = ViolationCode.NOT_YOUR_TURN


class CardNotInHand(RuleViolation):
    code = ViolationCode.CARD_NOT_IN_HAND


class CannotPassOnLead(RuleViolation):
    code = ViolationCode.CANNOT_PASS_ON_LEAD


VIOLATIONS: dict[str, type[RuleViolation]] = {
    cls.code: cls
    for cls in (
        IllegalCombination,
        DoesNotBeat,
        DeclaredReadingInvalid,
        PreviousIllegal,
        DealOver,
        NotYourTurn,
        CardNotInHand,
        CannotPassOnLead,
    )
}
