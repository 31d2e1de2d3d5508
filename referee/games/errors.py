"""Errors shared by every game's rules engine.

``BadInput`` is a malformed question (an unknown card, a seat that does not
exist): the API answers it with a 400 problem. ``RuleViolation`` is a legal
question whose answer is "against the rules": the API answers 200 with the
verdict. Each carries a stable ``code``.
"""

from __future__ import annotations


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
