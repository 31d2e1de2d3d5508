"""Errors shared by every game's rules engine.

``BadInput`` is a malformed question (an unknown card, a seat that does not
exist): the API answers it with a 400 problem. ``RuleViolation`` is a legal
question whose answer is "against the rules": the API answers 200 with the
verdict. Each carries a stable ``code``.
"""

from __future__ import annotations

from enum import StrEnum


class InputCode(StrEnum):
    """Every code of a malformed question (``BadInput``, a 400), in every game.

    With ``ViolationCode``, ``TributeCode``, ``RecordCode`` and ``TurnCode`` it makes the engine's
    code catalogue: each code has an English and a Chinese message (``referee.api.messages``, or
    ``scoring.messages`` for a game sheet's).
    """

    INVALID = "invalid"
    INVALID_TYPE = "invalid_type"
    INVALID_CHOICE = "invalid_choice"
    UNKNOWN_FIELD = "unknown_field"
    OUT_OF_RANGE = "out_of_range"
    NOT_SUPPORTED = "not_supported"
    UNKNOWN_GAME = "unknown_game"
    UNKNOWN_RULESET = "unknown_ruleset"
    UNKNOWN_CARD = "unknown_card"
    UNKNOWN_SUIT = "unknown_suit"
    UNKNOWN_LEVEL = "unknown_level"
    UNKNOWN_SEAT = "unknown_seat"
    TOO_MANY_COPIES = "too_many_copies"
    EMPTY_PLAY = "empty_play"
    TOO_MANY_CARDS = "too_many_cards"
    INVALID_PLAY_SIZE = "invalid_play_size"
    WRONG_NUMBER_OF_CARDS = "wrong_number_of_cards"
    WRONG_HAND_SIZE = "wrong_hand_size"
    MISSING_HAND = "missing_hand"
    DUPLICATE_SEAT = "duplicate_seat"
    INVALID_ACTION = "invalid_action"
    INVALID_BID = "invalid_bid"
    INVALID_DECLARATION = "invalid_declaration"
    INVALID_LEAD = "invalid_lead"
    EMPTY_TRICK = "empty_trick"
    INCOMPLETE_TRICK = "incomplete_trick"
    TOO_MANY_PLAYS = "too_many_plays"
    MISSING_DEALER = "missing_dealer"
    WRONG_DEALER = "wrong_dealer"
    MATCH_OVER = "match_over"
    UNKNOWN_RANK = "unknown_rank"
    UNKNOWN_COMBINATION_TYPE = "unknown_combination_type"
    # a finished game's sheet (G8; their messages are scoring's, scoring.messages)
    DEAL_NOT_FINISHED = "deal_not_finished"
    FINISHING_ORDER_INCOMPLETE = "finishing_order_incomplete"
    IMPOSSIBLE_LEVELS = "impossible_levels"
    MATCH_NOT_FINISHED = "match_not_finished"
    NO_GAME_IN_PROGRESS = "no_game_in_progress"
    NO_TIME_LIMIT = "no_time_limit"
    UNEXPECTED_WINNER = "unexpected_winner"
    WINNER_CONTRADICTS_LEVELS = "winner_contradicts_levels"
    WINNER_REQUIRED = "winner_required"
    WRONG_DEAL_COUNT = "wrong_deal_count"


class EngineError(ValueError):
    code = "engine_error"

    def __init__(self, code: str | None = None, detail: str = "", *, field: str | None = None):
        if code:
            self.code = code
        self.detail = detail or self.code
        self.field = field
        super().__init__(self.detail)


class BadInput(EngineError):
    """The question itself is malformed (400)."""

    code = "invalid"


class RuleViolation(EngineError):
    """A well-formed action that the rules forbid (a 200 verdict)."""

    code = "rule_violation"
