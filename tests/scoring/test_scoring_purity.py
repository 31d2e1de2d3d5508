"""Scoring methods and standings are pure Python (STYLE.md 1, 4): nothing under scoring/methods
or scoring/ranking imports Django or DRF, so their tests need no database."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SCORING = Path(__file__).resolve().parents[2] / "scoring"
PURE = [path for package in ("methods", "ranking") for path in sorted((SCORING / package).rglob("*.py"))]
FORBIDDEN = ("django", "rest_framework")


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def test_scoring_pure_packages_are_found():
    assert {path.parent.name for path in PURE} == {"methods", "ranking"}


@pytest.mark.parametrize("path", PURE, ids=lambda p: str(p.relative_to(SCORING)))
def test_scoring_module_imports_no_django(path):
    assert not {name for name in _imports(path) if name.split(".")[0] in FORBIDDEN}
