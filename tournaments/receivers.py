"""What moves the stamp of an event's tables (tournaments.gate): every save and deletion of a match.

The public list of an event's tables (``GET …/matches/``) is answered, and its ``304`` too, from
that stamp without reading the matches (``EventMatchViewSet.get_etag``), so every write of a match
row must move it once the write commits: a save (a deal post starting the match, a result, a
confirmation, a ruling, an edit) and a deletion come here; the services that create or update
matches in bulk, which sends no model signal, move it themselves (``services.rounds._store``,
``services.tables.store_tables``). The pairs, players, units, rounds and the event the list also
shows move the event's ``results_version``, which the list's ETag carries too (scoring.signals).
"""

from __future__ import annotations

import threading

from django.conf import settings
from django.db.models.signals import post_delete, post_save

from tournaments import gate
from tournaments.models import Match, Round


class _Deletion(threading.local):
    """The deletion being signalled (its ``origin``) and the events of its matches' rounds: a round
    or an event deleted with its matches asks each round once, not once per match."""

    origin: object = None
    events: dict[int, int | None]


_deletion = _Deletion()


def _event_of(match: Match, origin: object = None) -> int | None:
    if Match.round.is_cached(match):  # the round read with the match: no query
        return match.round.event_id
    if origin is None:
        return _round_event(match.round_id)
    if _deletion.origin is not origin:
        _deletion.origin, _deletion.events = origin, {}
    if match.round_id not in _deletion.events:
        _deletion.events[match.round_id] = _round_event(match.round_id)
    return _deletion.events[match.round_id]


def _round_event(round_id: int) -> int | None:
    return Round.objects.filter(pk=round_id).values_list("event_id", flat=True).first()


def _match_written(sender, instance: Match, raw: bool = False, **kwargs) -> None:
    if raw or not settings.EVENT_GATE_CACHE:
        return
    event_id = _event_of(instance, kwargs.get("origin"))
    if event_id is not None:  # None: its round went first (its deletion moved results_version)
        gate.tables_moved(event_id)


post_save.connect(_match_written, sender=Match, dispatch_uid="tables-stamp-match")
post_delete.connect(_match_written, sender=Match, dispatch_uid="tables-stamp-match-delete")
