"""What an anonymous read no longer pays for, and what it still gets (bench/HISTORY.md "Large
reads"): the read-ahead's commands packed without redis-py's general packing, one kept connection
per thread, no session read without a session cookie (the answer still varies on Cookie)."""

from __future__ import annotations

import datetime
import hashlib
import json
import threading

import pytest
from django.conf import settings
from django.core.cache import cache, caches
from django.test import Client
from redis.connection import Connection, ConnectionPool
from redis.exceptions import ResponseError

from core.conditional import etag_of
from core.fast import redis as shared_cache
from core.fast.redis import packed, round_trip
from tests.core.test_api_handler import _keep_the_tests_connection, call

__all__ = ["_keep_the_tests_connection"]  # the fixture, used here too

READ_AHEAD = [
    ("INCR", ":1:throttle_anon_203.0.113.9"),
    ("EXPIRE", ":1:throttle_anon_203.0.113.9", 120),
    ("MGET", ":1:event-gate:row:cup:0a1b2c", ":1:event-gate:stamp:7", "ünïcode", b"\x00raw"),
]


def test_the_read_aheads_commands_are_packed_as_redis_py_packs_them():
    assert packed(READ_AHEAD) == b"".join(Connection().pack_commands(READ_AHEAD))
    large = [("SET", "k", "v" * 70_000)]  # redis-py sends it in pieces: the same bytes
    assert packed(large) == b"".join(Connection().pack_commands(large))


@pytest.mark.parametrize("argument", [1.5, True, None, memoryview(b"x")])
def test_other_arguments_are_left_to_redis_py(argument):
    assert packed([("SET", "k", argument)]) is None
    assert packed([("CONFIG GET", "maxmemory")]) is None  # redis-py splits a name's words


@pytest.fixture
def redis_default(redis_url, settings):
    location = redis_url.rsplit("/", 1)[0] + "/15"
    default = {"BACKEND": "core.fast.redis.RedisCache", "LOCATION": location}
    settings.CACHES = {**settings.CACHES, "default": default}
    cache.clear()
    shared_cache._kept.connection = None
    yield caches["default"]
    cache.clear()
    shared_cache._kept.connection = None


@pytest.fixture
def taken(monkeypatch) -> list[Connection]:
    """The connections round trips took from a pool, from now on."""
    connections: list[Connection] = []
    get = ConnectionPool.get_connection

    def counting(self, *args, **kwargs):
        connections.append(get(self, *args, **kwargs))
        return connections[-1]

    monkeypatch.setattr(ConnectionPool, "get_connection", counting)
    return connections


@pytest.mark.redis
def test_a_thread_keeps_its_connection_for_every_round_trip(redis_default, taken):
    name = redis_default.make_key("lean")
    assert round_trip(redis_default, [("INCR", name), ("EXPIRE", name, 60)]) == [1, 1]
    assert round_trip(redis_default, [("INCR", name), ("MGET", name)]) == [2, [b"2"]]
    assert len(taken) == 1
    other: list = []
    thread = threading.Thread(target=lambda: other.append(round_trip(redis_default, [("INCR", name)])))
    thread.start()
    thread.join()
    assert other == [[3]] and len(taken) == 2 and taken[1] is not taken[0]  # its own


@pytest.mark.redis
def test_a_failed_round_trip_gives_its_connection_back_and_the_next_takes_another(redis_default, taken):
    name = redis_default.make_key("lean")
    client = redis_default._cache.get_client(name, write=True)
    client.set(name, b"not a number")
    taken.clear()
    with pytest.raises(ResponseError):
        round_trip(redis_default, [("INCR", name), ("GET", name)])
    assert taken[0] not in client.connection_pool._in_use_connections  # given back (closed)
    assert round_trip(redis_default, [("GET", name)]) == [b"not a number"]  # no answer left unread
    assert len(taken) == 2


@pytest.mark.django_db
def test_an_anonymous_api_answer_still_varies_on_cookie():
    status, headers, _ = call("GET", "/api/v1/events/")
    assert status == 200 and "Cookie" in headers["Vary"]


@pytest.mark.django_db
def test_a_signed_in_browser_is_still_known_by_its_session(make_user):
    user = make_user("sam")
    browser = Client()
    browser.force_login(user)
    cookie = f"{settings.SESSION_COOKIE_NAME}={browser.cookies[settings.SESSION_COOKIE_NAME].value}"
    status, headers, body = call("GET", "/api/v1/me/", COOKIE=cookie)
    assert status == 200 and json.loads(body)["username"] == "sam" and "Cookie" in headers["Vary"]
    status, _, body = call("GET", "/api/v1/me/", COOKIE="other=1")
    assert status in (401, 403)  # a cookie, but not the session's: nobody


@pytest.mark.django_db
def test_a_read_answers_in_the_language_of_its_cookie_else_of_accept_language():
    cookie = f"{settings.LANGUAGE_COOKIE_NAME}=zh-hans"
    answers = [
        call("GET", "/api/v1/events/nope/"),
        call("GET", "/api/v1/events/nope/", ACCEPT_LANGUAGE="zh-Hans,en;q=0.5"),
        call("GET", "/api/v1/events/nope/", ACCEPT_LANGUAGE="en", COOKIE=cookie),
    ]
    assert [headers["Content-Language"] for _, headers, _ in answers] == ["en", "zh-hans", "zh-hans"]
    assert all("Accept-Language" in headers["Vary"] for _, headers, _ in answers)


def test_an_etag_is_the_hash_of_the_same_json_as_before_the_encoder_was_kept():
    # Clients hold ETags across a deploy: the same data must keep its ETag (a 304, not a 200).
    data = [{"z": 1, "a": [None, True, 1.5]}, "ünï", datetime.date(2026, 11, 28), (1, "x")]
    dumped = json.dumps(data, sort_keys=True, default=str, separators=(",", ":")).encode()
    assert etag_of(data) == '"' + hashlib.sha256(dumped).hexdigest()[:32] + '"'
