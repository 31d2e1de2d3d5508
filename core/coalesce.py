"""A background task queued at most once while one is pending: the coalescing of the standings'
refresh per event (scoring.tasks) and of the ratings' recomputation per club (seasons.tasks).

The "pending" mark is a cache ``add`` (atomic in Redis, so one process among many wins), held until
the task starts and clears it (``started``): whatever changes after that start is covered by the
next one queued. A task the broker lost frees the key after ``pending_seconds``.
"""

from __future__ import annotations

import time
from typing import Any

from django.core.cache import cache


def queue_once(task: Any, key: str, *args: Any, pending_seconds: int) -> bool:
    """``task.delay(*args)`` unless one is pending under ``key``; True when queued. A broker that
    refuses the task leaves nothing pending (the next change queues) and raises."""
    if not cache.add(key, {"at": time.time()}, pending_seconds):
        return False
    try:
        task.delay(*args)
    except Exception:
        cache.delete(key)
        raise
    return True


def started(key: str) -> None:
    """The task under ``key`` has started: a change from now on queues the next one."""
    cache.delete(key)
