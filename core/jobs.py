"""Jobs: long work run by a Celery worker, not by the request that asked for it (docs/api.md "Jobs").

An import or a draw above its size (settings ``JOB_IMPORT_ROWS``, ``JOB_DRAW_PAIRS``), or any
request that says ``Prefer: respond-async`` (RFC 7240), is answered ``202 Accepted`` with the job
(``core.models.Job``) and ``Location: /api/v1/jobs/{id}``; a worker does the work and the job then
holds what the request would have answered: the body of its success (``result``) or its problem
(``problem``, with the code and status the request would have answered).

Core knows the mechanism, not the work: each app registers the kinds of job it runs (``register``,
in its ``AppConfig.ready``) as a function of the job and a progress reporter that returns
``(status, body)`` or raises what its view would have raised.

The worker (``run_job``), so that a job is done once and entirely or not at all:

- it **claims** the job in a short transaction of its own (row lock, ``running``, one more attempt),
  so the job's state is committed whatever the work does; a job already finished is left alone;
- it does the **work and records the result in ONE transaction** that holds the job's row lock
  throughout: the work is all-or-nothing, and a second delivery of the same job (the broker
  redelivers with ``acks_late``) waits on that lock and then finds the job finished;
- a refused work is rolled back and the problem recorded in a transaction of its own;
- a worker killed mid-work (its transaction rolled back by the database) leaves the job
  ``running``: the task is redelivered (``reject_on_worker_lost``, and ``requeue_stale`` for what
  the broker lost) and the job is run again; after ``MAX_ATTEMPTS`` starts it fails with
  ``job_abandoned`` instead of killing worker after worker.

Progress is reported by the work at its own pace and kept in the cache at most once a second
(the job's row is locked and its changes invisible until the work commits); the row gets the
last figures when the job ends.
"""

from __future__ import annotations

import datetime
import logging
import time
from collections.abc import Callable
from typing import Any

from celery import shared_task
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _

from core.audit import acting, current_actor
from core.errors import NotFound
from core.idempotency import HEADER, request_principal
from core.models import Job, JobState
from core.problems import problem_body, problem_of_exception
from core.request_id import current_request_id, request_id_of

logger = logging.getLogger("core.jobs")

PREFER_ASYNC = "respond-async"
FINISHED = (JobState.SUCCEEDED, JobState.FAILED)
MAX_ATTEMPTS = 3
PROGRESS_EVERY = 1.0  # seconds between two live progress figures
PROGRESS_SECONDS = 24 * 60 * 60  # how long the cache keeps them
STALE_AFTER = datetime.timedelta(minutes=15)  # a job waiting or running this long is queued again

#: Reports progress: ``progress(done, total)``, in the work's own units (rows, pairs).
Progress = Callable[[int, int], None]
#: Does a job's work: ``(status, body)`` of the answer the request would have had.
Runner = Callable[[Job, Progress], tuple[int, Any]]
RUNNERS: dict[str, Runner] = {}


def register(kind: str, runner: Runner) -> None:
    """Let jobs of ``kind`` be run by ``runner`` (call it in ``AppConfig.ready``)."""
    RUNNERS[kind] = runner


def asks_async(request) -> bool:
    """Whether the request says ``Prefer: respond-async`` (RFC 7240): a job whatever its size."""
    preferences = request.headers.get("Prefer", "")
    return any(
        part.split(";")[0].split("=")[0].strip().lower() == PREFER_ASYNC for part in preferences.split(",")
    )


def start(*, request, kind: str, event_id: int | None, params: dict[str, Any], content: bytes = b"") -> Job:
    """The job for what ``request`` asks, queued for a worker once the caller's transaction commits
    (the worker must find the row). ``params`` (JSON) and ``content`` (an upload's bytes) are
    everything the work needs."""
    if kind not in RUNNERS:
        raise KeyError(f"No runner registered for jobs of kind {kind!r}.")
    actor, via, _ = current_actor()
    account = actor if isinstance(actor, get_user_model()) else None  # a table token has none
    job = Job.objects.create(
        kind=kind,
        event_id=event_id,
        path=request.path[: Job._meta.get_field("path").max_length],
        principal=request_principal(request),
        actor=account,
        via=via,
        language=translation.get_language() or "",
        request_id=current_request_id(),
        idempotency_key=request.headers.get(HEADER, ""),
        params=params,
        content=content,
    )
    enqueue(job)
    return job


def enqueue(job: Job) -> None:
    """Send the job to a worker when the transaction commits. A broker that refuses is logged, not
    raised: the job stays ``queued`` and ``requeue_stale`` sends it again."""
    job_id = str(job.pk)
    transaction.on_commit(lambda: run_job.delay(job_id), robust=True)


# ---- reading ----
def _progress_key(job_id) -> str:
    return f"job:progress:{job_id}"


def progress_of(job: Job) -> tuple[int, int | None]:
    """(done, total) of a job: the live figures while it runs, else those it recorded."""
    if job.state == JobState.RUNNING:
        live = cache.get(_progress_key(job.pk))
        if live is not None:
            return live[0], live[1]
    return job.progress_done, job.progress_total


# ---- the worker ----
class _Reporter:
    """The progress callback given to a job's work: keeps the last figures, and puts them in the
    cache at most once every ``PROGRESS_EVERY`` seconds (and the last one always)."""

    def __init__(self, job: Job):
        self.key = _progress_key(job.pk)
        self.done, self.total = job.progress_done, job.progress_total
        self._sent = float("-inf")

    def __call__(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        now = time.monotonic()
        if done >= total or now - self._sent >= PROGRESS_EVERY:
            cache.set(self.key, (done, total), PROGRESS_SECONDS)
            self._sent = now


@shared_task(name="core.run_job", acks_late=True, reject_on_worker_lost=True)
def run_job(job_id: str) -> str:
    """Run one job (see the module's docstring); safe to run twice, or at the same time twice."""
    job = _claim(job_id)
    if job is None:
        return "skipped"
    runner = RUNNERS[job.kind]
    reporter = _Reporter(job)
    with (
        translation.override(job.language or settings.LANGUAGE_CODE),
        acting(job.actor, job.via),
        request_id_of(job.request_id),
    ):
        try:
            with transaction.atomic():
                locked = Job.objects.select_for_update().get(pk=job.pk)
                if locked.state != JobState.RUNNING:
                    return "skipped"  # another delivery finished it while this one waited
                status, body = runner(locked, reporter)
                _finish(locked, reporter, result=body, status=status)
                return "succeeded"
        except Exception as exc:  # the work is rolled back; what refused it is the job's problem
            problem = problem_of_exception(exc, job.path)
        with transaction.atomic():
            locked = Job.objects.select_for_update().get(pk=job.pk)
            if locked.state == JobState.RUNNING:
                _finish(locked, reporter, problem=problem)
        return "failed"


def _claim(job_id: str) -> Job | None:
    """Mark the job running (committed at once), or None when there is nothing to do."""
    with transaction.atomic():
        job = Job.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.state in FINISHED:
            return None
        if job.attempts >= MAX_ATTEMPTS:
            with request_id_of(job.request_id):
                problem = _abandoned(job)
            _finish(job, _Reporter(job), problem=problem)
            return None
        job.state, job.attempts, job.started_at = JobState.RUNNING, job.attempts + 1, timezone.now()
        job.save(update_fields=["state", "attempts", "started_at"])
        return job


def _abandoned(job: Job) -> dict[str, Any]:
    return problem_body(
        status_code=500,
        code="job_abandoned",
        detail=_("The job was started %(n)d times and never finished; nothing of it was saved.")
        % {"n": job.attempts},
        instance=job.path,
    )


def _finish(
    job: Job, reporter: _Reporter, *, result: Any = None, status: int | None = None, problem=None
) -> None:
    job.state = JobState.FAILED if problem is not None else JobState.SUCCEEDED
    job.result, job.result_status, job.problem = result, status, problem
    job.progress_done, job.progress_total = reporter.done, reporter.total
    job.finished_at = timezone.now()
    job.content = b""  # the upload has served its purpose
    job.save()
    cache.delete(reporter.key)


@shared_task(name="core.requeue_stale_jobs")
def requeue_stale_jobs() -> int:
    """Queue again the jobs queued or started more than ``STALE_AFTER`` ago and not finished (a
    message the broker lost, a worker that died): running a job twice is safe (``run_job``)."""
    cutoff = timezone.now() - STALE_AFTER
    stale = Job.objects.filter(state__in=(JobState.QUEUED, JobState.RUNNING), created_at__lt=cutoff).exclude(
        started_at__gte=cutoff
    )
    ids = [str(pk) for pk in stale.values_list("pk", flat=True)]
    for job_id in ids:
        run_job.delay(job_id)
    return len(ids)


@shared_task(name="core.purge_jobs")
def purge_jobs(days: int = 7) -> int:
    """Forget the jobs finished more than ``days`` ago (run daily by Celery beat), as the
    ``Idempotency-Key`` that made them is forgotten."""
    cutoff = timezone.now() - datetime.timedelta(days=days)
    deleted, _ = Job.objects.filter(state__in=FINISHED, finished_at__lt=cutoff).delete()
    return deleted


# ---- who reads a job ----
#: Who else than the caller who asked may read a job: checks ``(request, job) -> bool`` that the
#: apps add in ``AppConfig.ready`` (the events app: the organisers of the job's event).
READERS: list[Callable[[Any, Job], bool]] = []


def readable(request, job_id) -> Job:
    """The job, for the caller who asked for it or a reader the apps allow; else ``NotFound`` (a
    job another caller may not read does not exist for them)."""
    job = Job.objects.filter(pk=job_id).first()
    if job is None or not (
        job.principal == request_principal(request) or any(check(request, job) for check in READERS)
    ):
        raise NotFound(_("No such job."), "not_found")
    return job
