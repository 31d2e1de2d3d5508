"""The rules engine, the draw systems, the scoring methods and the ranking are pure Python:
nothing in them imports Django or DRF, so their tests need no database.

The draws go further: they import nothing of the project but themselves (no model, service or
selector can creep in through a helper), and no third-party package but the matching libraries.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "tournaments/draws")
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


def _project_imports(path: Path) -> set[str]:
    """Imports of ``path`` from this project's top-level packages, relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(ROOT).parent.parts)
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            names.add(".".join(part for part in (base, node.module or "") if part))
    return names


DRAWS = sorted((ROOT / "tournaments/draws").rglob("*.py"))
# What the draws may import beside the standard library and themselves: the matching libraries, and
# the engine's lots (the bottom layer).
DRAWS_MAY_IMPORT = {"rustworkx", "networkx"}
DRAWS_MAY_IMPORT_OF_THE_PROJECT = {"engine.lots"}


@pytest.mark.parametrize("path", DRAWS, ids=lambda p: str(p.relative_to(ROOT)))
def test_draws_import_only_themselves_the_standard_library_and_the_matching_libraries(path):
    import sys

    outside = {
        name
        for name in _project_imports(path)
        if not name.startswith("tournaments.draws")
        and name not in DRAWS_MAY_IMPORT_OF_THE_PROJECT
        and name.split(".")[0] not in sys.stdlib_module_names
        and name.split(".")[0] not in DRAWS_MAY_IMPORT
    }
    assert not outside


def test_every_pure_package_is_found():
    assert all(any(str(path.relative_to(ROOT)).startswith(p) for path in MODULES) for p in PACKAGES)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_pure_module_imports_no_django(path):
    assert not {name for name in _imports(path) if name.split(".")[0] in FORBIDDEN}
