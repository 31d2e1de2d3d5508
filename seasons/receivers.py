"""What makes the club's ratings out of date, and the recomputation queued after its commit.

- the standings of one of its events changed (``scoring.happenings.standings_changed``: a result
  confirmed, corrected or ruled on, a pair withdrawn);
- a member was merged into another (``tournaments.signals.member_merged``: the two are one person
  from then on) or a player of one of its
  events was linked to a member, or unlinked.

The task is queued on commit (a rolled-back change queues nothing) and robustly: the change has
committed and the table is only late until the next one, so a broker that cannot take the task must
not turn the caller's answer into a 500.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models.signals import post_save

from scoring.happenings import standings_changed
from seasons.tasks import queue_ratings_refresh
from tournaments.models import Event, Member, Player
from tournaments.signals import member_merged


def _queue(club_id: int | None) -> None:
    if club_id is not None:
        transaction.on_commit(lambda: queue_ratings_refresh(club_id), robust=True)


def _standings_changed(sender, event: Event, **kwargs) -> None:
    _queue(event.club_id)


def _member_merged(sender, member: Member, into: Member, **kwargs) -> None:
    _queue(into.club_id)


def _player_saved(sender, instance: Player, created: bool = False, raw: bool = False, **kwargs) -> None:
    """A player linked to a member, relinked or unlinked moves their matches between people. Which
    field changed is not known here (that would cost a query per save), so any later save of an entry
    queues its club's recomputation: coalesced, and a no-op write when nothing moved."""
    if raw or created:
        return  # a new entry has played nothing yet
    event_id = instance.event_id

    def queue() -> None:
        club_id = Event.objects.filter(pk=event_id).values_list("club_id", flat=True).first()
        if club_id is not None:
            queue_ratings_refresh(club_id)

    transaction.on_commit(queue, robust=True)


def connect() -> None:
    standings_changed.connect(_standings_changed, dispatch_uid="seasons-ratings-standings")
    member_merged.connect(_member_merged, dispatch_uid="seasons-ratings-member")
    post_save.connect(_player_saved, sender=Player, dispatch_uid="seasons-ratings-player")
