"""What makes the club's ratings out of date, and the recomputation queued after its commit.

- the standings of one of its events changed (``scoring.happenings.standings_changed``: a result
  confirmed, corrected or ruled on, a pair withdrawn);
- a member was merged into another (``tournaments.signals.member_merged``: the two are one person
  from then on);
- a player of one of its events was linked to another member (``tournaments.changes.changed`` with
  ``members``, heard by ``_changed``).

These are explicit events of the layers below, each sent by the one service that makes the change;
no model signal is heard. The task is queued on commit (a rolled-back change queues nothing) and
robustly: the change has committed and the table is only late until the next one, so a broker that
cannot take the task must not turn the caller's answer into a 500.
"""

from __future__ import annotations

from django.db import transaction

from scoring.happenings import standings_changed
from seasons.tasks import queue_ratings_refresh
from tournaments import changes
from tournaments.models import Event, Member
from tournaments.signals import member_merged


def _queue(club_id: int | None) -> None:
    if club_id is not None:
        transaction.on_commit(lambda: queue_ratings_refresh(club_id), robust=True)


def _standings_changed(sender, event: Event, **kwargs) -> None:
    _queue(event.club_id)


def _member_merged(sender, member: Member, into: Member, **kwargs) -> None:
    _queue(into.club_id)


def _changed(change: changes.Change) -> None:
    """A player linked to another member moves their matches between people: the club's ratings
    are recomputed (coalesced, and a no-op write when nothing moved)."""
    if change.members:
        _queue(change.event.club_id)


def connect() -> None:
    standings_changed.connect(_standings_changed, dispatch_uid="seasons-ratings-standings")
    member_merged.connect(_member_merged, dispatch_uid="seasons-ratings-member")
    changes.subscribe(_changed)
