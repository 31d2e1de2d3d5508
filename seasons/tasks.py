"""The club's ratings, recomputed in the background after its results change (docs/ratings.md).

Coalesced per club as the standings are per event (scoring.tasks): a change queues a recomputation
only when none is pending for the club (a cache ``add``, atomic in Redis), and the task clears the
mark as it starts, so whatever is confirmed after that start is covered by the next one. A busy
evening of confirmations thus keeps one recomputation running and one pending at most. The task
replays everything from the results, so running it twice is harmless (seasons.services.ratings).
The same task keeps the club's series placings stored at their events' results versions.
"""

from __future__ import annotations

from celery import shared_task

from core.coalesce import queue_once, started
from seasons.placings import fresh_placings
from seasons.services.ratings import recompute
from tournaments.models import Event

#: How long a queued recomputation holds its club's "pending" mark at most: a task the broker lost
#: frees the club for the next change after this.
PENDING_SECONDS = 5 * 60


def _pending_key(club_id: int) -> str:
    return f"seasons:ratings:pending:{club_id}"


def queue_ratings_refresh(club_id: int) -> bool:
    """Queue ``ratings_refresh`` for the club unless one is pending already; True when queued."""
    return queue_once(ratings_refresh, _pending_key(club_id), club_id, pending_seconds=PENDING_SECONDS)


@shared_task(name="seasons.ratings_refresh")
def ratings_refresh(club_id: int) -> int:
    """Rate the club's members again from all its confirmed results; the matches rated. The stored
    placings of the club's events in a series are brought up to date too (seasons.placings), so
    that a series' reader finds them stored instead of ranking the events that changed itself."""
    started(_pending_key(club_id))
    rated = recompute(club_id)
    fresh_placings(Event.objects.filter(club_id=club_id, series_entries__isnull=False).distinct())
    return rated
