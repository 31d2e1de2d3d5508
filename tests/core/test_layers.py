"""Core depends on nothing above it: no module of ``core`` imports an app or the project's config.

Apps plug into core instead (their messages, exception converters and permission checks are
registered in ``AppConfig.ready``). Lazy imports inside functions count too. The games' registry
imports the games, and no game imports the registry.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ABOVE_CORE = ("referee", "tournaments", "scoring", "config", "bench")
CORE = sorted((ROOT / "core").rglob("*.py"))


def imported(path: Path) -> set[str]:
    package = ".".join(path.relative_to(ROOT).parent.parts)
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(part for part in (base, node.module or "") if part)
            names.add(module)
            names |= {f"{module}.{alias.name}" for alias in node.names}
    return names


@pytest.mark.parametrize("path", CORE, ids=lambda p: str(p.relative_to(ROOT)))
def test_core_imports_nothing_above_it(path):
    assert not {name for name in imported(path) if name.split(".")[0] in ABOVE_CORE}


def test_the_request_id_and_the_problems_do_not_import_each_other():
    assert not {n for n in imported(ROOT / "core/request_id.py") if n.startswith("core.")}
    assert "core.middleware" not in imported(ROOT / "core/problems.py")


@pytest.mark.parametrize("game", ["guandan", "doudizhu", "daguai", "shuangkou"])
def test_no_game_imports_the_games_registry(game):
    package = ROOT / "engine" / game
    assert not any("engine.registry" in imported(path) for path in package.rglob("*.py"))


def test_the_engine_errors_reach_the_api_through_a_registered_converter():
    from core.problems import CONVERTERS, convert
    from engine.errors import BadInput
    from referee.api.problems import engine_problem

    assert engine_problem in CONVERTERS
    problem = convert(BadInput("unknown_card", "Unknown card 'X9'.", field="plays[2].cards"))
    assert (problem.status_code, problem.code) == (400, "unknown_card")
    assert problem.errors == [
        {"field": "plays.2.cards", "code": "unknown_card", "message": "Unknown card 'X9'."}
    ]
