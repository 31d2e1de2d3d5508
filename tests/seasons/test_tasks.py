"""R2: the recomputation task is coalesced per club: one pending at most, its mark cleared as it starts."""

from __future__ import annotations

from unittest import mock

import pytest
from django.core.cache import cache

from seasons import tasks
from seasons.models import EventPlacings, RatingRun
from tests.seasons.conftest import members, played, series_of

pytestmark = pytest.mark.django_db


def test_r2_a_change_queues_a_recomputation_only_when_none_is_pending_for_the_club(club):
    cache.delete_many([tasks._pending_key(club.pk), tasks._pending_key(club.pk + 1)])
    with mock.patch.object(tasks.ratings_refresh, "apply_async") as queued:
        assert tasks.queue_ratings_refresh(club.pk) is True
        assert tasks.queue_ratings_refresh(club.pk) is False  # the first is still pending
        assert tasks.queue_ratings_refresh(club.pk + 1) is True  # another club's is its own
        assert [call.args for call in queued.call_args_list] == [((club.pk,),), ((club.pk + 1,),)]
        assert tasks.ratings_refresh(club.pk) == 0  # it starts: the mark is gone
        assert tasks.queue_ratings_refresh(club.pk) is True
    assert RatingRun.objects.get(club=club).matches == 0


def test_r2_a_broker_that_refuses_the_task_leaves_nothing_pending(club):
    cache.delete_many([tasks._pending_key(club.pk), tasks._pending_key(club.pk + 1)])
    refused = mock.patch.object(tasks.ratings_refresh, "apply_async", side_effect=OSError("broker down"))
    with refused, pytest.raises(OSError):
        tasks.queue_ratings_refresh(club.pk)
    with mock.patch.object(tasks.ratings_refresh, "apply_async") as queued:
        assert tasks.queue_ratings_refresh(club.pk) is True
        queued.assert_called_once_with((club.pk,), countdown=0)


def test_g11_the_clubs_background_refresh_stores_its_series_placings(club):
    """The club's task also stores the placings of its events in a series, at their results versions
    (seasons.placings): a series' next reader ranks nothing itself."""
    people = members(club, 4)
    event, pairs = played(club, people)
    played(club, members(club, 2))  # an event in no series: nothing stored for it
    series_of(club, [event])
    assert not EventPlacings.objects.exists()
    tasks.ratings_refresh(club.pk)
    event.refresh_from_db()
    (row,) = EventPlacings.objects.all()
    assert (row.event_id, row.results_version) == (event.pk, event.results_version)
    assert [placing["pair"] for placing in row.pairs] == [pair.pk for pair in pairs]
