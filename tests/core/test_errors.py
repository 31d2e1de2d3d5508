"""Services refuse with domain errors (core.errors); their HTTP status is given once, in
core.problems.STATUS, and the exception handler renders them (docs/api.md "Errors")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from core import errors
from core.problems import STATUS, convert
from scoring.problems import Missing, NotAllowed, RuleRefused, ScoreConflict

ROOT = Path(__file__).resolve().parents[2]
SERVICES = sorted(
    path
    for pattern in ("*/services/*.py", "*/services.py", "*/*/services.py")
    for path in ROOT.glob(pattern)
    if ".venv" not in path.parts and "tests" not in path.parts
)


@pytest.mark.parametrize(
    ("error", "status"),
    [
        (errors.DomainError("Bad.", "unknown_table", field="table"), 400),
        (errors.Forbidden("No."), 403),
        (errors.NotFound("Gone."), 404),
        (errors.Conflict("Taken."), 409),
        (errors.Refused("Against G5."), 422),
    ],
)
def test_each_kind_of_domain_error_has_one_status(error, status):
    problem = convert(error)
    assert problem.status_code == status
    assert (problem.code, str(problem.detail), problem.field) == (error.code, str(error.detail), error.field)


def test_an_apps_error_takes_the_status_of_its_kind():
    assert [convert(e).status_code for e in (ScoreConflict(), RuleRefused(), NotAllowed(), Missing())] == [
        409,
        422,
        403,
        404,
    ]


def test_a_domain_error_knows_no_http():
    assert not hasattr(errors.Conflict(), "status_code")
    assert set(STATUS) == {
        errors.DomainError,
        errors.Forbidden,
        errors.NotFound,
        errors.Conflict,
        errors.Refused,
    }


def test_extra_members_and_field_errors_reach_the_problem():
    error = RuleRefused("No.", "wrong_level", field="level", extra={"expected": "5"})
    problem = convert(error)
    assert problem.extra == {"expected": "5"}
    assert problem.code == "wrong_level"


@pytest.mark.parametrize("path", SERVICES, ids=lambda p: str(p.relative_to(ROOT)))
def test_services_raise_domain_errors_not_http_problems(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "core.problems" not in imported


def test_services_are_found():
    assert len(SERVICES) > 10
