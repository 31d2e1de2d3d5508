"""R2: the recomputation task is coalesced per club: one pending at most, its mark cleared as it starts."""

from __future__ import annotations

from unittest import mock

import pytest
from django.core.cache import cache

from seasons import tasks
from seasons.models import RatingRun

pytestmark = pytest.mark.django_db


def test_r2_a_change_queues_a_recomputation_only_when_none_is_pending_for_the_club(club):
    cache.delete_many([tasks._pending_key(club.pk), tasks._pending_key(club.pk + 1)])
    with mock.patch.object(tasks.ratings_refresh, "delay") as delay:
        assert tasks.queue_ratings_refresh(club.pk) is True
        assert tasks.queue_ratings_refresh(club.pk) is False  # the first is still pending
        assert tasks.queue_ratings_refresh(club.pk + 1) is True  # another club's is its own
        assert [call.args for call in delay.call_args_list] == [(club.pk,), (club.pk + 1,)]
        assert tasks.ratings_refresh(club.pk) == 0  # it starts: the mark is gone
        assert tasks.queue_ratings_refresh(club.pk) is True
    assert RatingRun.objects.get(club=club).matches == 0


def test_r2_a_broker_that_refuses_the_task_leaves_nothing_pending(club):
    cache.delete_many([tasks._pending_key(club.pk), tasks._pending_key(club.pk + 1)])
    refused = mock.patch.object(tasks.ratings_refresh, "delay", side_effect=OSError("broker down"))
    with refused, pytest.raises(OSError):
        tasks.queue_ratings_refresh(club.pk)
    with mock.patch.object(tasks.ratings_refresh, "delay") as delay:
        assert tasks.queue_ratings_refresh(club.pk) is True
        delay.assert_called_once_with(club.pk)
