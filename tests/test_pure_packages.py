"""The rules engine, the draw systems, the scoring methods and the ranking are pure Python:
nothing in them imports Django or DRF, so their tests need no database."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("referee/games", "referee/penalties", "tournaments/draws", "scoring/methods", "scoring/ranking")
MODULES = [path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))]
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


def test_every_pure_package_is_found():
    assert all(any(str(path.relative_to(ROOT)).startswith(p) for path in MODULES) for p in PACKAGES)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_pure_module_imports_no_django(path):
    assert not {name for name in _imports(path) if name.split(".")[0] in FORBIDDEN}
