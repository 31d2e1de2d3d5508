"""core.cache: Django's Redis cache, with one Redis client per connection pool."""

from __future__ import annotations

import pytest
from django.core.cache import caches

from core.cache import RedisCache
from tests.core.test_settings import _settings


@pytest.mark.redis
def test_every_operation_goes_through_the_same_client(redis_url, settings):
    location = redis_url.rsplit("/", 1)[0] + "/15"
    settings.CACHES = {
        **settings.CACHES,
        "shared": {"BACKEND": "core.cache.RedisCache", "LOCATION": location},
    }
    shared = caches["shared"]
    assert isinstance(shared, RedisCache)
    shared.clear()
    try:
        shared.set("core-cache-test", b"bytes", 60)
        assert shared.get("core-cache-test") == b"bytes" and shared.has_key("core-cache-test")
        client = shared._cache.get_client()
        assert shared._cache.get_client(write=True) is client  # Django's built a new one each time
        assert caches.create_connection("shared").get("core-cache-test") == b"bytes"  # another process
    finally:
        shared.clear()


def test_a_redis_cache_url_gets_this_backend_and_others_keep_theirs():
    probe = (
        "import django; from django.conf import settings; django.setup(); "
        "print(settings.CACHES['default']['BACKEND'])"
    )
    redis = _settings(probe, SECRET_KEY="k", CACHE_URL="redis://127.0.0.1:6379/1")
    local = _settings(probe, SECRET_KEY="k", CACHE_URL="locmemcache://test")
    assert redis.returncode == 0 and local.returncode == 0, redis.stderr + local.stderr
    assert redis.stdout.strip() == "core.cache.RedisCache"
    assert local.stdout.strip() == "django.core.cache.backends.locmem.LocMemCache"
