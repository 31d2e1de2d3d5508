"""The rendered answers that ``core.conditional.cached_answer`` keeps under their ETag.

An ETag names one representation, so the bytes kept under it are the answer for as long as the
ETag is the one the view works out. Large answers (a national event's standings: 1.6 MB of JSON
at 5,000 pairs) cost more to carry than to look up: fetching them from Redis and unpickling them
took most of a cached read. So each process keeps a copy of what it served: the fast path
``process_representations`` (core.fast.representations; off, every kept answer is fetched from
the shared cache).

Clients that accept gzip (``Accept-Encoding``) get large answers compressed, a tenth of the
bytes: compressed once, kept beside the plain bytes under a key of their own, the same way.
"""

from __future__ import annotations

import gzip
import re

from django.conf import settings
from django.core.cache import cache

from core import fast
from core.fast.representations import PROCESS

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


def kept(key: str, seconds: int) -> bytes | None:
    """The bytes kept under ``key``: this process's copy, else the shared cache's (then copied here)."""
    copies = fast.on("process_representations")
    content = PROCESS.get(key) if copies else None
    if content is not None:
        return content
    content = cache.get(key)
    if content is not None and copies:
        PROCESS.put(key, content, seconds)
    return content


def keep(key: str, content: bytes, seconds: int) -> None:
    """Keep ``content`` under ``key`` for ``seconds``, in the shared cache and in this process."""
    if len(content) > settings.REPRESENTATION_MAX_BYTES:
        return
    cache.set(key, content, seconds)
    if fast.on("process_representations"):
        PROCESS.put(key, content, seconds)


def compressed(key: str, content: bytes, seconds: int) -> bytes:
    """``content`` gzipped, kept under a key of its own beside it (compressed once per ETag)."""
    packed_key = f"{key}:gzip"
    packed = kept(packed_key, seconds)
    if packed is None:
        packed = gzip.compress(content, GZIP_LEVEL, mtime=0)
        keep(packed_key, packed, seconds)
    return packed
