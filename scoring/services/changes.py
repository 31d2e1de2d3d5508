"""The one unit of work of a scoring write (issue 36, "one owner for a match's derived state"), and
scoring's part in every change of an event (``hear``, subscribed to ``tournaments.changes``).

Every deal, result and ruling writer ends here, once per change, and nothing else moves what it
moves (docs/scoring.md "The stored state" and §6):

- ``forget``: the match's derived state (``scoring.services.sheet_store``) is folded again at its
  next deal post — a correction or void of deals, a result written, a penalty or ruling changed.
  (A deal post does not forget: it stores the state after its deal, ``sheet_store.store``.)
- ``tables``: the match's row was written (its status, winner or pairs): the stamp of the event's
  tables moves;
- ``standings``: what the standings show changed: the event's stamp and ``results_version`` move and
  the subscribers hear of it, with ``news`` (webhook events queued after ``standings.updated``).

The stamps and ``results_version`` move in one function, ``tournaments.changes.changed``, which every
writer of the tournaments layer calls too (a pair renamed, a round published, the event's settings).
Its subscriber here, ``hear``, moves ``results_version`` and tells the club websites.
"""

from __future__ import annotations

from scoring.services import sheet_store
from scoring.services.common import Happenings, move_results_version, notify_standings
from scoring.tasks import queue_event
from tournaments.changes import Change, changed
from tournaments.models import Event, Match


def record(
    match: Match | None = None,
    *,
    event: Event | None = None,
    forget: bool = True,
    tables: bool = False,
    standings: bool = False,
    news: Happenings = (),
) -> None:
    """What a write of ``match`` (or, without one, of ``event``) changed: its derived state forgotten
    (``forget``), its row written (``tables``), and with ``standings`` the event's results_version and
    stamp moved and the change told (``news``: webhook events queued after ``standings.updated``). In
    the writer's transaction: the forgetting waits for a deal post holding the state's lock, the rest
    happens on commit."""
    if match is not None and forget:
        sheet_store.forget([match])
    if not standings and not tables:
        return
    # The standings' subscribers need the event (its slug, its club); the tables' stamp only its id.
    told: Event | int
    if event is not None:
        told = event
    else:
        assert match is not None, "a change names its event"
        told = match.round.event if standings else match.round.event_id
    changed(told, rows=standings, shows=standings, tables=tables, news=news)


def hear(change: Change) -> None:
    """Scoring's part in a change of an event (subscribed at start-up, scoring.apps): its rows
    changed, so its ``results_version`` moves (one ``UPDATE … + 1``; nothing when the event is gone);
    what the standings show changed, so the club websites are told (``standings.updated``, in this
    transaction) and the standings recomputed after it; a round published, so they get its pairings
    (``round.published``, after ``standings.updated``), and its matches their state rows
    (``sheet_store.prepare``)."""
    if change.rows:
        moved = move_results_version(change.event_id)
        if moved is not None and change.shows:
            notify_standings(change.event, moved, news=change.news)
    published = change.published_round
    if published is not None:
        sheet_store.prepare(published.pk)
        event = change.event
        queue_event(
            event,
            "round.published",
            {
                "round": published.number,
                "pairings": f"/api/v1/events/{event.slug}/matches/?round={published.number}",
            },
        )
