"""An anonymous reader's event row, kept in the shared cache between two changes of the event (issue 21).

A club website polling the standings with its ``ETag`` costs what reading the event costs: the
304 needs the event's visibility and its ``results_version`` (scoring.views.standings), and that
one SQL query was half of the request. With a cache shared by every process (Redis:
``EVENT_GATE_CACHE``, on by default whenever ``CACHE_URL`` names one) the row is kept there and
checked against the event's **stamp**, a cache counter that every change of the event moves once
its transaction has committed (``moved``: every change of the event's rows, with its bump of
``results_version``; only ``tournaments.changes.changed`` calls it).

Why a reader never keeps a stale row: it reads the stamp *before* the row, and files the row under
that stamp. A change committed before the row was read is in the row; one committed after moves
the stamp past the one the row is filed under, so nobody takes that row again. Between a commit
and its stamp's move (a moment, in the same process) a reader is answered as if it had asked a
moment earlier. A stamp that leaves the cache comes back as a new random number, never an old one;
a kept row also expires after ``GATE_SECONDS``, bounding what a process dying between its commit
and its move could leave behind.

The event's tables have a stamp of their own (``tables_stamp``), which every write of a match
moves: the public list of the tables is then answered, and its ``304`` too, without reading them.

Each process's own memory (``LocMemCache``, the default without ``CACHE_URL``) cannot see
another process's move, so there the row is read from the database every time, as before.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Sequence
from functools import cache as cache_for_process

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from core.fast import read_ahead

GATE_SECONDS = 300
STAMP_SECONDS = 7 * 24 * 60 * 60
_ROW = "event-gate:row"
_STAMP = "event-gate:stamp"

Rows = Callable[[], Sequence[tuple]]


def _stamp_key(event_id: int) -> str:
    return f"{_STAMP}:{event_id}"


@cache_for_process
def _fields_id(fields: tuple[str, ...]) -> str:
    # A short name for the columns read: a key of every column name would pass memcached's 250.
    return hashlib.blake2s(",".join(fields).encode(), digest_size=6).hexdigest()


def _row_key(slug: str, fields: tuple[str, ...]) -> str:
    return f"{_ROW}:{slug}:{_fields_id(fields)}"


def _new_stamp() -> int:
    # Random, not counted from zero: a stamp that left the cache must never come back as a value
    # some kept row is filed under.
    return secrets.randbits(62)


def _stamp(event_id: int) -> int:
    return _stamp_at(_stamp_key(event_id))


def _stamp_at(key: str, found: dict | None = None) -> int:
    """The stamp under ``key`` (``found``: what was read of it already), made when there is none."""
    stamp = cache.get(key) if found is None else found.get(key)
    if stamp is None:
        cache.add(key, _new_stamp(), STAMP_SECONDS)
        stamp = cache.get(key)
    return stamp


#: Which event each slug named when last read, in this process: the row and the event's stamp are
#: then read in one round trip. Only a hint: a row is checked against its own event's stamp.
_event_of: dict[str, int] = {}
_EVENTS_REMEMBERED = 10_000


def kept_row(slug: str, fields: tuple[str, ...], read: Rows) -> tuple | None:
    """The row ``read()`` gives (``fields`` of the event called ``slug``, ``id`` among them), from the
    cache while the event's stamp has not moved; None when there is no such event (not kept)."""
    if not settings.EVENT_GATE_CACHE:
        rows = read()
        return rows[0] if rows else None
    key, where = _row_key(slug, fields), fields.index("id")
    event_id = _event_of.get(slug)
    if event_id is not None:
        found = read_ahead.get_many([key, _stamp_key(event_id)])
        kept, stamp = found.get(key), found.get(_stamp_key(event_id))
        if kept is not None and stamp is not None and kept[0] == stamp and kept[1][where] == event_id:
            return kept[1]
    else:
        rows = read()  # which event the slug names: its stamp is read before the row that is kept
        if not rows:
            return None
        event_id, stamp = rows[0][where], None
    if stamp is None:
        stamp = _stamp(event_id)
    rows = read()  # after the stamp: a change committed since then has moved it
    if not rows:
        cache.delete(key)
        _event_of.pop(slug, None)
        return None
    row = rows[0]
    if row[where] == event_id:
        cache.set(key, (stamp, row), GATE_SECONDS)
    if len(_event_of) >= _EVENTS_REMEMBERED:
        _event_of.clear()
    _event_of[slug] = row[where]  # another event now: its own stamp is read next time
    return row


def known_event(slug: str) -> int | None:
    """The event the slug named when this process last read it (a hint, for ``ahead_keys``)."""
    return _event_of.get(slug) if settings.EVENT_GATE_CACHE else None


def ahead_keys(slug: str, fields: tuple[str, ...]) -> list[str]:
    """The cache keys ``kept_row(slug, fields, …)`` will ask, for core.fast.read_ahead (none while
    this process does not know the slug's event: it then reads the database first)."""
    event_id = known_event(slug)
    return [] if event_id is None else [_row_key(slug, fields), _stamp_key(event_id)]


def moved(event_id: int) -> None:
    """The event changed: once the change commits, no row kept before it is read again."""
    if settings.EVENT_GATE_CACHE:
        transaction.on_commit(lambda: _move(_stamp_key(event_id)), robust=True)


def _move(key: str) -> None:
    try:
        cache.incr(key)
    except ValueError:  # not in the cache (never read, or evicted): a new one
        cache.set(key, _new_stamp(), STAMP_SECONDS)


# ---- the event's tables ---------------------------------------------------------------------
# The same guarantee for what the public list of the event's tables shows (its matches' rows):
# a stamp that every write of one of its matches moves once it commits (``tables_moved``, called by
# ``tournaments.changes.changed(…, tables=True)`` alone), read before the rows.


def _tables_key(event_id: int) -> str:
    return f"{_STAMP}:tables:{event_id}"


def tables_stamp(event_id: int) -> int | None:
    """The stamp of the event's tables, read before them (None without a shared cache: each
    process would see only its own moves)."""
    if not settings.EVENT_GATE_CACHE:
        return None
    key = _tables_key(event_id)
    return _stamp_at(key, read_ahead.get_many([key]))


def tables_ahead_keys(slug: str) -> list[str]:
    """The key ``tables_stamp`` will ask for the event ``slug`` names, for core.fast.read_ahead."""
    event_id = known_event(slug)
    return [] if event_id is None else [_tables_key(event_id)]


def tables_moved(event_id: int) -> None:
    """One of the event's matches was written: once that commits, no list kept before is served."""
    if settings.EVENT_GATE_CACHE:
        transaction.on_commit(lambda: _move(_tables_key(event_id)), robust=True)
