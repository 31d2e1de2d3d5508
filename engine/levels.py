"""What the level games share (Guandan G2, G8, G12; Shuangkou S8): a level's code as the API writes
it, and a referee's level change, which a scoresheet that takes them folds between deals
(``MatchSheet.change``). Pure Python."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards import ACE, RANK_CODES
from engine.seats import Side

LEVEL_A = ACE
PASSED_A = 15  # G8: passing A (过A) counts as 15
#: Every level as the API writes it: ``2`` … ``10``, ``J``, ``Q``, ``K``, ``A``, and ``A+`` past A.
LEVEL_CODES = {**{r: ("10" if r == 10 else c) for r, c in RANK_CODES.items()}, PASSED_A: "A+"}


def format_level(level: int) -> str:
    return LEVEL_CODES[level]


@dataclass(frozen=True, slots=True, kw_only=True)
class LevelChange:
    """A referee's level change for a side (G12: a hidden card puts the opponents up a level and on
    stage; a club's table moves levels for lateness or slow play). ``label`` is returned in the level
    line, so that the caller can tell which of its records made the entry."""

    side: Side
    amount: int
    on_stage: bool = False
    label: Any = None
