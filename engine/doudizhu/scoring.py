"""Points of one Dou Dizhu deal (docs/rules/doudizhu.md D8).

The winning side scores the bid (1, 2 or 3; 1 for a forced landlord), +1 when a landlord who
opened with 3 (头撂) wins. With ``bomb_doubling`` every bomb played doubles that, and with
``spring_doubling`` a spring (春天: the landlord wins and no farmer played a card) or an
anti-spring (反春: the farmers win and the landlord played only its first lead) doubles it
once more. Each player of the winning side is credited the points; the losers score 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.doudizhu.bidding import Party
from engine.doudizhu.profiles import STANDARD, RuleProfile
from engine.seats import Seat


@dataclass(frozen=True, slots=True)
class DealScore:
    """The points of one deal: ``points`` to each seat of ``winner`` (``seats``), 0 to the others."""

    winner: Party
    base: int
    multiplier: int
    points: int
    seats: Mapping[Seat, int]

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner.value,
            "base": self.base,
            "multiplier": self.multiplier,
            "points": self.points,
            "seats": {seat.value: n for seat, n in self.seats.items()},
        }


def score_deal(
    *,
    landlord: Seat,
    seats: Iterable[Seat],
    bid: int,
    opening_three: bool,
    landlord_won: bool,
    bombs: int = 0,
    spring: bool = False,
    profile: RuleProfile = STANDARD,
) -> DealScore:
    """D8: the points of a finished deal to each seat.

    ``bombs`` is the number of bombs (the four jokers included) played in the deal; ``spring``
    whether it was a spring or an anti-spring for the winner (``DealState.spring``).
    """
    base = bid + (profile.opening_three_bonus if opening_three and landlord_won else 0)
    multiplier = 1
    if profile.bomb_doubling:
        multiplier *= 2**bombs
    if profile.spring_doubling and spring:
        multiplier *= 2
    points = base * multiplier
    winner = Party.LANDLORD if landlord_won else Party.FARMERS
    return DealScore(
        winner=winner,
        base=base,
        multiplier=multiplier,
        points=points,
        seats={seat: points if (seat == landlord) == landlord_won else 0 for seat in seats},
    )
