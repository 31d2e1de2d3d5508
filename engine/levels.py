"""What the level games share (Guandan G2, G8, G12; Shuangkou S8): a level's code as the API writes
it (``format_level``, ``parse_level``), and a referee's level change, which a scoresheet that
takes them folds between deals (``MatchSheet.change``). Pure Python."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards import ACE, RANK_CODES
from engine.errors import BadInput
from engine.seats import Side

LEVEL_A = ACE
PASSED_A = 15  # G8: passing A (过A) counts as 15
#: Every level as the API writes it: ``2`` … ``10``, ``J``, ``Q``, ``K``, ``A``, and ``A+`` past A.
LEVEL_CODES = {**{r: ("10" if r == 10 else c) for r, c in RANK_CODES.items()}, PASSED_A: "A+"}


_LEVEL_FROM_CODE = {v: k for k, v in LEVEL_CODES.items()} | {"T": 10}


def format_level(level: int) -> str:
    return LEVEL_CODES[level]


def parse_level(value: object, *, allow_passed: bool = False, field: str = "level") -> int:
    """Parse a level: ``2``-``10``, ``J``, ``Q``, ``K``, ``A`` (``T`` too); ``A+`` when allowed."""
    text = str(value).strip().upper()
    level = _LEVEL_FROM_CODE.get(text)
    if level is None or (level == PASSED_A and not allow_passed):
        raise BadInput("unknown_level", f"Unknown level {value!r}; use 2-10, J, Q, K or A.", field=field)
    return level


@dataclass(frozen=True, slots=True, kw_only=True)
class LevelChange:
    """A referee's level change for a side (G12: a hidden card puts the opponents up a level and on
    stage; a club's table moves levels for lateness or slow play). ``label`` is returned in the level
    line, so that the caller can tell which of its records made the entry."""

    side: Side
    amount: int
    on_stage: bool = False
    label: Any = None
