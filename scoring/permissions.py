"""Permission checks of scorekeeping and standings, registered by name (core.permissions).

- ``match.scorekeeper``: keeps the score of this match's table: an organizer, a referee, a
  scorekeeper of the event (limited to some tables: one of them), or the table's token.
- ``event.results``: reads results: the event's staff, or anyone once the event is public and
  publishes its results.
- ``event.standings``: the same with the event's ``publish_standings``.
"""

from __future__ import annotations

from core.permissions import register_check
from scoring.actors import actor_of
from tournaments.permissions import is_staff


def results_visible(request, event) -> bool:
    return is_staff(request, event) or (event.is_public and event.publish_results)


def standings_visible(request, event) -> bool:
    return is_staff(request, event) or (event.is_public and event.publish_standings)


register_check("match.scorekeeper", lambda r, v, o: actor_of(r, v.get_event()).keeps(v.get_match()))
register_check("event.results", lambda r, v, o: results_visible(r, v.get_event()), anonymous=True)
register_check("event.standings", lambda r, v, o: standings_visible(r, v.get_event()), anonymous=True)
