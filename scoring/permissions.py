"""Permission checks of scorekeeping and standings, registered by name (core.permissions).

- ``match.scorekeeper``: keeps the score of this match's table: an organizer, a referee, a
  scorekeeper of the event (limited to some tables: one of them), or the table's token.
- ``event.results``: reads results: the event's staff, or anyone once the event is public and
  publishes its results.
- ``event.standings``: the same with the event's ``publish_standings``.
"""

from __future__ import annotations

from enum import StrEnum

from core.permissions import register_check
from scoring.actors import actor_of
from tournaments.permissions import is_staff


def results_visible(request, event) -> bool:
    return is_staff(request, event) or (event.is_public and event.publish_results)


def standings_visible(request, event) -> bool:
    return is_staff(request, event) or (event.is_public and event.publish_standings)


class ScoringPermission(StrEnum):
    """The scoring app's permission names (registered below)."""

    SCOREKEEPER = "match.scorekeeper"
    RESULTS = "event.results"
    STANDINGS = "event.standings"


register_check(
    ScoringPermission.SCOREKEEPER,
    lambda r, v, o: actor_of(r, v.get_event()).keeps(v.get_match()),
    table_token=True,
)
register_check(ScoringPermission.RESULTS, lambda r, v, o: results_visible(r, v.get_event()), anonymous=True)
register_check(
    ScoringPermission.STANDINGS, lambda r, v, o: standings_visible(r, v.get_event()), anonymous=True
)
