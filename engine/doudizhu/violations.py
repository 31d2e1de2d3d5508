"""The rule violations a Dou Dizhu referee question can find (docs/rules/doudizhu.md D2-D7).

Each is a :class:`RuleViolation` (a 200 verdict, not a 400) with a stable code; the turn
violations every climbing game shares are the classes of ``engine/rounds.py``.
"""

from __future__ import annotations

from enum import StrEnum

from engine.errors import RuleViolation
from engine.rounds import violation_table

__all__ = [
    "VIOLATIONS",
    "AlreadyReported",
    "BidNotHigher",
    "BiddingBanned",
    "BiddingOver",
    "BiddingUnfinished",
    "BombLimit",
    "MissingReport",
    "ViolationCode",
    "WrongReport",
]


class ViolationCode(StrEnum):
    # A play on its own (D4, D5), in the order they are checked.
    ILLEGAL_COMBINATION = "illegal_combination"
    PREVIOUS_ILLEGAL = "previous_illegal"
    DOES_NOT_BEAT = "does_not_beat"
    # The bidding (D2); a bid out of order is not_your_turn.
    BIDDING_OVER = "bidding_over"
    BIDDING_BANNED = "bidding_banned"
    BID_NOT_HIGHER = "bid_not_higher"
    BIDDING_UNFINISHED = "bidding_unfinished"
    # An action inside a deal (D6, D7), in the order they are checked.
    DEAL_OVER = "deal_over"
    NOT_YOUR_TURN = "not_your_turn"
    MISSING_REPORT = "missing_report"
    CANNOT_PASS_ON_LEAD = "cannot_pass_on_lead"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    BOMB_LIMIT = "bomb_limit"
    ALREADY_REPORTED = "already_reported"  # D7: "自报一次", a seat reports once
    WRONG_REPORT = "wrong_report"


class BiddingOver(RuleViolation):
    code = ViolationCode.BIDDING_OVER


class BiddingBanned(RuleViolation):
    code = ViolationCode.BIDDING_BANNED


class BidNotHigher(RuleViolation):
    code = ViolationCode.BID_NOT_HIGHER


class BiddingUnfinished(RuleViolation):
    code = ViolationCode.BIDDING_UNFINISHED


class MissingReport(RuleViolation):
    code = ViolationCode.MISSING_REPORT


class BombLimit(RuleViolation):
    code = ViolationCode.BOMB_LIMIT


class WrongReport(RuleViolation):
    code = ViolationCode.WRONG_REPORT


class AlreadyReported(RuleViolation):
    code = ViolationCode.ALREADY_REPORTED


VIOLATIONS: dict[str, type[RuleViolation]] = violation_table(
    ViolationCode,
    (
        BiddingOver,
        BiddingBanned,
        BidNotHigher,
        BiddingUnfinished,
        MissingReport,
        BombLimit,
        AlreadyReported,
        WrongReport,
    ),
)
