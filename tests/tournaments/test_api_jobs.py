"""Long work is a job (issue 21; docs/api.md "Jobs", docs/events.md): an import, a draw or a singles
draw above its size (lowered here with the ``settings`` fixture) answers ``202 Accepted`` with the
job and its ``Location``; the job ends with what the request would have answered at once.

The worker is Celery's eager mode: the task runs in-process when the request's transaction commits
(``django_capture_on_commit_callbacks(execute=True)``, the test's transaction never commits).
"""

from __future__ import annotations

import io
import re
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from core.jobs import run_job
from core.models import AuditEntry, Job
from tests.tournaments.conftest import (
    EventFactory,
    PlayerFactory,
    StageFactory,
    assert_problem,
    client_for,
    make_pairs,
    new_user,
    role_client,
)
from tests.tournaments.test_import import ENGLISH, csv_file, upload, xlsx_file
from tournaments.models import Match, Pair, Player, Role, StageKind

pytestmark = pytest.mark.django_db

ROWS = [f"{n},,Player {n}a,Player {n}b,Club,,,,,," for n in range(1, 6)]


@pytest.fixture
def small_jobs(settings):
    """Every import of more than 3 rows and every draw of more than 3 pairs is a job."""
    settings.JOB_IMPORT_ROWS = 3
    settings.JOB_DRAW_PAIRS = 3


def as_job(client, post, capture):
    """POST through ``post(client)``, run its job as a worker would, and read the job."""
    with capture(execute=True):
        response = post(client)
    assert response.status_code == 202, response.content
    job = client.get(response["Location"])
    assert job.status_code == 200, job.content
    return response, job.json()


# ---- imports ------------------------------------------------------------------------------------
def test_a_small_import_is_answered_at_once(event, organizer, small_jobs):
    response = upload(organizer, event, csv_file(ENGLISH, *ROWS[:3]))
    assert response.status_code == 201
    assert response.json()["imported"] == 3
    assert not Job.objects.exists()


def without_dimension(upload_file) -> SimpleUploadedFile:
    """The workbook with no ``<dimension>`` in its sheet, as some programs write them."""
    source, target = zipfile.ZipFile(io.BytesIO(upload_file.read())), io.BytesIO()
    with zipfile.ZipFile(target, "w") as rewritten:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename.startswith("xl/worksheets/"):
                data = re.sub(rb"<dimension [^>]*/>", b"", data)
            rewritten.writestr(item, data)
    return SimpleUploadedFile("pairs.xlsx", target.getvalue(), content_type=upload_file.content_type)


def workbook_rows(count: int) -> list[list]:
    header = ENGLISH.split(",")
    return [header, *([n, "", f"Player {n}a", f"Player {n}b"] for n in range(1, count + 1))]


def test_a_small_workbook_declaring_no_size_is_answered_at_once(event, organizer, small_jobs):
    """Its rows are counted instead (issue 35 item 8): three rows are no job."""
    response = upload(organizer, event, without_dimension(xlsx_file(workbook_rows(3))))
    assert response.status_code == 201, response.content
    assert response.json()["imported"] == 3
    assert not Job.objects.exists()


def test_a_large_workbook_declaring_no_size_is_a_job(
    event, organizer, small_jobs, django_capture_on_commit_callbacks
):
    _, job = as_job(
        organizer,
        lambda c: upload(c, event, without_dimension(xlsx_file(workbook_rows(5)))),
        django_capture_on_commit_callbacks,
    )
    assert (job["state"], job["result"]["imported"]) == ("succeeded", 5)


def test_a_large_import_is_a_job_whose_result_is_the_answer_it_would_have_had(
    event, organizer, small_jobs, settings, django_capture_on_commit_callbacks
):
    response, job = as_job(
        organizer, lambda c: upload(c, event, csv_file(ENGLISH, *ROWS)), django_capture_on_commit_callbacks
    )
    assert response["Location"] == f"/api/v1/jobs/{job['id']}/"
    assert (response.json()["state"], response["Retry-After"]) == ("queued", "1")
    assert (job["state"], job["result_status"], job["problem"]) == ("succeeded", 201, None)
    assert job["progress"] == {"done": 5, "total": 5}
    assert [p["number"] for p in job["result"]["pairs"]] == [1, 2, 3, 4, 5]
    assert Pair.objects.filter(event=event).count() == 5

    settings.JOB_IMPORT_ROWS = 2000
    other = EventFactory(published=True)
    at_once = upload(role_client(other, Role.ORGANIZER), other, csv_file(ENGLISH, *ROWS)).json()
    assert at_once["imported"] == job["result"]["imported"] == 5
    assert at_once["pairs"][0].keys() == job["result"]["pairs"][0].keys()


def test_a_finished_job_sends_no_retry_after(
    event, organizer, small_jobs, django_capture_on_commit_callbacks
):
    response, _ = as_job(
        organizer, lambda c: upload(c, event, csv_file(ENGLISH, *ROWS)), django_capture_on_commit_callbacks
    )
    assert "Retry-After" not in organizer.get(response["Location"])


def test_prefer_respond_async_makes_a_small_import_a_job(
    event, organizer, django_capture_on_commit_callbacks
):
    def post(client):
        return client.post(
            f"/api/v1/events/{event.slug}/pairs/import",
            {"file": csv_file(ENGLISH, *ROWS[:1])},
            format="multipart",
            HTTP_PREFER="respond-async, wait=5",
        )

    _, job = as_job(organizer, post, django_capture_on_commit_callbacks)
    assert (job["state"], job["result"]["imported"]) == ("succeeded", 1)


def test_a_failed_import_job_has_the_problem_of_the_answer_at_once_and_writes_nothing(
    event, organizer, small_jobs, settings, django_capture_on_commit_callbacks
):
    rows = [*ROWS[:2], "3,,Player 3a,,Club,,,,,,", *ROWS[3:]]
    _, job = as_job(
        organizer, lambda c: upload(c, event, csv_file(ENGLISH, *rows)), django_capture_on_commit_callbacks
    )
    settings.JOB_IMPORT_ROWS = 2000
    at_once = assert_problem(upload(organizer, event, csv_file(ENGLISH, *rows)), 400, "required")
    assert (job["state"], job["result"]) == ("failed", None)
    problem = job["problem"]
    assert (problem["status"], problem["code"], problem["errors"]) == (400, "required", at_once["errors"])
    assert problem["instance"] == f"/api/v1/events/{event.slug}/pairs/import"
    assert not Pair.objects.filter(event=event).exists()
    assert not Player.objects.filter(event=event).exists()
    assert bytes(Job.objects.get().content) == b""  # the upload is not kept once the job ends


def test_a_dry_run_job_answers_as_a_dry_run(event, organizer, small_jobs, django_capture_on_commit_callbacks):
    _, job = as_job(
        organizer,
        lambda c: upload(c, event, csv_file(ENGLISH, *ROWS), dry_run=True),
        django_capture_on_commit_callbacks,
    )
    assert (job["result_status"], job["result"]) == (200, {"imported": 0, "valid_rows": 5, "pairs": []})
    assert not Pair.objects.filter(event=event).exists()


def test_the_same_idempotency_key_answers_the_same_job(
    event, organizer, small_jobs, django_capture_on_commit_callbacks
):
    def post(client):
        return client.post(
            f"/api/v1/events/{event.slug}/pairs/import",
            {"file": csv_file(ENGLISH, *ROWS)},
            format="multipart",
            HTTP_IDEMPOTENCY_KEY="import-1",
        )

    first, _ = as_job(organizer, post, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        again = post(organizer)
    assert again.status_code == 202
    assert (again["Location"], again["Idempotent-Replayed"]) == (first["Location"], "true")
    assert again.json()["id"] == first.json()["id"]
    assert Job.objects.count() == 1
    assert Pair.objects.filter(event=event).count() == 5


def test_a_redelivered_import_job_does_not_import_twice(
    event, organizer, small_jobs, django_capture_on_commit_callbacks
):
    response, job = as_job(
        organizer, lambda c: upload(c, event, csv_file(ENGLISH, *ROWS)), django_capture_on_commit_callbacks
    )
    assert run_job(job["id"]) == "skipped"
    assert Pair.objects.filter(event=event).count() == 5
    assert organizer.get(response["Location"]).json() == job


def test_an_import_job_whose_worker_died_runs_again_on_redelivery(event, organizer, small_jobs):
    response = upload(organizer, event, csv_file(ENGLISH, *ROWS))  # queued: the test never commits
    job = Job.objects.get(pk=response.json()["id"])
    job.state, job.attempts = "running", 1  # claimed; its work rolled back with the dead worker
    job.save()
    assert run_job(str(job.pk)) == "succeeded"
    job.refresh_from_db()
    assert (job.state, job.attempts) == ("succeeded", 2)
    assert Pair.objects.filter(event=event).count() == 5


def test_a_job_started_three_times_fails_as_abandoned_without_working(event, organizer, small_jobs):
    response = upload(organizer, event, csv_file(ENGLISH, *ROWS))
    Job.objects.filter(pk=response.json()["id"]).update(state="running", attempts=3)
    assert run_job(response.json()["id"]) == "skipped"
    job = organizer.get(response["Location"]).json()
    assert (job["state"], job["problem"]["code"], job["problem"]["status"]) == (
        "failed",
        "job_abandoned",
        500,
    )
    assert not Pair.objects.filter(event=event).exists()


def test_an_import_job_is_audited_as_the_organiser_who_asked(
    event, organizer, small_jobs, django_capture_on_commit_callbacks
):
    before = set(AuditEntry.objects.values_list("pk", flat=True))
    as_job(
        organizer, lambda c: upload(c, event, csv_file(ENGLISH, *ROWS)), django_capture_on_commit_callbacks
    )
    entries = AuditEntry.objects.exclude(pk__in=before)
    assert entries.count() == 16  # a unit, five pairs and their ten players
    assert {(entry.actor_id, entry.via[:6], entry.event_id) for entry in entries} == {
        (organizer.user.pk, "token:", event.pk)
    }


# ---- who reads a job ----------------------------------------------------------------------------
@pytest.fixture
def job_url(event, organizer, small_jobs) -> str:
    return upload(organizer, event, csv_file(ENGLISH, *ROWS))["Location"]


def test_the_events_other_organisers_read_a_job(event, job_url):
    assert role_client(event, Role.ORGANIZER).get(job_url).status_code == 200


@pytest.mark.parametrize("role", [Role.CHIEF_REFEREE, Role.REFEREE, Role.SCOREKEEPER])
def test_the_events_other_roles_do_not_see_a_job(event, job_url, role):
    assert_problem(role_client(event, role).get(job_url), 404, "not_found")


def test_an_outsider_does_not_see_a_job(job_url):
    assert_problem(client_for(new_user()).get(job_url), 404, "not_found")


def test_an_anonymous_read_of_a_job_is_a_401(client, job_url):
    assert client.get(job_url).status_code == 401


def test_an_unknown_job_is_a_404(organizer):
    missing = "/api/v1/jobs/00000000-0000-4000-8000-000000000000/"
    assert_problem(organizer.get(missing), 404, "not_found")
    assert_problem(organizer.get("/api/v1/jobs/not-a-uuid/"), 404, "not_found")


def test_a_job_read_again_unchanged_is_a_304(organizer, job_url):
    etag = organizer.get(job_url)["ETag"]
    assert organizer.get(job_url, HTTP_IF_NONE_MATCH=etag).status_code == 304


# ---- draws ---------------------------------------------------------------------------------------
@pytest.fixture
def swiss_round(event, organizer):
    stage = StageFactory(event=event, kind=StageKind.SWISS, name="Swiss")
    response = organizer.post(f"/api/v1/events/{event.slug}/rounds/", {"stage": stage.pk}, format="json")
    return response.json()["number"]


def draw(client, event, number, **headers):
    return client.post(
        f"/api/v1/events/{event.slug}/rounds/{number}/draw", {"seed": 7}, format="json", **headers
    )


def test_a_small_draw_is_answered_at_once(event, organizer, swiss_round, small_jobs):
    make_pairs(event, 3)
    assert draw(organizer, event, swiss_round).status_code == 200
    assert not Job.objects.exists()


def test_a_large_draw_is_a_job_whose_result_is_the_round(
    event, organizer, swiss_round, small_jobs, django_capture_on_commit_callbacks
):
    make_pairs(event, 8)
    _, job = as_job(organizer, lambda c: draw(c, event, swiss_round), django_capture_on_commit_callbacks)
    assert (job["state"], job["result_status"]) == ("succeeded", 200)
    assert job["progress"] == {"done": 1, "total": 1}
    round_ = organizer.get(f"/api/v1/events/{event.slug}/rounds/{swiss_round}/").json()
    assert job["result"] == round_
    assert (round_["draw_seed"], round_["match_count"]) == (7, 4)
    assert Match.objects.filter(round__event=event).count() == 4


def test_a_refused_draw_job_has_the_problem_of_the_answer_at_once(
    event, organizer, swiss_round, django_capture_on_commit_callbacks
):
    make_pairs(event, 1)
    at_once = assert_problem(draw(organizer, event, swiss_round), 409, "too_few_entrants")
    _, job = as_job(
        organizer,
        lambda c: draw(c, event, swiss_round, HTTP_PREFER="respond-async"),
        django_capture_on_commit_callbacks,
    )
    assert job["state"] == "failed"
    assert (job["problem"]["status"], job["problem"]["code"]) == (409, "too_few_entrants")
    assert job["problem"]["detail"] == at_once["detail"]


def test_a_draw_job_of_a_published_round_fails_as_the_draw_would(
    event, organizer, swiss_round, django_capture_on_commit_callbacks
):
    make_pairs(event, 8)
    assert draw(organizer, event, swiss_round).status_code == 200
    assert organizer.post(f"/api/v1/events/{event.slug}/rounds/{swiss_round}/publish").status_code == 200
    _, job = as_job(
        organizer,
        lambda c: draw(c, event, swiss_round, HTTP_PREFER="respond-async"),
        django_capture_on_commit_callbacks,
    )
    assert (job["state"], job["problem"]["status"], job["problem"]["code"]) == (
        "failed",
        409,
        "round_not_draft",
    )


def test_a_stale_if_match_on_a_large_draw_is_a_412_and_no_job(event, organizer, swiss_round, small_jobs):
    make_pairs(event, 8)
    assert_problem(draw(organizer, event, swiss_round, HTTP_IF_MATCH='"stale"'), 412, "precondition_failed")
    assert not Job.objects.exists()


def test_a_large_singles_draw_is_a_job(event, organizer, small_jobs, django_capture_on_commit_callbacks):
    for _ in range(5):
        PlayerFactory(event=event)

    def post(client):
        return client.post(f"/api/v1/events/{event.slug}/pairs/draw-singles", {"seed": 3}, format="json")

    _, job = as_job(organizer, post, django_capture_on_commit_callbacks)
    assert (job["state"], job["result_status"]) == ("succeeded", 201)
    assert (job["result"]["seed"], len(job["result"]["pairs"])) == (3, 2)
    assert job["result"]["unpaired"] is not None
    assert Pair.objects.filter(event=event).count() == 2
