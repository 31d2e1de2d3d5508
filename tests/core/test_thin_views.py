"""Thin views (issue 10): in tournaments/, scoring/, referee/ and seasons/, a view reads through a
selector and writes through a service. No view module touches a model manager (``Model.objects``, but for the
``.none()`` an OpenAPI inspection gets) nor saves, creates, updates or deletes a row itself.

The public pages (``scoring/pages/``: the views and the data and print helpers they call) are views
too: they read through the same selectors and import nothing from the API's view modules."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VIEWS = sorted(
    [
        *(ROOT / "tournaments/views").glob("*.py"),
        *(ROOT / "scoring/views").glob("*.py"),
        ROOT / "referee/incidents/views.py",
        ROOT / "referee/api/views.py",
        *(ROOT / "scoring/pages").glob("*.py"),
        *(ROOT / "seasons/views").glob("*.py"),
        *(ROOT / "seasons/pages").glob("*.py"),
    ]
)
WRITES = {
    "save",
    "delete",
    "create",
    "bulk_create",
    "get_or_create",
    "update_or_create",
    "update",
    "bulk_update",
}


def offences(source: str) -> list[str]:
    found = []
    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "objects":
            parent = parents.get(node)
            if not (isinstance(parent, ast.Attribute) and parent.attr == "none"):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in WRITES:
            found.append(f"line {node.lineno}: {ast.unparse(node.func)}()")
    return found


@pytest.mark.parametrize("path", VIEWS, ids=lambda p: str(p.relative_to(ROOT)))
def test_views_read_through_selectors_and_write_through_services(path):
    assert offences(path.read_text(encoding="utf-8")) == []


def view_imports(source: str) -> list[str]:
    """The project's view modules (``app.views``, ``app.views.*``) a module imports from."""
    modules = [node.module or "" for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ImportFrom)]
    ours = [name for name in modules if (ROOT / name.split(".")[0] / "__init__.py").exists()]
    return [name for name in ours if name.endswith(".views") or ".views." in name]


@pytest.mark.parametrize("path", sorted((ROOT / "scoring/pages").glob("*.py")), ids=lambda p: p.name)
def test_page_code_reads_through_selectors_not_view_modules(path):
    assert view_imports(path.read_text(encoding="utf-8")) == []


def test_the_check_finds_page_code_reading_through_a_view_module():
    source = (
        "from django.contrib.auth.views import redirect_to_login\n"
        "from tournaments.views.base import visible_events\n"
        "from scoring.selectors import results\n"
    )
    assert view_imports(source) == ["tournaments.views.base"]


def test_the_check_finds_a_view_that_saves_or_queries_itself():
    source = "def perform_create(self, s):\n    s.save(event=1)\n    Match.objects.filter(pk=1)\n"
    assert sorted(offences(source)) == ["line 2: s.save()", "line 3: Match.objects"]
