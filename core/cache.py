"""The cache backend behind DRF's cache proxy (what the rate limits and core.fast.read_ahead ask)."""

from __future__ import annotations

from django.core.cache import DEFAULT_CACHE_ALIAS, BaseCache, caches
from django.utils.connection import ConnectionProxy


def backend(cache: BaseCache | ConnectionProxy) -> BaseCache:
    """The cache backend behind ``cache``: ``django.core.cache.cache`` (what DRF's throttles hold)
    is a proxy to the default alias's backend of the current thread, not the backend itself."""
    if isinstance(cache, ConnectionProxy):
        return caches[getattr(cache, "_alias", DEFAULT_CACHE_ALIAS)]
    return cache
