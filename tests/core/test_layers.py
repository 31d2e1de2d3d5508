"""The layers point down (docs/index.md "How it is built"; the contracts are [tool.importlinter] in
pyproject.toml, checked by ``lint-imports``): config, the desks, the referee app beside the seasons, scoring,
tournaments, then core and the engines.

Core depends on nothing above it: no module of ``core`` imports an app or the project's config.
Apps plug into core instead (their messages, exception converters and permission checks are
registered in ``AppConfig.ready``). Lazy imports inside functions count too, and there are none: no
project import hides in a function to dodge a circle, and no package or subpackage imports run in a
circle. The games' registry imports the games, and no game imports the registry.
"""

from __future__ import annotations

import ast
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("config", "adapters", "core", "engine", "desk", "referee", "tournaments", "scoring", "seasons")
PROJECT = sorted(path for package in PACKAGES for path in (ROOT / package).rglob("*.py"))
#: The pure package filed under an app (the ``pure`` contract: no Django, so nothing of the apps): the
#: draws, a node of their own among the top-level packages (they import only the engine's lots).
PURE = ("tournaments.draws",)
ABOVE_CORE = ("desk", "referee", "tournaments", "scoring", "seasons", "adapters", "config", "bench")
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


def imports_in_functions(path: Path, root: Path = ROOT) -> set[str]:
    """The project modules ``path`` imports inside a function or method, but for ``ready`` in an
    apps.py: Django's hook to import what needs the loaded app registry (models, signal receivers,
    registrations), and the place where an app plugs into the layers below it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(root).parent.parts)
    found = set()
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if path.name == "apps.py" and function.name == "ready":
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = package.rsplit(".", node.level - 1)[0] if node.level else ""
                found.add(".".join(part for part in (base, node.module or "") if part))
    return {name for name in found if name.split(".")[0] in PACKAGES}


@pytest.mark.parametrize("path", PROJECT, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_project_import_hides_in_a_function(path):
    name = str(path.relative_to(ROOT))
    assert imports_in_functions(path) == set(), name


def test_the_check_finds_an_import_in_a_method_but_not_in_an_apps_ready(tmp_path):
    source = "class C:\n    def ready(self):\n        from scoring.models import Deal\n        import json\n"
    (tmp_path / "core").mkdir()
    for name in ("views.py", "apps.py"):
        (tmp_path / "core" / name).write_text(source, encoding="utf-8")
    assert imports_in_functions(tmp_path / "core/views.py", tmp_path) == {"scoring.models"}
    assert imports_in_functions(tmp_path / "core/apps.py", tmp_path) == set()


def circles(edges: set[tuple[str, str]]) -> list[set[str]]:
    """The strongly connected components of more than one node (Tarjan's algorithm)."""
    graph: dict[str, set[str]] = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_circles_are_found():
    assert circles({("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")}) == [{"a", "b", "c"}]
    assert circles({("a", "b"), ("b", "c")}) == []


@pytest.fixture(scope="module")
def graph():
    found = grimp.build_graph(*PACKAGES, cache_dir=None)
    assert "scoring.rulings" in found.modules  # this tree's modules, not an installed copy
    return found


def test_no_package_or_subpackage_imports_run_in_a_circle(graph):
    """Within each package (and among the top-level ones), its modules and subpackages, each taken as
    one node with everything under it, import one another without a circle."""
    modules = set(graph.modules)
    imports = [
        (importer, imported)
        for importer in modules
        for imported in graph.find_modules_directly_imported_by(importer)
    ]
    parents = {None, *(module.rsplit(".", 1)[0] for module in modules if "." in module)}
    found = {}
    for parent in parents:
        children = [m for m in modules if (m.rsplit(".", 1)[0] if "." in m else None) == parent]
        if parent is None:
            children += PURE

        def node(module: str, children=children) -> str | None:
            owners = [c for c in children if module == c or module.startswith(c + ".")]
            return max(owners, key=len) if owners else None

        edges = {(node(a), node(b)) for a, b in imports}
        edges = {(a, b) for a, b in edges if a and b and a != b}
        if circle := circles(edges):
            found[parent or "<top>"] = circle
    assert found == {}
