"""One thing is called ``Problem`` (issue 10): core.problems.Problem, the API exception that renders
problem+json. No other class or alias of the apps is named ``…Problem``: a domain error says what
it is (``RegistrationRefused``, ``ScoreConflict``, ``RuleRefused``)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("core", "referee", "scoring", "tournaments")


def problem_names(source: str) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            names.append(node.name)
        elif isinstance(node, ast.Assign):
            names += [target.id for target in node.targets if isinstance(target, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
    return [name for name in names if name.lstrip("_").endswith("Problem")]


def test_only_core_problems_defines_a_problem():
    found = {
        str(path.relative_to(ROOT)): names
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts and (names := problem_names(path.read_text(encoding="utf-8")))
    }
    assert found == {"core/problems.py": ["Problem"]}


def test_the_check_finds_a_domain_error_named_problem():
    assert problem_names("class RegistrationProblem(Problem):\n    pass\n_Problem = tuple\n") == [
        "RegistrationProblem",
        "_Problem",
    ]
