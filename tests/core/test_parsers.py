"""Bad bodies are 4xx problems, never 500s, and nothing is written (core/parsers.py, docs/api.md)."""

import pytest
from django.contrib.auth.models import Group
from django.test.client import encode_multipart

from core.models import IdempotencyRecord
from core.parsers import MAX_DEPTH, nesting_depth_exceeds

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.core.views")]
PROBLEM = "application/problem+json"


def _problem(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith(PROBLEM)
    body = response.json()
    assert (body["status"], body["code"]) == (status, code)
    return body


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def post_json(client, url, raw: str, **extra):
    return client.generic("POST", url, raw, content_type="application/json", **extra)


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_json_nested_beyond_what_python_parses_is_a_400_parse_error(token_client, depth):
    _problem(post_json(token_client, "/echo/", _nested(depth)), 400, "parse_error")


def test_json_nested_deeper_than_the_limit_is_a_400_parse_error(token_client):
    body = '{"name": "a", "items": ' + _nested(MAX_DEPTH) + "}"  # MAX_DEPTH + 1 levels in all
    _problem(post_json(token_client, "/echo/", body), 400, "parse_error")


def test_json_nested_within_the_limit_reaches_the_view(token_client):
    body = '{"name": "a", "items": ' + _nested(MAX_DEPTH - 1) + "}"
    response = post_json(token_client, "/echo/", body)
    assert response.json()["code"] != "parse_error"  # the serializer answers (count is missing)


def test_deep_json_with_an_idempotency_key_writes_nothing(token_client):
    response = post_json(token_client, "/groups/", _nested(1_000), HTTP_IDEMPOTENCY_KEY="deep")
    _problem(response, 400, "parse_error")
    assert (Group.objects.count(), IdempotencyRecord.objects.count()) == (0, 0)


def test_nesting_depth_is_measured_without_recursion():
    deep: list = []
    for _ in range(50_000):
        deep = [deep]
    assert nesting_depth_exceeds(deep, MAX_DEPTH)
    assert not nesting_depth_exceeds({"a": [1, {"b": [2]}]}, 4)  # object, list, object, list
    assert nesting_depth_exceeds({"a": [1, {"b": [2]}]}, 3)
    assert not nesting_depth_exceeds("scalar", 1)


# ---- bodies over DATA_UPLOAD_MAX_MEMORY_SIZE: 413 payload_too_large ----
@pytest.fixture
def small_limit(settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1_000
    return 1_000


def test_a_json_body_over_the_limit_is_a_413(token_client, small_limit):
    body = '{"name": "' + "a" * small_limit + '"}'
    _problem(post_json(token_client, "/echo/", body), 413, "payload_too_large")


def test_a_json_body_within_the_limit_is_read(token_client, small_limit):
    response = post_json(token_client, "/echo/", '{"name": "a", "count": 1}')
    assert response.status_code == 201


def test_a_form_body_over_the_limit_is_a_413(token_client, small_limit):
    body = "name=" + "a" * small_limit
    response = token_client.generic("POST", "/echo/", body, content_type="application/x-www-form-urlencoded")
    _problem(response, 413, "payload_too_large")


def test_a_multipart_field_over_the_limit_is_a_413(token_client, small_limit):
    body = encode_multipart("b0undary", {"name": "a" * (2 * small_limit)})
    response = token_client.generic(
        "POST", "/echo/", body, content_type="multipart/form-data; boundary=b0undary"
    )
    _problem(response, 413, "payload_too_large")


def test_a_body_over_the_limit_with_an_idempotency_key_writes_nothing(token_client, small_limit):
    body = '{"name": "' + "a" * small_limit + '"}'
    response = post_json(token_client, "/groups/", body, HTTP_IDEMPOTENCY_KEY="big")
    _problem(response, 413, "payload_too_large")
    assert (Group.objects.count(), IdempotencyRecord.objects.count()) == (0, 0)


def test_a_form_over_the_limit_in_a_plain_django_view_is_a_413(client, small_limit):
    response = client.generic(
        "POST", "/plain-form/", "a=" + "b" * small_limit, content_type="application/x-www-form-urlencoded"
    )
    _problem(response, 413, "payload_too_large")


def test_too_many_form_fields_is_a_400(client, settings):
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 10
    body = "&".join(f"f{i}=1" for i in range(20))
    response = client.generic("POST", "/plain-form/", body, content_type="application/x-www-form-urlencoded")
    _problem(response, 400, "too_many_fields")
