"""What a draw reads of the club's ratings when an event seeds its first round by them (docs/ratings.md).

The ratings are the seasons app's, which stands above this one: it registers its reader at start-up
(``SeasonsConfig.ready``), as the scoring app registers the standings (tournaments.standings), so the
draw never imports the layer above it. Nothing reads a rating unless the event opts in
(``Event.seed_by_rating``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from core.hooks import Hook

#: ``(event, pair_ids)`` → each pair's strength by its players' club ratings (higher is stronger).
Strengths = Callable[..., dict[int, float]]

HOOK: Hook[Strengths] = Hook("ratings", filled_by="seasons")


def register(strengths: Strengths) -> None:
    """Make ``strengths`` what the draws read (the seasons app, at start-up)."""
    HOOK.register(strengths)


def pair_strengths(event, pair_ids: Sequence[int]) -> dict[int, float]:
    return HOOK.get()(event, pair_ids)
