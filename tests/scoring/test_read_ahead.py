"""An anonymous read asks Redis once: its rate limit, the event's row and stamp and the standings'
version read ahead in one pipeline (core.fast.read_ahead; docs/deploy.md "Large reads")."""

from __future__ import annotations

import pytest
from django.core.cache import cache, caches
from redis.connection import AbstractConnection
from rest_framework.test import APIClient

from core.fast import read_ahead
from core.throttling import AnonRateThrottle
from scoring.selectors.standings import served_version, version_keys
from tests.scoring.conftest import API, result_url
from tournaments import gate

pytestmark = [pytest.mark.django_db, pytest.mark.redis]


@pytest.fixture
def redis_default(redis_url, settings):
    location = redis_url.rsplit("/", 1)[0] + "/15"
    settings.CACHES = {
        **settings.CACHES,
        "default": {"BACKEND": "core.fast.redis.RedisCache", "LOCATION": location},
    }
    settings.EVENT_GATE_CACHE = True
    cache.clear()
    gate._event_of.clear()  # this process's hints of earlier tests' events
    yield caches["default"]
    cache.clear()
    gate._event_of.clear()


@pytest.fixture
def round_trips(monkeypatch) -> list[bytes]:
    """What each round trip to Redis sent, from now on (a pipeline is one)."""
    sent: list[bytes] = []
    send = AbstractConnection.send_packed_command

    def counting(self, command, check_health=True):
        sent.append(b"".join(command) if isinstance(command, list) else command)
        return send(self, command, check_health)

    monkeypatch.setattr(AbstractConnection, "send_packed_command", counting)
    return sent


def test_g10_an_anonymous_standings_304_is_one_round_trip_to_redis(play, redis_default, round_trips):
    url = f"{API}/events/{play['event'].slug}/standings/"
    etag = APIClient().get(url)["ETag"]
    APIClient().get(url, HTTP_IF_NONE_MATCH=etag)  # the process now knows the slug's event
    round_trips.clear()
    response = APIClient().get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304 and response["ETag"] == etag
    assert len(round_trips) == 1
    assert b"INCR" in round_trips[0] and b"MGET" in round_trips[0]  # the rate limit counted with the reads


def test_g10_a_kept_standings_answer_is_one_round_trip_to_redis(play, redis_default, round_trips):
    url = f"{API}/events/{play['event'].slug}/standings/"
    first = APIClient().get(url)
    round_trips.clear()
    again = APIClient().get(url)
    assert again.content == first.content and again["ETag"] == first["ETag"]
    assert len(round_trips) == 1


def test_g11_the_tables_list_read_anonymously_is_one_round_trip_to_redis(play, redis_default, round_trips):
    url = f"{API}/events/{play['event'].slug}/matches/?round=1"
    first = APIClient().get(url)
    round_trips.clear()
    again = APIClient().get(url)
    assert again.status_code == 200 and again.content == first.content
    assert len(round_trips) == 1


def test_the_rate_limit_read_ahead_still_refuses_past_the_rate(play, redis_default, monkeypatch):
    monkeypatch.setattr(AnonRateThrottle, "rate", "3/min", raising=False)
    url = f"{API}/events/{play['event'].slug}/standings/"
    statuses = [APIClient().get(url).status_code for _ in range(5)]
    assert statuses == [200, 200, 200, 429, 429]


def test_g10_a_standings_read_after_a_result_is_of_the_new_version(
    play, redis_default, keeper, referee, django_capture_on_commit_callbacks
):
    url = f"{API}/events/{play['event'].slug}/standings/"
    etag = APIClient().get(url)["ETag"]
    APIClient().get(url, HTTP_IF_NONE_MATCH=etag)  # read ahead from now on
    match = play["matches"][0]
    keeper.post(result_url(match), {"levels": {"NS": "A+", "EW": "K"}, "deals_played": 9}, format="json")
    with django_capture_on_commit_callbacks(execute=True):
        assert referee.post(result_url(match, "/confirm"), {}, format="json").status_code == 200
    response = APIClient().get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200 and response["ETag"] != etag


def test_a_key_read_ahead_is_taken_once_and_dropped_with_the_request(play, redis_default):
    event = play["event"]
    keys = version_keys(event.pk, "pairs")
    cache.set(keys[0], event.results_version, 60)
    read_ahead.fetch(keys)
    cache.set(keys[0], event.results_version + 1, 60)  # written after the read ahead
    assert read_ahead.get_many(keys) == {keys[0]: event.results_version}  # what was read ahead
    assert read_ahead.get_many(keys) == {keys[0]: event.results_version + 1}  # asked again: the cache
    read_ahead.fetch(keys)
    read_ahead.clear()
    cache.delete(keys[0])
    assert served_version(event, "pairs") == event.results_version and read_ahead.get_many(keys) == {}


def test_without_redis_nothing_is_read_ahead(play, settings):
    keys = version_keys(play["event"].pk, "pairs")
    read_ahead.fetch(keys, [("throttle:x:1", 60)])
    cache.set(keys[0], 7, 60)
    assert read_ahead.get_many(keys) == {keys[0]: 7} and read_ahead.counted("throttle:x:1") is None


def test_g10_a_standings_304_carries_the_200s_headers_but_its_body(play, redis_default):
    url = f"{API}/events/{play['event'].slug}/standings/"
    answer = APIClient().get(url)
    not_modified = APIClient().get(url, HTTP_IF_NONE_MATCH=answer["ETag"])
    assert not_modified.status_code == 304 and not_modified.content == b""
    assert not_modified["ETag"] == answer["ETag"] and not_modified["Vary"] == answer["Vary"]
    assert not_modified["Allow"] == answer["Allow"] and "Content-Type" not in not_modified
