"""Idempotency-Key: a retried write changes nothing and answers the same (docs/api.md).

The claim of the key, the work and the stored answer commit together: whatever moment a request
dies at, a retry finds nothing of it (and does the work) or its answer (and gets it again).
tests/core/test_idempotency_concurrency.py races two requests on PostgreSQL.
"""

import datetime
import json
from unittest import mock

import pytest
from django.contrib.auth.models import Group
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test.client import encode_multipart
from django.utils import timezone

from core.idempotency import run_once
from core.models import IdempotencyRecord
from tests.tournaments.conftest import EventFactory, role_client
from tournaments.models import Pair, Role

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.core.views")]


def post(client, body, key="k-1"):
    return client.post("/groups/", body, format="json", HTTP_IDEMPOTENCY_KEY=key)


def test_same_key_same_body_returns_the_first_response_and_changes_nothing(token_client):
    first = post(token_client, {"name": "a"})
    again = post(token_client, {"name": "a"})
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert Group.objects.count() == 1


def test_same_key_other_body_is_422_idempotency_key_reused(token_client):
    post(token_client, {"name": "a"})
    response = post(token_client, {"name": "b"})
    assert response.status_code == 422
    assert response.json()["code"] == "idempotency_key_reused"
    assert Group.objects.count() == 1


def test_without_a_key_every_post_does_the_work(token_client):
    token_client.post("/groups/", {"name": "a"}, format="json")
    token_client.post("/groups/", {"name": "a"}, format="json")
    assert Group.objects.count() == 2


def test_keys_belong_to_their_user(token_client, api_client, make_user):
    from rest_framework.authtoken.models import Token

    post(token_client, {"name": "a"})
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=make_user('bob')).key}")
    assert post(api_client, {"name": "a"}).status_code == 201
    assert Group.objects.count() == 2


def test_a_failed_first_request_frees_the_key(token_client):
    assert post(token_client, {}).status_code == 400
    assert post(token_client, {}).status_code == 400
    assert IdempotencyRecord.objects.count() == 0


def test_a_non_success_answer_rolls_back_what_the_request_wrote(token_client):
    response = post(token_client, {"name": "a", "then": 409})
    assert response.status_code == 409
    assert Group.objects.count() == 0  # the view created one, then answered 409: rolled back
    assert IdempotencyRecord.objects.count() == 0  # and the key is free again
    assert post(token_client, {"name": "a", "then": 409}).status_code == 409


@pytest.mark.parametrize(
    "death",
    [RuntimeError("connection to the worker lost"), SystemExit(1)],  # SystemExit: gunicorn's timeout
    ids=["error", "killed"],
)
def test_a_worker_dying_between_the_work_and_the_stored_answer_leaves_nothing(token_client, death):
    """The first scheme committed the claim first: a death here left a claim without its answer,
    the work done, and (two minutes later) the work done again by the retry."""
    with mock.patch("core.idempotency.store", side_effect=death):
        if isinstance(death, Exception):
            token_client.raise_request_exception = False
            assert post(token_client, {"name": "a"}).status_code == 500
        else:
            with pytest.raises(SystemExit):
                post(token_client, {"name": "a"})
    assert Group.objects.count() == 0
    assert IdempotencyRecord.objects.count() == 0

    first = post(token_client, {"name": "a"})
    again = post(token_client, {"name": "a"})
    assert first.status_code == again.status_code == 201
    assert again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert list(Group.objects.values_list("pk", flat=True)) == [first.json()["id"]]


def test_the_same_json_written_differently_is_the_same_request(token_client):
    first = token_client.generic(
        "POST",
        "/groups/",
        '{"name": "a", "sleep": 0}',
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY="k-1",
    )
    again = token_client.generic(
        "POST",
        "/groups/",
        '{"sleep":0,\n "name":"a"}',
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY="k-1",
    )
    assert (first.status_code, again.status_code) == (201, 201)
    assert again["Idempotent-Replayed"] == "true"
    assert Group.objects.count() == 1


def test_a_path_longer_than_the_column_is_stored_bounded_and_hashed_whole(token_client):
    long_path = "/groups/" + "x" * 600
    first = token_client.post(long_path, {"name": "a"}, format="json", HTTP_IDEMPOTENCY_KEY="long")
    again = token_client.post(long_path, {"name": "a"}, format="json", HTTP_IDEMPOTENCY_KEY="long")
    assert (first.status_code, again.status_code) == (201, 201)
    assert again["Idempotent-Replayed"] == "true"
    assert len(IdempotencyRecord.objects.get().path) == 500
    # Another path with the same first 500 characters is another request.
    other = token_client.post(long_path + "y", {"name": "a"}, format="json", HTTP_IDEMPOTENCY_KEY="long")
    assert other.status_code == 422
    assert Group.objects.count() == 1


# ---- claims left by the first scheme (status_code null: committed before the work) ----
def test_a_claim_of_the_first_scheme_is_409_while_its_request_may_still_run(token_client):
    post(token_client, {"name": "a"})
    IdempotencyRecord.objects.update(status_code=None)  # as the first scheme left it mid-request
    response = post(token_client, {"name": "a"})
    assert response.status_code == 409
    assert response.json()["code"] == "idempotency_key_in_use"
    assert IdempotencyRecord.objects.filter(status_code=None).count() == 1  # left as it was


def test_a_claim_of_the_first_scheme_is_taken_over_after_two_minutes(token_client):
    post(token_client, {"name": "a"})
    IdempotencyRecord.objects.update(
        status_code=None, created_at=timezone.now() - datetime.timedelta(hours=1)
    )
    response = post(token_client, {"name": "a"})
    assert response.status_code == 201
    assert "Idempotent-Replayed" not in response
    assert Group.objects.count() == 2  # the first scheme cannot tell whether its work was done
    assert IdempotencyRecord.objects.get().status_code == 201


def test_a_claim_of_the_first_scheme_for_another_request_is_422(token_client):
    post(token_client, {"name": "a"})
    IdempotencyRecord.objects.update(status_code=None)
    assert post(token_client, {"name": "b"}).status_code == 422


# ---- one mechanism: run_once (a sync item) and the views share keys and records ----
def test_run_once_rolls_back_its_work_when_storing_the_answer_fails(user):
    def work():
        Group.objects.create(name="synced")
        return 201, {"ok": True}

    args = {
        "principal": f"user:{user.pk}",
        "key": "item-1",
        "path": "/api/v1/sync#deal:1",
        "request_hash": "h",
    }
    with mock.patch("core.idempotency.store", side_effect=RuntimeError("died")), pytest.raises(RuntimeError):
        run_once(**args, work=work)
    assert (Group.objects.count(), IdempotencyRecord.objects.count()) == (0, 0)
    assert run_once(**args, work=work) == (201, {"ok": True}, False)
    assert run_once(**args, work=work) == (201, {"ok": True}, True)
    assert Group.objects.count() == 1


def test_a_malformed_key_is_a_400(token_client):
    response = post(token_client, {"name": "a"}, key="has space")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_idempotency_key"


def test_old_keys_are_purged_by_the_daily_task(token_client):
    from core.tasks import purge_idempotency_records

    post(token_client, {"name": "a"}, key="old")
    post(token_client, {"name": "b"}, key="new")
    IdempotencyRecord.objects.filter(key="old").update(created_at=timezone.now() - datetime.timedelta(days=8))
    assert purge_idempotency_records.delay().get() == 1
    assert list(IdempotencyRecord.objects.values_list("key", flat=True)) == ["new"]


# ---- multipart: a retry is the same request whatever its boundary ----
def _upload(client, url, boundary, content, key="import-1"):
    file = SimpleUploadedFile("pairs.csv", content, content_type="text/csv")
    return client.generic(
        "POST",
        url,
        encode_multipart(boundary, {"file": file}),
        content_type=f"multipart/form-data; boundary={boundary}",
        HTTP_IDEMPOTENCY_KEY=key,
    )


@pytest.mark.urls("config.urls")
def test_a_retried_pair_import_with_a_new_boundary_replays_the_first_answer():
    event = EventFactory(published=True)
    organizer = role_client(event, Role.ORGANIZER)
    url = f"/api/v1/events/{event.slug}/pairs/import"
    content = b"player_1,player_2\nA,B\nC,D\n"

    first = _upload(organizer, url, "boundary-of-the-first-try", content)
    again = _upload(organizer, url, "another-boundary-on-retry", content)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert Pair.objects.filter(event=event).count() == 2

    other_file = _upload(organizer, url, "boundary-of-the-first-try", content + b"E,F\n")
    assert other_file.status_code == 422
    assert other_file.json()["code"] == "idempotency_key_reused"
    assert Pair.objects.filter(event=event).count() == 2


def test_a_file_is_compared_by_name_and_content(token_client):
    def send(name, content, boundary):
        file = SimpleUploadedFile(name, content, content_type="text/plain")
        body = encode_multipart(boundary, {"name": "a", "file": file})
        return token_client.generic(
            "POST",
            "/groups/",
            body,
            content_type=f"multipart/form-data; boundary={boundary}",
            HTTP_IDEMPOTENCY_KEY="upload",
        )

    assert send("a.txt", b"one", "b1").status_code == 201
    assert send("a.txt", b"one", "b2")["Idempotent-Replayed"] == "true"
    assert send("b.txt", b"one", "b3").status_code == 422
    assert send("a.txt", b"two", "b4").status_code == 422
    assert Group.objects.count() == 1
    assert json.loads(send("a.txt", b"one", "b5").content)["name"] == "a-0"
