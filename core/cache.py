"""Django's Redis cache, lean enough to be asked on every request (docs/deploy.md).

Every request asks the cache at least once (its rate limit, core.throttling), and a standings 304
three times more (tournaments.gate, scoring.selectors.standings). Django's Redis backend builds a
new ``redis.Redis`` client object for every operation, around the same connection pool: a client's
constructor registers some hundred response callbacks, which cost more of the process than the
round trip to Redis itself. ``RedisCache`` keeps one client per pool instead (a client is safe to
share between threads: the pool hands each command its own connection). ``config.settings``
names it whenever ``CACHE_URL`` is a Redis one.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import DEFAULT_CACHE_ALIAS, BaseCache, caches
from django.core.cache.backends import redis
from django.utils.connection import ConnectionProxy


class KeptClientRedisCacheClient(redis.RedisCacheClient):
    """Django's client of the Redis servers, with one ``redis.Redis`` per connection pool."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)  # random among the replicas for a read
        client = self._clients.get(index)
        if client is None:
            if index not in self._pools:  # as the parent's ``_get_connection_pool``, for this index
                self._pools[index] = self._pool_class.from_url(self._servers[index], **self._pool_options)
            client = self._clients[index] = self._client(connection_pool=self._pools[index])
        return client


class RedisCache(redis.RedisCache):
    """``django.core.cache.backends.redis.RedisCache`` with ``KeptClientRedisCacheClient``."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = KeptClientRedisCacheClient


def backend(cache: BaseCache | ConnectionProxy) -> BaseCache:
    """The cache backend behind ``cache``: ``django.core.cache.cache`` (what DRF's throttles hold)
    is a proxy to the default alias's backend of the current thread, not the backend itself."""
    if isinstance(cache, ConnectionProxy):
        return caches[getattr(cache, "_alias", DEFAULT_CACHE_ALIAS)]
    return cache


def round_trip(cache: redis.RedisCache, commands: list[tuple[Any, ...]]) -> list[Any]:
    """The answers to ``commands`` (Redis commands, keys already made), sent together on one of the
    cache's connections and read back: one round trip.

    What redis-py's pipeline does, without the pipeline object: building one, and running each
    answer through the client's callbacks and retry wrappers, cost a read more than Redis's work. An
    error answer raises (``ResponseError``) and a connection that failed midway is closed, so no
    connection goes back to the pool with answers left unread.
    """
    pool = cache._cache.get_client(None, write=True).connection_pool
    connection = pool.get_connection()
    try:
        connection.send_packed_command(connection.pack_commands(commands))
        return [connection.read_response() for _ in commands]
    except BaseException:
        connection.disconnect()
        raise
    finally:
        pool.release(connection)
