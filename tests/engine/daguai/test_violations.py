"""Violation codes (docs/rules/daguai.md K2-K4): engine/daguai/violations.py."""

from __future__ import annotations

from engine.daguai.violations import VIOLATIONS, ViolationCode
from engine.errors import RuleViolation
from engine.rounds import TurnCode


def test_every_violation_code_has_its_class():
    assert set(VIOLATIONS) == set(ViolationCode)
    assert all(cls.code == code and issubclass(cls, RuleViolation) for code, cls in VIOLATIONS.items())


def test_the_shared_turn_codes_are_among_the_games_codes():
    assert {str(code) for code in TurnCode} <= {str(code) for code in ViolationCode}
