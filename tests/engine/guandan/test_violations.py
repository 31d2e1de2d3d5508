"""Violation codes (docs/rules/guandan.md G4, G5): engine/guandan/violations.py."""

from __future__ import annotations

from engine.errors import RuleViolation
from engine.guandan.violations import VIOLATIONS, ViolationCode


def test_every_violation_code_has_its_class():
    assert set(VIOLATIONS) == set(ViolationCode)
    assert all(cls.code == code and issubclass(cls, RuleViolation) for code, cls in VIOLATIONS.items())


def test_a_violation_carries_its_code_and_detail():
    error = VIOLATIONS["not_your_turn"](detail="It is W's turn, not S's (G5).")
    assert (error.code, error.detail, str(error)) == (
        "not_your_turn",
        *(["It is W's turn, not S's (G5)."] * 2),
    )
