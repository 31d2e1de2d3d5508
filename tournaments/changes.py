"""The one write path of an event's derived state (issue 36, "One owner for a match's derived state").

Every writer of an event's rows — the tournaments services (registration, imports, the event's
settings, rounds and their draws, tables, substitutes, merges), the admin, and above this layer the
scoring and referee services (``scoring.services.changes.record``) — says once, in its transaction,
what it changed: ``changed(event, …)``. The writer knows what it wrote, so it says whether the change
reaches what the standings show (``shows``); no model signal guesses it afterwards. Nothing else
moves an event's stamps (``tournaments.gate``):

- ``rows`` (the default): the event or one of its units, players, pairs or rounds was written or
  deleted. The event's stamp moves once the change commits (``gate.moved``: no kept event row is
  read again), and the subscribers move its ``results_version`` (the cache generation of what is
  shown of the event: scoring's);
- ``shows``: with it the standings a club website reads changed (a pair renamed, withdrawn or
  reinstated, a bye published, the event's standings settings, a result): the subscribers tell them
  (``standings.updated``), recompute the standings and the club's ratings after the commit;
- ``tables``: one of its matches was written or deleted (a draw, a result, a ruling): the stamp of
  its tables moves (``gate.tables_moved``: the public list of the tables and its ``304``);
- ``published_round``: that round was just published (the ``round.published`` webhook);
- ``members``: a player of the event was linked to another member of its club (the ratings'
  people moved);
- ``news``: what the layer above tells with the standings (its webhook events, opaque here).

The layers above this one, which it does not import, ``subscribe`` once at start-up (their
``AppConfig.ready``): scoring moves ``results_version`` and queues the webhooks and the standings'
recomputation, seasons queues the ratings. No model signal is connected to a domain model for any
of this (tests/tournaments/test_changes.py).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Model

from tournaments import gate
from tournaments.models import Event, Round


@dataclass
class Change:
    """What one writer changed of one event (``changed``'s arguments), as the subscribers hear it."""

    event_id: int
    rows: bool
    shows: bool
    tables: bool
    members: bool
    published_round: Round | None
    news: Sequence[tuple[str, dict[str, Any]]]
    known: Event | None = field(default=None, repr=False)

    @property
    def event(self) -> Event:
        """The event (the writer's instance when it gave one; else read once, when asked)."""
        if self.known is None:
            self.known = Event.objects.get(pk=self.event_id)
        return self.known


Subscriber = Callable[[Change], None]
_subscribers: list[Subscriber] = []


def subscribe(subscriber: Subscriber) -> None:
    """Hear every change (once: subscribing again changes nothing). Called at start-up by the apps
    above this layer; they are heard in the order they subscribed."""
    if subscriber not in _subscribers:
        _subscribers.append(subscriber)


def subscribers() -> tuple[Subscriber, ...]:
    return tuple(_subscribers)


def changed(
    event: Event | int,
    *,
    rows: bool = True,
    shows: bool = False,
    tables: bool = False,
    members: bool = False,
    published_round: Round | None = None,
    news: Sequence[tuple[str, dict[str, Any]]] = (),
) -> None:
    """The writer changed ``event`` (an instance, or its id) as the flags say (the module's list), in
    its transaction: the stamps move once it commits, the subscribers act in it (or queue their work
    for its commit). ``shows`` and ``news`` go with ``rows``: they are what moved ``results_version``."""
    event_id = event.pk if isinstance(event, Event) else event
    if rows:
        gate.moved(event_id)
    if tables:
        gate.tables_moved(event_id)
    change = Change(
        event_id=event_id,
        rows=rows,
        shows=rows and shows,
        tables=tables,
        members=members,
        published_round=published_round,
        news=news if rows else (),
        known=event if isinstance(event, Event) else None,
    )
    for subscriber in _subscribers:
        subscriber(change)


def differs(instance: Model, fields: Mapping[str, Any], shown: Collection[str]) -> bool:
    """Whether writing ``fields`` on ``instance`` (read from its row) changes one of ``shown``: the
    writer's test of ``shows``, made before it sets them. A relation is compared by its id."""
    for name, value in fields.items():
        if name not in shown:
            continue
        attname = getattr(instance._meta.get_field(name), "attname", name)  # a column, not a reverse relation
        new = value.pk if isinstance(value, Model) else value
        if getattr(instance, attname) != new:
            return True
    return False
