"""Django's Redis cache, lean enough to be asked on every request (docs/deploy.md): the fast paths
``kept_redis_client`` (one client per connection pool) and ``round_trip`` (commands packed and sent
on a connection the thread keeps: the rate limit's count, ``rate_limit_round_trip``, and
core.fast.read_ahead).

Every request asks the cache at least once (its rate limit, core.throttling), and a standings 304
three times more (tournaments.gate, scoring.selectors.standings). Django's Redis backend builds a
new ``redis.Redis`` client object for every operation, around the same connection pool: a client's
constructor registers some hundred response callbacks, which cost more of the process than the
round trip to Redis itself. ``RedisCache`` keeps one client per pool instead (a client is safe to
share between threads: the pool hands each command its own connection). ``config.settings``
names it whenever ``CACHE_URL`` is a Redis one.
"""

from __future__ import annotations

import os
import threading
from typing import Any

from django.core.cache.backends import redis

from core import fast


class KeptClientRedisCacheClient(redis.RedisCacheClient):
    """Django's client of the Redis servers, with one ``redis.Redis`` per connection pool."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key=None, *, write=False):
        if not fast.on("kept_redis_client"):
            return super().get_client(key, write=write)
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


def round_trip(cache: redis.RedisCache, commands: list[tuple[Any, ...]]) -> list[Any]:
    """The answers to ``commands`` (Redis commands, keys already made), sent together on one of the
    cache's connections and read back: one round trip.

    What redis-py's pipeline does, without the pipeline object: building one, and running each
    answer through the client's callbacks and retry wrappers, cost a read more than Redis's work. An
    error answer raises (``ResponseError``) and a connection that failed midway is closed, so no
    connection goes back to the pool with answers left unread. The commands are packed by
    ``packed`` (redis-py's own packing when they hold anything else than text, integers and bytes).
    """
    pool = cache._cache.get_client(None, write=True).connection_pool
    connection = _kept_connection(pool)
    try:
        encoder = connection.encoder
        command = packed(commands, encoder.encoding, encoder.encoding_errors)
        connection.send_packed_command(connection.pack_commands(commands) if command is None else [command])
        return [connection.read_response() for _ in commands]
    except BaseException:
        _kept.connection = None
        connection.disconnect()
        pool.release(connection)
        raise


#: Each thread's connection for ``round_trip``: (pool, process id, connection).
_kept = threading.local()


def _kept_connection(pool) -> Any:
    """This thread's own connection of ``pool``, taken from it once and kept for every round trip.

    Taking a connection from redis-py's pool and giving it back, with the pool's checks (is it
    still connected, has it answers left unread) and its counters, cost a round trip as much as
    sending and reading it. A round trip reads every answer, or closes its connection when it fails
    midway (which gives it back), so the kept connection is always ready for the next one. Kept
    for one process (a fork's child takes its own) and one pool (the cache's settings may change).
    """
    kept = getattr(_kept, "connection", None)
    if kept is not None and kept[0] is pool and kept[1] == os.getpid():
        return kept[2]
    connection = pool.get_connection()
    _kept.connection = (pool, os.getpid(), connection)
    return connection


def packed(commands: list[tuple[Any, ...]], encoding: str = "utf-8", errors: str = "strict") -> bytes | None:
    """``commands`` in Redis's protocol (RESP), the bytes redis-py's ``pack_commands`` sends for
    them; None when an argument is anything but text, an integer or bytes (or a command's name has
    a space, which redis-py splits into words): that packing then.

    A read ahead's commands have one shape (INCR and EXPIRE of a counter, MGET of a few keys), and
    redis-py's packing, general enough for values of megabytes (sent in chunks) and every argument
    type, took a third of the round trip's time in the web process (bench/HISTORY.md "Large reads").
    """
    parts: list[bytes] = []
    for command in commands:
        if not command or type(command[0]) is not str or " " in command[0]:
            return None
        parts.append(b"*%d\r\n" % len(command))
        for argument in command:
            kind = type(argument)
            if kind is str:
                argument = argument.encode(encoding, errors)
            elif kind is int:
                argument = b"%d" % argument
            elif kind is not bytes:
                return None
            parts.append(b"$%d\r\n%s\r\n" % (len(argument), argument))
    return b"".join(parts)
