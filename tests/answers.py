"""The answers of the API suite, recorded to compare two runs: every shortcut on and every one off
(``.ci/fast_paths``; docs/index.md "Fast paths").

With ``ANSWERS_RECORD=<folder>`` set, tests/conftest.py hands every answer of Django's test client to
``record``: each test process keeps, per test (its node id) and per request in the test's order, the
status, the media type and the body made comparable (``canonical``), and writes
``<folder>/<pid>.json`` when its session ends. ``python -m tests.answers <on> <off>`` merges each
folder and prints every answer that differs; it exits 1 when one does.

Both runs take the same test files in the same order in the same number of processes (no xdist:
its scheduling would hand a test another worker's history), so the factories' names and numbers
agree. What two runs may still differ in and say the same is masked: database ids (the values of
``id``/``pk``/``…_id`` members and the numbers of a URL path), instants (ISO 8601 times) and a
throttle's wait in seconds, random
tokens (UUIDs, long hex or URL-safe keys, a token's short prefix in ``via``); what the service draws
from ``secrets`` comes from a generator seeded by each test's name (tests/conftest.py). A test that
sent a different number of requests in the two runs is reported too.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any

FOLDER = os.environ.get("ANSWERS_RECORD")
#: {test node id: [(status, media type, canonical body), …]}, while ANSWERS_RECORD is set.
ANSWERS: dict[str, list[Any]] | None = {} if FOLDER else None

_INSTANT = re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?")
_TOKEN = re.compile(
    r"\b([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{24,}|[A-Za-z0-9_-]{32,})\b"
)
_TOKEN_PREFIX = re.compile(r"\btoken:[0-9a-f]{8}\b")
_WAIT = re.compile(r"(?<=available in )\d+(?= seconds)")  # a throttle's wait, counted from the clock
_PATH_NUMBER = re.compile(r"(?<=/)\d+(?=/|$|\?)")
_IDS = re.compile(r"^(id|pk|.*_id|.*_ids)$")
_ID_MEMBERS = frozenset(
    {
        "match",
        "deal",
        "incident",
        "ruling",
        "penalty",
        "appeal",
        "call",
        "job",
        "corrects",
        "result",
        "webhook",
        "delivery",
        "member",
        "merged_into",
        "into",
        "token",
        "user",
        "account",
        "winner",
        "winner_pair",
        "unit",
        # The foreign keys a round's and an audit entry's answers carry by their model's name.
        "stage",
        "event",
    }
)


def _text(value: str) -> str:
    value = _WAIT.sub("<n>", _TOKEN_PREFIX.sub("token:<token>", _INSTANT.sub("<instant>", value)))
    return _PATH_NUMBER.sub("<n>", _TOKEN.sub("<token>", value))


def canonical(value: Any, key: str = "") -> Any:
    """``value`` with what two runs may differ in masked (see the module's docstring)."""
    if isinstance(value, dict):
        return {
            _text(str(k)): canonical(v, str(k)) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))
        }
    if isinstance(value, list):
        return [canonical(item, key) for item in value]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int) and (_IDS.match(key) or key in _ID_MEMBERS):
        return "<id>"
    if isinstance(value, str):
        return _text(value)
    return value


def record(method: str, path: str, response) -> None:
    if ANSWERS is None:
        return
    test = os.environ.get("PYTEST_CURRENT_TEST", "?").rsplit(" ", 1)[0]
    media = (response.get("Content-Type") or "").split(";")[0]
    body: Any = None
    if media in ("application/json", "application/problem+json") and not getattr(
        response, "streaming", False
    ):
        try:
            body = canonical(json.loads(response.content or b"null"))
        except ValueError:
            body = "<not JSON>"
    ANSWERS.setdefault(test, []).append([method, _text(path), response.status_code, media, body])


def write() -> None:
    if ANSWERS is None or FOLDER is None:
        return
    folder = Path(FOLDER)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{os.getpid()}.json").write_text(json.dumps(ANSWERS))


def merged(folder: Path) -> dict[str, list[Any]]:
    answers: dict[str, list[Any]] = {}
    for file in sorted(folder.glob("*.json")):
        answers.update(json.loads(file.read_text()))
    return answers


def differences(on: dict[str, list[Any]], off: dict[str, list[Any]]) -> list[str]:
    found = []
    for test in sorted(set(on) & set(off)):
        a, b = on[test], off[test]
        if len(a) != len(b):
            found.append(f"{test}: {len(a)} requests with the shortcuts on, {len(b)} with them off")
            continue
        for index, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                found.append(f"{test} request {index + 1} {x[0]} {x[1]}:\n  on:  {x[2:]}\n  off: {y[2:]}")
    return found


def main(argv: list[str]) -> int:
    on, off = (merged(Path(folder)) for folder in argv[1:3])
    found = differences(on, off)
    compared = len(set(on) & set(off))
    answers = sum(len(on[test]) for test in set(on) & set(off))
    print(f"fast paths on and off: {compared} tests, {answers} answers compared, {len(found)} differ")
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
