"""Teams of four in duplicate (docs/duplicate.md "Teams of four"). Pure.

A team is two pairs. In a match of team A against team B, A's first pair sits NS at the first
table and its second pair EW at the second; B's pairs take the other seats. Both tables play the
same deals. A deal's team score is the sum of its two pairs' scores (each a direction's points less
the other side's, ``engine.duplicate.scoring``), so a deal where both tables finish the same way is
a push (0). The match is won by the higher total; with ``comparison="difference"`` each deal's
swing is read off the difference scale first (as bridge teams score IMPs). Ties are a draw.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.duplicate.scoring import COMPARISONS, DIFFERENCE_SCALE, direction_score, scale
from engine.errors import BadInput
from engine.seats import Side


@dataclass(frozen=True, slots=True)
class TeamDeal:
    """One deal of a team match: A's swing (+: A gained), unscaled and as the match counts it."""

    number: int
    swing: int
    counted: float


@dataclass(frozen=True, slots=True)
class TeamMatch:
    deals: tuple[TeamDeal, ...]
    a_total: float
    b_total: float

    @property
    def winner(self) -> str | None:
        """ "A", "B", or None for a drawn match."""
        if self.a_total == self.b_total:
            return None
        return "A" if self.a_total > self.b_total else "B"


def team_deal(first: Mapping[Side, int], second: Mapping[Side, int]) -> int:
    """A's swing on one deal: its NS pair's score at the first table plus its EW pair's at the second."""
    return direction_score(first, Side.NS) + direction_score(second, Side.EW)


def team_match(
    deals: Sequence[tuple[int, Mapping[Side, int], Mapping[Side, int]]],
    *,
    comparison: str = "matchpoints",
    table: Sequence[tuple[int, int]] = DIFFERENCE_SCALE,
) -> TeamMatch:
    """A team match from its deals: (number, the first table's points, the second's). Only deals
    both tables played count."""
    if comparison not in COMPARISONS:
        raise BadInput("invalid_choice", "comparison must be matchpoints or difference.", field="comparison")
    scored = []
    a = b = 0.0
    for number, first, second in deals:
        swing = team_deal(first, second)
        counted = float(scale(swing, table)) if comparison == "difference" else float(swing)
        scored.append(TeamDeal(number=number, swing=swing, counted=counted))
        if counted > 0:
            a += counted
        else:
            b -= counted
    return TeamMatch(deals=tuple(scored), a_total=a, b_total=b)
