"""Idempotency-Key: a retried write changes nothing and answers the same (docs/api.md)."""

import datetime

import pytest
from django.contrib.auth.models import Group
from django.utils import timezone

from core.models import IdempotencyRecord

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


def test_a_request_still_running_gets_409(token_client):
    post(token_client, {"name": "a"})
    IdempotencyRecord.objects.update(status_code=None)  # as if the first request were still running
    response = post(token_client, {"name": "a"})
    assert response.status_code == 409
    assert response.json()["code"] == "idempotency_key_in_use"


def test_an_abandoned_claim_is_taken_over(token_client):
    post(token_client, {"name": "a"})
    IdempotencyRecord.objects.update(
        status_code=None, created_at=timezone.now() - datetime.timedelta(hours=1)
    )
    assert post(token_client, {"name": "a"}).status_code == 201
    assert Group.objects.count() == 2


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
