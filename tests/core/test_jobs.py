"""The jobs' mechanism (core/jobs.py, docs/api.md "Jobs") with kinds of job made for the tests; the
events app's jobs through the API are tests/tournaments/test_api_jobs.py."""

from __future__ import annotations

import datetime
from unittest import mock

import pytest
from django.core.cache import cache
from django.test import RequestFactory
from django.utils import timezone

from core import jobs
from core.errors import Conflict
from core.jobs_api import representation
from core.models import Job, JobState

pytestmark = pytest.mark.django_db


@pytest.fixture
def kinds():
    """Three kinds of job: one that succeeds reporting progress, one refused, one that breaks."""

    def counts(job, progress):
        for done in range(job.params["to"] + 1):
            progress(done, job.params["to"])
        return 201, {"counted": job.params["to"]}

    def refused(job, progress):
        raise Conflict("Not now.", "not_now")

    def broken(job, progress):
        raise ZeroDivisionError

    saved = dict(jobs.RUNNERS)
    jobs.RUNNERS.update({"test.counts": counts, "test.refused": refused, "test.broken": broken})
    yield
    jobs.RUNNERS.clear()
    jobs.RUNNERS.update(saved)


def new_job(kind: str, **params) -> Job:
    return Job.objects.create(kind=kind, path="/api/v1/test", principal="user:1", params=params)


@pytest.mark.parametrize(
    ("prefer", "job"),
    [
        ("respond-async", True),
        ("Respond-Async", True),
        ("wait=10, respond-async", True),
        ("respond-async; foo=bar", True),
        ("return=minimal", False),
        ("", False),
        ("respond-asynchronously", False),
    ],
)
def test_prefer_respond_async_is_read_as_rfc_7240_writes_it(prefer, job):
    request = RequestFactory().post("/", HTTP_PREFER=prefer)
    assert jobs.asks_async(request) is job


def test_a_job_records_its_result_status_and_last_progress(kinds):
    job = new_job("test.counts", to=4)
    assert jobs.run_job(str(job.pk)) == "succeeded"
    job.refresh_from_db()
    assert (job.state, job.result, job.result_status) == (JobState.SUCCEEDED, {"counted": 4}, 201)
    assert (job.progress_done, job.progress_total, job.attempts) == (4, 4, 1)
    assert job.started_at <= job.finished_at


def test_a_running_jobs_progress_is_read_from_the_cache(kinds):
    job = new_job("test.counts", to=4)
    job.state = JobState.RUNNING
    cache.set(jobs._progress_key(job.pk), (2, 4))
    assert representation(job)["progress"] == {"done": 2, "total": 4}


def test_progress_reaches_the_cache_at_most_once_a_second_and_always_at_the_end(kinds):
    reporter = jobs._Reporter(new_job("test.counts", to=3))
    with mock.patch.object(jobs.cache, "set") as sent:
        for done in range(4):
            reporter(done, 3)
    assert [call.args[1] for call in sent.call_args_list] == [(0, 3), (3, 3)]


def test_a_refused_job_records_the_problem_its_request_would_have_answered(kinds):
    job = new_job("test.refused")
    assert jobs.run_job(str(job.pk)) == "failed"
    job.refresh_from_db()
    assert job.state == JobState.FAILED
    assert {key: job.problem[key] for key in ("status", "code", "detail", "instance")} == {
        "status": 409,
        "code": "not_now",
        "detail": "Not now.",
        "instance": "/api/v1/test",
    }


def test_a_broken_job_fails_as_a_500_and_is_logged(kinds, caplog):
    job = new_job("test.broken")
    assert jobs.run_job(str(job.pk)) == "failed"
    job.refresh_from_db()
    assert (job.state, job.problem["status"], job.problem["code"]) == (JobState.FAILED, 500, "server_error")
    assert "ZeroDivisionError" in caplog.text


def test_a_finished_job_is_not_run_again(kinds):
    job = new_job("test.refused")
    Job.objects.filter(pk=job.pk).update(state=JobState.SUCCEEDED)
    assert jobs.run_job(str(job.pk)) == "skipped"
    job.refresh_from_db()
    assert (job.state, job.attempts) == (JobState.SUCCEEDED, 0)


def test_stale_jobs_are_queued_again_and_recent_or_finished_ones_are_not(kinds):
    old = timezone.now() - jobs.STALE_AFTER - datetime.timedelta(minutes=1)
    stale_queued, stale_running, _recent, done = (new_job("test.counts", to=1) for _ in range(4))
    Job.objects.filter(pk__in=[stale_queued.pk, stale_running.pk, done.pk]).update(created_at=old)
    Job.objects.filter(pk=stale_running.pk).update(state=JobState.RUNNING, started_at=old)
    Job.objects.filter(pk=done.pk).update(state=JobState.SUCCEEDED)
    with mock.patch.object(jobs.run_job, "delay") as queued:
        assert jobs.requeue_stale_jobs() == 2
    assert {call.args[0] for call in queued.call_args_list} == {str(stale_queued.pk), str(stale_running.pk)}


def test_jobs_finished_a_week_ago_are_purged(kinds):
    old, recent, waiting = (new_job("test.counts", to=1) for _ in range(3))
    Job.objects.filter(pk__in=[old.pk, recent.pk]).update(
        state=JobState.SUCCEEDED, finished_at=timezone.now()
    )
    Job.objects.filter(pk=old.pk).update(finished_at=timezone.now() - datetime.timedelta(days=8))
    assert jobs.purge_jobs() == 1
    assert set(Job.objects.values_list("pk", flat=True)) == {recent.pk, waiting.pk}
