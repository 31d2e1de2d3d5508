"""Thin views (issue 10): in scoring/ and referee/, a view reads through a selector and writes
through a service. No view module touches a model manager (``Model.objects``, but for the
``.none()`` an OpenAPI inspection gets) nor saves, creates, updates or deletes a row itself."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VIEWS = sorted(
    [
        *(ROOT / "scoring/views").glob("*.py"),
        ROOT / "referee/incidents/views.py",
        ROOT / "referee/api/views.py",
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


def test_the_check_finds_a_view_that_saves_or_queries_itself():
    source = "def perform_create(self, s):\n    s.save(event=1)\n    Match.objects.filter(pk=1)\n"
    assert sorted(offences(source)) == ["line 2: s.save()", "line 3: Match.objects"]
