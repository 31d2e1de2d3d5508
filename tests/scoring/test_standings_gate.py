"""A standings 304 answered from the shared cache, never stale (issue 21; docs/scoring.md "ETags").

With ``EVENT_GATE_CACHE`` the anonymous reader's event row is kept in the cache under the event's
stamp (tournaments.gate), which every change moves once it has committed. The tests' cache is one
process's memory, which is what every process sharing Redis sees.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache, caches
from rest_framework.test import APIClient

from tests.factories import EventFactory
from tests.scoring.conftest import API, result_url
from tests.tournaments.conftest import role_client
from tournaments import gate
from tournaments.models import Event, Role
from tournaments.selectors import event_columns, public_event
from tournaments.services.events import event_update

pytestmark = pytest.mark.django_db
SHEET = {"levels": {"NS": "A+", "EW": "K"}, "deals_played": 9}
FIELDS = event_columns("id", "slug", "status", "results_version")  # id, slug, results_version, status


def _url(event) -> str:
    return f"{API}/events/{event.slug}/standings/"


def test_g10_a_standings_304_reads_nothing_from_the_database(play, shared, django_assert_num_queries):
    url = _url(play["event"])
    etag = APIClient().get(url)["ETag"]
    with django_assert_num_queries(0):
        response = APIClient().get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304 and response["ETag"] == etag


def test_g10_a_confirmed_result_is_never_an_old_304(
    play, shared, keeper, referee, django_capture_on_commit_callbacks
):
    url = _url(play["event"])
    etag = APIClient().get(url)["ETag"]
    match = play["matches"][0]
    keeper.post(result_url(match), SHEET, format="json")
    with django_capture_on_commit_callbacks(execute=True):
        assert referee.post(result_url(match, "/confirm"), {}, format="json").status_code == 200
    response = APIClient().get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200 and response["ETag"] != etag
    assert response.json()["rows"][0]["pair"]["id"] == match.ns_pair_id


def test_g10_unpublished_standings_are_hidden_at_once(play, shared, django_capture_on_commit_callbacks):
    event, url = play["event"], _url(play["event"])
    etag = APIClient().get(url)["ETag"]
    organizer = role_client(event, Role.ORGANIZER)
    with django_capture_on_commit_callbacks(execute=True):
        organizer.patch(f"{API}/events/{event.slug}/", {"publish_standings": False}, format="json")
    assert APIClient().get(url, HTTP_IF_NONE_MATCH=etag).status_code == 401


def test_a_renamed_event_is_not_found_under_its_old_slug(play, shared, django_capture_on_commit_callbacks):
    event, url = play["event"], _url(play["event"])
    assert APIClient().get(url).status_code == 200
    organizer = role_client(event, Role.ORGANIZER)
    with django_capture_on_commit_callbacks(execute=True):
        assert (
            organizer.patch(f"{API}/events/{event.slug}/", {"slug": "moved"}, format="json").status_code
            == 200
        )
    assert APIClient().get(url).status_code == 404
    assert APIClient().get(f"{API}/events/moved/standings/").status_code == 200


def test_a_change_committed_while_a_row_is_read_is_not_kept(play, shared):
    """The race: a reader misses, another process commits a change (and moves the stamp) while the
    reader reads the old row. That row is filed under the stamp read before it, which has moved."""
    event = Event.objects.get(pk=play["event"].pk)
    reads = []

    def read_then_another_process_changes_the_event():
        reads.append(1)
        rows = [(event.pk, event.slug, event.results_version, event.status)]
        if len(reads) == 2:  # the read that is kept: the change commits just after it
            Event.objects.filter(pk=event.pk).update(results_version=event.results_version + 1)
            gate._move(gate._stamp_key(event.pk))
        return rows

    old = gate.kept_row(event.slug, FIELDS, read_then_another_process_changes_the_event)
    assert old[2] == event.results_version
    fresh = gate.kept_row(event.slug, FIELDS, lambda: [(event.pk, event.slug, 99, event.status)])
    assert fresh[2] == 99  # read again: the kept row's stamp had moved


def test_a_kept_row_is_read_again_once_its_stamp_left_the_cache(play, shared):
    event = play["event"]
    public_event(event.slug, FIELDS)
    cache.delete(gate._stamp_key(event.pk))
    rows = []
    gate.kept_row(event.slug, FIELDS, lambda: rows.append(1) or [(event.pk, event.slug, 5, "published")])
    assert rows == [1]


def test_without_a_shared_cache_every_read_reads_the_event(play, settings, django_assert_num_queries):
    settings.EVENT_GATE_CACHE = False
    url = _url(play["event"])
    etag = APIClient().get(url)["ETag"]
    with django_assert_num_queries(1):
        assert APIClient().get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304


@pytest.mark.redis
def test_a_change_in_another_process_is_seen_through_redis(play, redis_url, settings):
    location = redis_url.rsplit("/", 1)[0] + "/15"
    settings.CACHES = {
        **settings.CACHES,
        "default": {"BACKEND": "core.fast.redis.RedisCache", "LOCATION": location},
    }
    settings.EVENT_GATE_CACHE = True
    cache.clear()
    gate._event_of.clear()
    try:
        event = Event.objects.get(pk=play["event"].pk)
        assert public_event(event.slug, FIELDS).results_version == event.results_version
        Event.objects.filter(pk=event.pk).update(results_version=event.results_version + 1)
        assert public_event(event.slug, FIELDS).results_version == event.results_version  # not moved yet
        other = caches.create_connection("default")  # as another web process, once its change committed
        other.incr(gate._stamp_key(event.pk))
        assert public_event(event.slug, FIELDS).results_version == event.results_version + 1
    finally:
        cache.clear()


def test_a_new_event_under_an_old_slug_is_that_events(play, shared, django_capture_on_commit_callbacks):
    event = play["event"]
    public_event(event.slug, FIELDS)
    with django_capture_on_commit_callbacks(execute=True):
        event_update(event=event, slug="gone")
        newcomer = EventFactory(published=True, slug="play")
    assert public_event("play", FIELDS).pk == newcomer.pk
