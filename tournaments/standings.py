"""What the draws and the qualification read of the standings (G9, G10 → G11).

The standings are the scoring app's, which stands above this one (its results point at these
matches): a Swiss draw needs each pair's points and "top N go to the next stage" needs the ranking,
so the scoring app hands them over at start-up (``ScoringConfig.ready`` registers its selectors
here) instead of the draw importing the layer above it, as Tabbycat's draw manager is handed its
standings.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from core.hooks import Hook


@dataclass(frozen=True)
class Standings:
    #: ``(event, *, before=None, only=None)`` → each pair's match points (G9) from the rounds numbered
    #: below ``before`` (Swiss pairing) or from round ``only`` (table movement).
    points: Callable[..., dict[int, float]]
    #: ``(event, *, upto=None)`` → the standings table as of round ``upto`` (G10), ``rows`` best first.
    table: Callable[..., dict[str, Any]]


HOOK: Hook[Standings] = Hook("standings", filled_by="scoring")


def register(standings: Standings) -> None:
    """Make ``standings`` what the draws read (the scoring app, at start-up)."""
    HOOK.register(standings)


def standings() -> Standings:
    return HOOK.get()
