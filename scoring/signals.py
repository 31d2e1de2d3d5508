"""Anything the standings show changes their cache generation (the event's ``results_version``),
and what changes the standings themselves tells the club websites (``standings.updated``).

Results bump the version in their own service (with the webhook); these receivers cover the rest:
a pair, player or unit renamed or withdrawn, a round published or closed, the event's settings
edited. The update is a plain ``UPDATE … SET results_version + 1``.

Not every bump is news for a club website: a draft round drawn again, an event's venue edited or a
pair registered (a row of zeros) change no standings it shows. ``standings.updated`` is queued
(in the same transaction, docs/scoring.md §6) only when a change reaches the standings:

- a round with a bye is published (the bye scores as the event says, G9);
- the event's standings settings change (scoring methods, tiebreaks, shared places, byes and
  forfeits in opponents' points, unit_best, the seed of the lots);
- a pair is renamed, renumbered, moved to another unit or player, withdrawn, disqualified or
  reinstated; a player or a unit is renamed.

What a row held before the save is what it was read with (``core.loaded.LoadedValues``): no query
is sent for it. An instance made in Python rather than read (so its row's old values are unknown)
counts as a change the standings show.

A deal, result or ruling forgets the match's stored state in its service, not here
(``scoring.services.changes.record``; docs/scoring.md "The stored state").

A round just published also tells them its pairings (``round.published``): the tournaments layer
sends ``tournaments.signals.round_published`` and this app, above it, queues the webhook.
"""

from __future__ import annotations

from django.db.models.signals import post_delete, post_save

from scoring.services.common import move_results_version, notify_standings
from scoring.tasks import queue_event
from tournaments import gate
from tournaments.models import Event, Match, Pair, Player, Round, RoundStatus, Unit
from tournaments.signals import round_published

# model -> the fields whose change the standings show
STANDINGS_FIELDS = {
    Event: (
        "match_points",
        "level_points",
        "tiebreaks",
        "shared_places",
        "opponents_bye",
        "opponents_forfeit",
        "unit_best",
        "lots_seed",
    ),
    Pair: ("number", "name", "player_1_id", "player_2_id", "unit_id", "status"),
    Player: ("name",),
    Unit: ("name", "short_name"),
    Round: ("status",),
}


def _event_id(instance) -> int | None:
    return instance.pk if isinstance(instance, Event) else instance.event_id


def _bump(sender, instance, **kwargs) -> None:
    event_id = _event_id(instance)
    if kwargs.get("raw") or event_id is None:
        return
    gate.moved(event_id)  # every save or deletion of the event comes here: its kept row is old
    if isinstance(instance, Event) and kwargs.get("update_fields") == frozenset({"results_version"}):
        return
    shown = kwargs.get("signal") is post_save and _standings_changed(
        sender, instance, kwargs.get("created", False), kwargs.get("update_fields")
    )
    moved = move_results_version(event_id)
    if moved is not None and shown:
        notify_standings(Event.objects.get(pk=event_id), moved)


def _standings_changed(sender, instance, created: bool = False, update_fields=None) -> bool:
    """Whether this save changed what the standings show: the standings fields against the values
    the instance was read with, which then become the ones it holds (a second save compares with
    the first's)."""
    before = instance.loaded_values
    instance.remember()
    if created:  # a new event, pair, player or unit shows nothing new yet
        return False
    fields = STANDINGS_FIELDS[sender]
    written = [name for name in fields if update_fields is None or name in update_fields]
    if before is None or any(name not in before for name in written):
        return True  # not read, or a standings field deferred when read and written now: unknown
    changed = {name for name in fields if name in before and getattr(instance, name) != before[name]}
    if sender is Round:
        published = before["status"] == RoundStatus.DRAFT and instance.status == RoundStatus.PUBLISHED
        return published and Match.objects.filter(round=instance, ew_pair__isnull=True).exists()
    return bool(changed)


for model in (Event, Pair, Player, Round, Unit):
    post_save.connect(_bump, sender=model, dispatch_uid=f"standings-{model.__name__}")
    post_delete.connect(_bump, sender=model, dispatch_uid=f"standings-{model.__name__}-delete")


def _round_published(sender, round, **kwargs) -> None:
    """A round's pairings are out: tell the club websites (``round.published``, in its transaction)."""
    event = round.event
    queue_event(
        event,
        "round.published",
        {"round": round.number, "pairings": f"/api/v1/events/{event.slug}/matches/?round={round.number}"},
    )


round_published.connect(_round_published, dispatch_uid="webhook-round-published")
