"""The one unit of work of a scoring write (issue 36, "one owner for a match's derived state").

Every deal, result and ruling writer ends here, once per change, and nothing else moves what it
moves (docs/scoring.md "The stored state" and §6):

- ``forget``: the match's derived state (``scoring.services.sheet_store``) is folded again at its
  next deal post — a correction or void of deals, a result written, a penalty or ruling changed.
  (A deal post does not forget: it stores the state after its deal, ``sheet_store.store``.)
- ``standings``: the event's ``results_version`` moves (the standings' cache generation), the
  event's stamp with it (``tournaments.gate.moved``, after commit), and the subscribers hear of it:
  ``standings.updated`` and ``news`` (webhook events, written in this transaction), the standings
  recomputed and the club's ratings refreshed after commit (``notify_standings``: scoring.tasks and
  the ``standings_changed`` receivers, registered once in their apps' ``ready``).

A write of the tournaments layer (a pair renamed, a round published, the event's settings) moves
``results_version`` through ``scoring.signals``, which calls ``notify_standings`` the same way.
"""

from __future__ import annotations

from scoring.services import sheet_store
from scoring.services.common import Happenings, move_results_version, notify_standings
from tournaments import gate
from tournaments.models import Event, Match


def record(
    match: Match | None = None,
    *,
    event: Event | None = None,
    forget: bool = True,
    standings: bool = False,
    news: Happenings = (),
) -> None:
    """What a write of ``match`` (or, without one, of ``event``) changed: its derived state forgotten
    (``forget``), and with ``standings`` the event's results_version and stamp moved and the change
    told (``news``: webhook events queued after ``standings.updated``). In the writer's transaction:
    the forgetting waits for a deal post holding the state's lock, the rest happens on commit."""
    if match is not None and forget:
        sheet_store.forget([match])
    if not standings:
        return
    event = event if event is not None else match.round.event if match is not None else None
    assert event is not None, "a change of the standings names its event"
    moved = move_results_version(event.pk)
    gate.moved(event.pk)
    if moved is not None:
        notify_standings(event, moved, news=news)
