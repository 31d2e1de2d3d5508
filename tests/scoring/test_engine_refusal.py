"""What an engine error caught by a scoring service means (``scoring.problems.engine_refusal``): one
table, so that the same ``BadInput`` reads the same wherever scoring catches it."""

from __future__ import annotations

from core.errors import Conflict, DomainError, Refused
from core.problems import problem_of
from engine.errors import BadInput, RuleViolation
from engine.sheets import DealRefused
from referee.api.problems import engine_problem
from scoring.problems import engine_refusal


def test_a_broken_rule_is_refused_with_its_field_under_the_prefix():
    refusal = engine_refusal(RuleViolation("tribute_wrong", "Not the biggest card.", field="tribute[0]"))
    assert isinstance(refusal, Refused)
    assert (refusal.code, refusal.field, refusal.detail) == (
        "tribute_wrong",
        "tribute.0",
        "Not the biggest card.",
    )
    prefixed = engine_refusal(RuleViolation("x", "y", field="levels"), prefix="games.1")
    assert prefixed.field == "games.1.levels"


def test_a_sheet_refusal_keeps_its_extra_members_and_its_errors():
    errors = [{"field": "level", "code": "wrong_level", "message": "Played at 5."}]
    refusal = engine_refusal(
        DealRefused("wrong_level", "Played at 5.", extra={"expected": "5"}, errors=errors)
    )
    assert isinstance(refusal, Refused)
    assert (refusal.extra, refusal.errors) == ({"expected": "5"}, errors)


def test_a_deal_after_the_end_is_a_conflict():
    refusal = engine_refusal(BadInput("match_over", "The match is over."))
    assert isinstance(refusal, Conflict)
    assert (refusal.code, refusal.field) == ("match_over", "number")


def test_a_malformed_deal_is_the_same_400_the_referee_questions_answer():
    error = BadInput("invalid_card", "No such card.", field="plays[3].cards[0]")
    refusal = engine_refusal(error)
    assert type(refusal) is DomainError
    problem, converted = problem_of(refusal), engine_problem(error)
    assert converted is not None
    assert (problem.status_code, problem.code, str(problem.detail), problem.errors, problem.field) == (
        converted.status_code,
        converted.code,
        str(converted.detail),
        converted.errors,
        converted.field,
    )
    assert problem.errors == [
        {"field": "plays.3.cards.0", "code": "invalid_card", "message": "No such card."}
    ]


def test_checked_input_the_engine_finds_wrong_is_the_rules_refusal():
    refusal = engine_refusal(BadInput("invalid_level", "No level 1.", field="levels.NS"), checked=True)
    assert isinstance(refusal, Refused)
    assert refusal.field == "levels.NS"
