"""How a malformed referee question becomes a problem (registered in ``RefereeConfig.ready``).

The engine raises ``EngineError`` with a stable code and, often, the field it is about, written
as the engine writes it (``plays[3].cards``); the API writes fields as dotted paths
(``plays.3.cards``). A ``RuleViolation`` never gets here: it is a 200 verdict, not an error.
"""

from __future__ import annotations

import re

from core.problems import Problem
from engine.errors import EngineError

_INDEX = re.compile(r"\[(\d+)\]")


def engine_problem(exc: BaseException) -> Problem | None:
    """A ``400`` problem for the engine's error, its one field error carrying the same code."""
    if not isinstance(exc, EngineError):
        return None
    field = _INDEX.sub(r".\1", exc.field) if exc.field else None
    return Problem(exc.detail, exc.code, errors=[{"field": field, "code": exc.code, "message": exc.detail}])
