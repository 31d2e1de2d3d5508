"""One round trip to the shared cache for what a read is about to ask it (issue 21, "Reads"): the
fast path ``read_ahead`` (core.fast; off, each read asks the cache itself).

A club website polling the standings with its ETag is answered from the shared cache alone: its
rate limit is counted there (core.throttling), the event's row and stamp are read there
(tournaments.gate), and so is the version the reader is served (scoring.selectors.standings).
Each was a round trip to Redis of its own, and a round trip costs the web process more than it
costs Redis (building, sending and parsing a command and its answer): three of them were most of
what a ``304`` cost. A view that knows which keys it is about to ask (``ReadAheadMixin``) has them
read, and its rate-limit counters counted, in one round trip (``core.fast.redis.round_trip``) before
its permissions are checked; the code that asks them later takes them from here (``get_many``,
``counted``) instead.

What is read ahead is what the same reads a moment later would have found, so no answer changes.
Each key is taken once (asked again, it goes to the cache: this request may have written it
meanwhile), and whatever was not taken is dropped when the request ends. Only Django's Redis
cache is read ahead; with any other cache each read asks it as before.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.core.cache.backends.redis import RedisCache

from core import fast
from core.cache import backend
from core.fast.redis import round_trip

logger = logging.getLogger(__name__)

_MISSING = object()  # read ahead, and not in the cache


@dataclass
class _Ahead:
    values: dict[str, Any] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)


_ahead: ContextVar[_Ahead | None] = ContextVar("read_ahead", default=None)


def fetch(keys: Sequence[str], counters: Sequence[tuple[str, int]] = ()) -> None:
    """Read ``keys`` from the default cache and add one to each counter (``(key, timeout)``: created
    with that expiry, as ``core.throttling.counted`` does), all in one round trip."""
    shared = backend(cache)
    if not isinstance(shared, RedisCache) or not (keys or counters) or not fast.on("read_ahead"):
        return
    names = [shared.make_key(key) for key in keys]  # our own keys: no need to check them for memcached
    commands: list[tuple[Any, ...]] = []
    for key, timeout in counters:
        name = shared.make_key(key)
        commands += [("INCR", name), ("EXPIRE", name, timeout)]
    if names:
        commands.append(("MGET", *names))
    try:
        answers = round_trip(shared, commands)
    except Exception:  # the reads will ask the cache themselves, and say so if it still does not answer
        logger.warning("Nothing read ahead: the cache did not answer", exc_info=True)
        return
    loads = shared._cache._serializer.loads  # type: ignore[attr-defined]  # Django's RedisSerializer
    found = answers[-1] if names else []
    _ahead.set(
        _Ahead(
            values={
                key: _MISSING if raw is None else loads(raw) for key, raw in zip(keys, found, strict=True)
            },
            counts={key: int(answers[2 * n]) for n, (key, _) in enumerate(counters)},
        )
    )


def get_many(keys: Iterable[str]) -> dict[str, Any]:
    """``cache.get_many(keys)``, from what was read ahead when every key was (each taken once)."""
    keys = list(keys)
    ahead = _ahead.get()
    if ahead is not None and all(key in ahead.values for key in keys):
        taken = [(key, ahead.values.pop(key)) for key in keys]
        return {key: value for key, value in taken if value is not _MISSING}
    return cache.get_many(keys)


def counted(key: str) -> int | None:
    """The counter ``key`` after this request's addition, when it was counted ahead (taken once)."""
    ahead = _ahead.get()
    return None if ahead is None else ahead.counts.pop(key, None)


def clear() -> None:
    """Drop whatever was read ahead and not taken (the request is over)."""
    _ahead.set(None)


class ReadAheadMixin:
    """For DRF views: the keys of ``read_ahead_keys`` read with the rate-limit counts in one round
    trip, after authentication and before the permissions (which read the event) are checked."""

    get_throttles: Any  # the DRF view's

    def read_ahead_keys(self, request) -> list[str]:
        """The cache keys this request is about to ask (none: nothing is read ahead)."""
        return []

    def check_permissions(self, request) -> None:
        keys = self.read_ahead_keys(request) if fast.on("read_ahead") else None
        if keys:
            # A rate limit that can say which counter it will count on (core.throttling's) is counted here.
            plans = (getattr(throttle, "planned_count", None) for throttle in self.get_throttles())
            planned = (plan(request, self) for plan in plans if plan is not None)
            fetch(keys, [count for count in planned if count is not None])
        super().check_permissions(request)  # type: ignore[misc]  # the DRF view's

    def dispatch(self, request, *args, **kwargs):
        try:
            return super().dispatch(request, *args, **kwargs)  # the DRF view's
        finally:
            clear()
