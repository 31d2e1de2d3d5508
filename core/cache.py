"""Django's Redis cache, with one Redis client per connection pool.

Django's ``RedisCacheClient.get_client`` builds a ``redis.Redis`` for every cache operation, and
building one sets up its table of some 170 response callbacks: on a cached read of the API (a
rate-limit count, the standings' version marks, a rendered answer) that was more of the
process's time than the round trips themselves. A client is thread-safe and holds nothing but
its pool (which reconnects after a fork by itself), so one per pool serves every operation.
config/settings.py puts this backend in place of Django's when ``CACHE_URL`` names Redis.
"""

from __future__ import annotations

import threading
from typing import Any

from django.core.cache.backends import redis as django_redis


class RedisCacheClient(django_redis.RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}
        self._clients_lock = threading.Lock()

    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            with self._clients_lock:
                client = self._clients.get(index)
                if client is None:
                    pool = self._get_connection_pool(write)
                    client = self._clients[index] = self._client(connection_pool=pool)
        return client


class RedisCache(django_redis.RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = RedisCacheClient
