"""The committed document's history against its changelog (docs/api.md "The contract").

``Changelog.parse`` reads the keys ``docs/changelog.md`` lists; ``versions`` reads every committed
version of ``docs/openapi.json`` along the first-parent history of the repository (and the working
copy, when it differs from the last); ``steps`` compares each with the one before it
(tests/contract/breaking.py says what breaks a client). ``python -m tests.contract.changelog``
(``make contract``, and the end of ``make schema``) prints the last step's changes and exits 1 while
a breaking change of any step is not listed.
"""

from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from tests.contract.breaking import Change, changes

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = Path("docs/openapi.json")
CHANGELOG = Path("docs/changelog.md")


def _entries(changelog: str) -> list[tuple[str, str]]:
    """``(entry, its words outside code spans)`` for each list item of the changelog's sections
    (``## …``: what comes before the first explains how to write them), its continuation lines
    joined to it."""
    entries: list[list[str]] = []
    current: list[str] | None = None
    _, _, sections = changelog.partition("\n## ")
    for line in sections.splitlines():
        item = re.match(r"\s*[-*] (.*)", line)
        if item:
            current = [item.group(1)]
            entries.append(current)
        elif current is not None and line.startswith(" ") and line.strip():
            current.append(line.strip())
        else:
            current = None
    texts = [" ".join(entry) for entry in entries]
    return [(text, re.sub(r"`[^`]*`", "", text)) for text in texts]


def _pattern(key: str) -> re.Pattern[str]:
    """A key as the changelog writes it: ``*`` stands for any text (``*: security tableToken no
    longer accepted``), everything else is itself."""
    return re.compile(".*".join(re.escape(part) for part in key.split("*")))


@dataclass(frozen=True)
class Changelog:
    """The keys ``docs/changelog.md`` lists (in backticks), each in an entry that says in words what
    clients must do."""

    keys: tuple[str, ...]
    unexplained: tuple[str, ...]

    @classmethod
    def parse(cls, text: str) -> Changelog:
        keys, unexplained = [], []
        for entry, prose in _entries(text):
            found = [key for key in re.findall(r"`([^`]+)`", entry) if ": " in key]
            keys += found
            if found and len(re.findall(r"[^\W\d_]{2,}", prose)) < 4:
                unexplained += found  # a key alone does not tell a client what to do
        return cls(tuple(keys), tuple(unexplained))

    def lists(self, change: Change) -> bool:
        return any(_pattern(key).fullmatch(change.key) for key in self.keys if key not in self.unexplained)


# ---- the history of the committed document ----


def _git(*arguments: str) -> str:
    return subprocess.run(["git", *arguments], cwd=ROOT, check=True, capture_output=True, text=True).stdout


def versions() -> list[tuple[str, dict]]:
    """Each committed version of the document along the first-parent history, oldest first, then
    the working copy when it differs from the last: ``(commit or "working copy", document)``. A
    version that does not parse (a commit in the middle of a conflict) is passed over."""
    found: list[tuple[str, dict]] = []
    commits = _git("log", "--first-parent", "--reverse", "--format=%H", "--", str(DOCUMENT)).split()
    for commit in commits:
        try:
            found.append((commit[:12], json.loads(_git("show", f"{commit}:{DOCUMENT}"))))
        except (subprocess.CalledProcessError, ValueError):
            continue  # deleted there, or not JSON
    working = ROOT / DOCUMENT
    if working.exists():
        current = json.loads(working.read_text(encoding="utf-8"))
        if not found or found[-1][1] != current:
            found.append(("working copy", current))
    return found


@dataclass(frozen=True)
class Step:
    """One change of the document: from the version ``before`` to ``after``, and what it changed."""

    before: str
    after: str
    changes: tuple[Change, ...]


def steps(found: Iterable[tuple[str, dict]]) -> list[Step]:
    found = list(found)
    return [
        Step(before, after, tuple(changes(old, new)))
        for (before, old), (after, new) in itertools.pairwise(found)
    ]


def unlisted(history: Iterable[Step], changelog: Changelog) -> list[tuple[Step, Change]]:
    """The breaking changes of ``history`` that the changelog does not list."""
    return [(s, c) for s in history for c in s.changes if c.breaking and not changelog.lists(c)]


def report(history: list[Step], changelog: Changelog) -> tuple[str, bool]:
    """What ``make contract`` prints, and whether the contract holds."""
    lines: list[str] = []
    missing = unlisted(history, changelog)
    for key in changelog.unexplained:
        lines.append(f"docs/changelog.md: `{key}` needs words saying what clients must do.")
    if not history:
        lines.append(f"{DOCUMENT} has no earlier version to compare with.")
    else:
        last = history[-1]
        lines.append(f"The last change of {DOCUMENT} ({last.before} → {last.after}):")
        for change in last.changes or ():
            mark = "breaking" if change.breaking else "        "
            listed = " (listed)" if change.breaking and changelog.lists(change) else ""
            lines.append(f"  {mark}  `{change.key}`{listed}")
        if not last.changes:
            lines.append("  nothing a client is built from")
    if missing:
        lines.append("")
        lines.append(f"Breaking changes that {CHANGELOG} does not list (add each with what clients do):")
        for step, change in missing:
            lines.append(f"  - `{change.key}`  ({step.before} → {step.after})")
    return "\n".join(lines), not missing and not changelog.unexplained


def main() -> int:
    history = steps(versions())
    text, holds = report(history, Changelog.parse((ROOT / CHANGELOG).read_text(encoding="utf-8")))
    print(text)
    return 0 if holds else 1


if __name__ == "__main__":
    sys.exit(main())
