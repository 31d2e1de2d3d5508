"""Anything the standings show changes their cache generation (the event's ``results_version``).

Results bump it in their own service (with the ``standings.updated`` webhook); these receivers
cover the rest: a pair, player or unit renamed or withdrawn, a round published or closed, the
event's scoring settings edited. The update is a plain ``UPDATE … SET results_version + 1``.
"""

from __future__ import annotations

from django.db.models import F
from django.db.models.signals import post_delete, post_save

from tournaments.models import Event, Pair, Player, Round, Unit


def _bump(sender, instance, **kwargs) -> None:
    event_id = instance.pk if isinstance(instance, Event) else instance.event_id
    if kwargs.get("raw") or event_id is None:
        return
    if isinstance(instance, Event) and kwargs.get("update_fields") == frozenset({"results_version"}):
        return
    Event.objects.filter(pk=event_id).update(results_version=F("results_version") + 1)


for model in (Event, Pair, Player, Round, Unit):
    post_save.connect(_bump, sender=model, dispatch_uid=f"standings-{model.__name__}")
    post_delete.connect(_bump, sender=model, dispatch_uid=f"standings-{model.__name__}-delete")
