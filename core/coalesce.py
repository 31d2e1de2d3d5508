"""A background task queued at most once while one is pending: the coalescing of the standings'
refresh per event (scoring.tasks) and of the ratings' recomputation per club (seasons.tasks).

The "pending" mark is a cache ``add`` (atomic in Redis, so one process among many wins), held until
the task starts and clears it (``started``): whatever changes after that start is covered by the
next one queued. A task the broker lost frees the key after ``pending_seconds``.

A ``countdown`` makes the worker wait that long before starting the task: the changes of that wait
ride on it too, so that a steady stream of changes (a round's confirmations) starts one task every
countdown plus its run, instead of one after the other for as long as the stream lasts.
"""

from __future__ import annotations

import time
from typing import Any

from django.core.cache import cache


def queue_once(task: Any, key: str, *args: Any, pending_seconds: int, countdown: float = 0) -> bool:
    """``task`` queued with ``args`` (started ``countdown`` seconds later at the earliest) unless one
    is pending under ``key``; True when queued. A broker that refuses the task leaves nothing pending
    (the next change queues) and raises."""
    if not cache.add(key, {"at": time.time()}, pending_seconds):
        return False
    try:
        task.apply_async(args, countdown=countdown)
    except Exception:
        cache.delete(key)
        raise
    return True


def started(key: str) -> None:
    """The task under ``key`` has started: a change from now on queues the next one."""
    cache.delete(key)
