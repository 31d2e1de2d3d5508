"""The Redis cache keeps one client per process, and the rate limit counts through Django's cache
proxy in one pipeline (core/fast/redis.py, core/throttling.py; docs/deploy.md)."""

from __future__ import annotations

import pytest
from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCacheClient

from core.cache import backend
from core.fast.redis import RedisCache
from core.throttling import counted
from tests.core.test_settings import _settings


@pytest.fixture
def redis_default(redis_url, settings):
    location = redis_url.rsplit("/", 1)[0] + "/15"
    settings.CACHES = {
        **settings.CACHES,
        "default": {"BACKEND": "core.fast.redis.RedisCache", "LOCATION": location},
    }
    cache.clear()
    yield caches["default"]
    cache.clear()


@pytest.mark.redis
def test_one_redis_client_serves_every_call_of_a_process(redis_default):
    assert isinstance(redis_default, RedisCache)
    client = redis_default._cache.get_client("a", write=True)
    assert redis_default._cache.get_client("b") is client  # one server: reads and writes share it
    redis_default.set("kept", {"n": 1}, 60)
    plain = RedisCacheClient(redis_default._servers, **redis_default._options)  # Django's own client
    assert redis_default._cache._serializer.loads(plain.get_client().get(redis_default.make_key("kept"))) == {
        "n": 1
    }


@pytest.mark.redis
def test_the_throttles_cache_proxy_counts_in_one_pipeline(redis_default, monkeypatch):
    assert backend(cache) is redis_default  # what DRF's throttles hold is a proxy to it

    def two_round_trips(*args, **kwargs):
        raise AssertionError("Django's incr asks whether the key exists first")

    monkeypatch.setattr(RedisCache, "incr", two_round_trips)
    assert [counted(cache, "throttle_test:1", timeout=120) for _ in range(3)] == [1, 2, 3]
    name = redis_default.make_and_validate_key("throttle_test:1")
    assert 0 < redis_default._cache.get_client(name).ttl(name) <= 120


def test_a_redis_cache_url_gets_this_backend_and_others_keep_theirs():
    probe = (
        "import django; from django.conf import settings; django.setup(); "
        "print(settings.CACHES['default']['BACKEND'])"
    )
    redis = _settings(probe, SECRET_KEY="k", CACHE_URL="redis://127.0.0.1:6379/1")
    local = _settings(probe, SECRET_KEY="k", CACHE_URL="locmemcache://test")
    assert redis.returncode == 0 and local.returncode == 0, redis.stderr + local.stderr
    assert redis.stdout.strip() == "core.fast.redis.RedisCache"
    assert local.stdout.strip() == "django.core.cache.backends.locmem.LocMemCache"
