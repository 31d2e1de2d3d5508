"""Rate limits per caller: a user by account, a table token by token, anyone else by address.

- The address is ``REMOTE_ADDR``, unless ``NUM_PROXIES`` (REST_FRAMEWORK setting, from the
  environment) says how many proxies of ours stand in front: then it is the address the first of
  them appended to ``X-Forwarded-For``. Whatever a client writes in that header itself is never
  trusted, so rotating it escapes nothing.
- Requests are counted with one atomic increment per request in Django's default cache, per
  fixed window (a minute for ``…/min``). With ``CACHE_URL`` set (Redis) every process counts in the
  same place; without it each process counts on its own (docs/deploy.md).
- Each request is counted once, in one cache round trip: an account or a table token by the user
  scope, anyone else by the anonymous scope alone (docs/api.md "Rate limits"); the counter is
  incremented first and created only when the window's first request finds none (with Redis,
  the increment and the expiry go in one round trip, ``core.fast.redis.round_trip``, and a read
  that knows which cache keys it is about to ask has them read in that same round trip:
  core.fast.read_ahead; both fast paths, ``rate_limit_round_trip`` and ``read_ahead``).
"""

from __future__ import annotations

import logging

from django.core.cache.backends.redis import RedisCache
from rest_framework import throttling
from rest_framework.settings import api_settings

from core import fast
from core.cache import backend
from core.fast import read_ahead
from core.fast.redis import round_trip

logger = logging.getLogger(__name__)


def client_address(request) -> str:
    """The caller's address, as far as our own proxies vouch for it."""
    remote = request.META.get("REMOTE_ADDR") or ""
    proxies = api_settings.NUM_PROXIES or 0
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR")
    if proxies <= 0 or not forwarded:
        return remote
    # Each proxy appends the address it received the request from: the n-th from the right was
    # written by our outermost proxy; anything to its left came from the client.
    addresses = [address.strip() for address in forwarded.split(",")]
    return addresses[-min(proxies, len(addresses))] or remote


class CountingThrottle(throttling.SimpleRateThrottle):
    """DRF's rate throttle with an atomic counter per window instead of a list of timestamps.

    DRF reads the list, appends and writes it back: two processes doing so at once lose a request,
    and the list (up to the whole rate) travels to the cache and back on every request.
    """

    # Set by SimpleRateThrottle.__init__ from the rate (the stubs leave them out).
    num_requests: int
    duration: int

    def get_ident(self, request) -> str:
        return client_address(request)

    def allow_request(self, request, view) -> bool:
        if self.rate is None:
            return True
        key = self.get_cache_key(request, view)
        if key is None:
            return True
        now = self.timer()
        window = int(now // self.duration)
        self.remaining = (window + 1) * self.duration - now
        counter = f"{key}:{window}"
        count = read_ahead.counted(counter)  # counted with what the view read ahead (one round trip)
        if count is None:
            try:
                count = counted(self.cache, counter, timeout=2 * self.duration)
            except Exception:  # a cache that does not answer must not take the API down with it
                logger.warning("Rate limit not counted: the cache did not answer", exc_info=True)
                return True
        return count <= self.num_requests

    def planned_count(self, request, view) -> tuple[str, int] | None:
        """The counter ``allow_request`` will count this request on, and its expiry; None when the
        request is not counted here (core.fast.read_ahead counts it there with the view's reads)."""
        if self.rate is None:
            return None
        key = self.get_cache_key(request, view)
        if key is None:
            return None
        return f"{key}:{int(self.timer() // self.duration)}", 2 * self.duration

    def wait(self) -> float:
        return max(self.remaining, 1.0)


def counted(cache, key: str, *, timeout: int) -> int:
    """The counter ``key`` after adding this request, in one cache operation when it exists.

    The key outlives its window (``timeout`` is two), so it cannot expire while in use. Django's
    Redis ``incr`` asks whether the key exists first (two round trips, three with an ``add``):
    Redis's own INCR creates the key, so it goes with its EXPIRE in one round trip instead
    (the fast path ``rate_limit_round_trip``; off, Django's ``incr`` and ``add``).
    """
    cache = backend(cache)  # DRF's throttles hold django.core.cache.cache, a proxy to it
    if isinstance(cache, RedisCache) and fast.on("rate_limit_round_trip"):
        name = cache.make_and_validate_key(key)
        count, _ = round_trip(cache, [("INCR", name), ("EXPIRE", name, timeout)])
        return int(count)
    try:
        return cache.incr(key)
    except ValueError:  # the window's first request
        if cache.add(key, 1, timeout=timeout):
            return 1
        return cache.incr(key)  # another process added it meanwhile


class AnonRateThrottle(CountingThrottle, throttling.AnonRateThrottle):
    pass


class UserRateThrottle(CountingThrottle, throttling.UserRateThrottle):
    def get_cache_key(self, request, view):
        user = request.user
        if not (user and user.is_authenticated):
            return None  # counted by AnonRateThrottle, by address: once is enough
        # A table token has no account (pk None): count it on its own, not with every table.
        ident = getattr(user, "throttle_ident", None) or user.pk
        return self.cache_format % {"scope": self.scope, "ident": ident}


class PinRateThrottle(CountingThrottle):
    """The requests that carry a ``pin``, counted per object of the URL (a match), whoever sends
    them: a PIN is short, so guessing it is what must be slow (``pin`` rate, docs/scoring.md "One
    phone at the table"). A request without one is not counted here."""

    scope = "pin"

    def get_cache_key(self, request, view):
        data = request.data
        if not isinstance(data, dict) or not data.get("pin"):
            return None
        return self.cache_format % {"scope": self.scope, "ident": view.kwargs.get("pk")}
