"""The rendered answers that ``core.conditional.cached_answer`` keeps under their ETag.

An ETag names one representation, so the bytes kept under it are the answer for as long as the
ETag is the one the view works out. Large answers (a national event's standings: 1.6 MB of JSON
at 5,000 pairs) cost more to carry than to look up: fetching them from Redis and unpickling them
took most of a cached read. So each process keeps a copy of what it served (``PROCESS``): a
least-recently-used store of at most ``REPRESENTATION_PROCESS_BYTES`` (a setting), each copy for
the seconds it was kept for. A copy is served without asking the shared cache whether it still
holds the key: the key names an ETag, and an ETag names one representation (that is what makes a
304 right), so bytes kept under it never go stale; they only stop being asked for once the ETag
moves. (Asking cost a round trip to Redis on every read, a quarter of what a cached read cost.)

Clients that accept gzip (``Accept-Encoding``) get large answers compressed, a tenth of the
bytes: compressed once, kept beside the plain bytes under a key of their own, the same way.
"""

from __future__ import annotations

import gzip
import re
import threading
import time
from collections import OrderedDict

from django.conf import settings
from django.core.cache import cache

#: A JSON answer smaller than this goes out as it is: compressing it saves less than it costs.
GZIP_MIN_BYTES = 16 * 1024
GZIP_LEVEL = 6
_GZIP_TOKEN = re.compile(r"(?:^|,)\s*gzip\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*(?:,|$)", re.IGNORECASE)


def accepts_gzip(request) -> bool:
    """Whether the request's ``Accept-Encoding`` lists gzip (with a quality above 0)."""
    header = request.META.get("HTTP_ACCEPT_ENCODING", "")
    found = _GZIP_TOKEN.search(header)
    if found is None:
        return False
    quality = found.group(1)
    try:
        return quality is None or float(quality) > 0
    except ValueError:
        return False


class ProcessStore:
    """Bytes by key, the least recently used dropped past ``limit()`` bytes, each for its seconds."""

    def __init__(self) -> None:
        self._entries: OrderedDict[str, tuple[float, bytes]] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    @staticmethod
    def limit() -> int:
        return settings.REPRESENTATION_PROCESS_BYTES

    def get(self, key: str) -> bytes | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return None
            expires, content = entry
            if expires <= time.monotonic():
                self._drop(key)
                return None
            self._entries.move_to_end(key)
            return content

    def put(self, key: str, content: bytes, seconds: int) -> None:
        if len(content) > self.limit():
            return
        with self._lock:
            if key in self._entries:
                self._drop(key)
            self._entries[key] = (time.monotonic() + seconds, content)
            self._size += len(content)
            while self._size > self.limit():
                self._drop(next(iter(self._entries)))

    def discard(self, key: str) -> None:
        with self._lock:
            if key in self._entries:
                self._drop(key)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._size = 0

    def _drop(self, key: str) -> None:
        _, content = self._entries.pop(key)
        self._size -= len(content)


PROCESS = ProcessStore()


def kept(key: str, seconds: int) -> bytes | None:
    """The bytes kept under ``key``: this process's copy, else the shared cache's (then copied here)."""
    content = PROCESS.get(key)
    if content is not None:
        return content
    content = cache.get(key)
    if content is not None:
        PROCESS.put(key, content, seconds)
    return content


def keep(key: str, content: bytes, seconds: int) -> None:
    """Keep ``content`` under ``key`` for ``seconds``, in the shared cache and in this process."""
    if len(content) > settings.REPRESENTATION_MAX_BYTES:
        return
    cache.set(key, content, seconds)
    PROCESS.put(key, content, seconds)


def compressed(key: str, content: bytes, seconds: int) -> bytes:
    """``content`` gzipped, kept under a key of its own beside it (compressed once per ETag)."""
    packed_key = f"{key}:gzip"
    packed = kept(packed_key, seconds)
    if packed is None:
        packed = gzip.compress(content, GZIP_LEVEL, mtime=0)
        keep(packed_key, packed, seconds)
    return packed
