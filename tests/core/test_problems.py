"""Every error is application/problem+json with a stable code (docs/api.md)."""

import logging

import pytest

pytestmark = pytest.mark.django_db
PROBLEM = "application/problem+json"


def _assert_problem(response, status: int, code: str) -> dict:
    assert response.status_code == status
    assert response["Content-Type"].startswith(PROBLEM)
    body = response.json()
    assert body["status"] == status
    assert body["code"] == code
    assert body["type"] == f"urn:guandan:problem:{code}"
    assert body["title"] and body["detail"]
    assert body["request_id"] == response["X-Request-ID"]
    return body


@pytest.mark.urls("tests.core.views")
def test_400_lists_each_field_error_with_a_stable_code(token_client):
    response = token_client.post(
        "/echo/", {"name": "toolongname", "count": 0, "items": [1, "x"]}, format="json"
    )
    body = _assert_problem(response, 400, "invalid")
    errors = {(e["field"], e["code"]) for e in body["errors"]}
    assert errors == {("name", "max_length"), ("count", "min_value"), ("items.1", "invalid_type")}
    assert all(e["message"] for e in body["errors"])


@pytest.mark.urls("tests.core.views")
def test_400_single_error_names_its_code_at_the_top(token_client):
    body = _assert_problem(token_client.post("/echo/", {"name": "ok"}, format="json"), 400, "required")
    assert body["errors"] == [{"field": "count", "code": "required", "message": "This field is required."}]


@pytest.mark.urls("tests.core.views")
def test_400_malformed_json(token_client):
    response = token_client.generic("POST", "/echo/", "{not json", content_type="application/json")
    _assert_problem(response, 400, "parse_error")


@pytest.mark.urls("tests.core.views")
def test_401_anonymous_write(api_client):
    response = api_client.post("/echo/", {"name": "a", "count": 1}, format="json")
    body = _assert_problem(response, 401, "not_authenticated")
    assert response["WWW-Authenticate"] == "Token"
    assert "errors" not in body


@pytest.mark.urls("tests.core.views")
def test_401_bad_token(api_client):
    api_client.credentials(HTTP_AUTHORIZATION="Token nope")
    _assert_problem(api_client.get("/echo/"), 401, "invalid_token")


@pytest.mark.urls("tests.core.views")
def test_403_authenticated_but_not_allowed(token_client):
    _assert_problem(token_client.get("/root-only/"), 403, "permission_denied")


@pytest.mark.urls("tests.core.views")
def test_415_unsupported_media_type(token_client):
    response = token_client.generic("POST", "/echo/", "name=a", content_type="text/plain")
    _assert_problem(response, 415, "unsupported_media_type")


def test_404_unknown_url_is_problem_json_not_html(api_client):
    _assert_problem(api_client.get("/api/v1/no-such-thing/"), 404, "not_found")


def test_404_outside_the_api_is_problem_json_too(api_client):
    _assert_problem(api_client.get("/nowhere"), 404, "not_found")


def test_405_method_not_allowed(token_client):
    _assert_problem(token_client.delete("/api/v1/health/"), 405, "method_not_allowed")


@pytest.mark.urls("tests.core.views")
def test_500_is_logged_with_request_id_and_hides_the_trace(api_client, caplog):
    with caplog.at_level(logging.ERROR, logger="core.problems"):
        response = api_client.get("/boom/", HTTP_X_REQUEST_ID="req-123")
    body = _assert_problem(response, 500, "server_error")
    assert body["request_id"] == "req-123"
    assert "secret internal detail" not in response.content.decode()
    assert "Traceback" not in response.content.decode()
    assert any("req-123" in r.getMessage() and r.exc_info for r in caplog.records)


@pytest.mark.urls("tests.core.views")
def test_429_throttled(token_client, settings):
    from django.core.cache import cache
    from rest_framework.settings import api_settings
    from rest_framework.throttling import UserRateThrottle

    cache.clear()
    original = UserRateThrottle.THROTTLE_RATES
    UserRateThrottle.THROTTLE_RATES = {**api_settings.DEFAULT_THROTTLE_RATES, "user": "2/min"}
    try:
        for _ in range(2):
            assert token_client.get("/echo/").status_code == 200
        response = token_client.get("/echo/")
    finally:
        UserRateThrottle.THROTTLE_RATES = original
        cache.clear()
    _assert_problem(response, 429, "throttled")
    assert int(response["Retry-After"]) > 0


@pytest.mark.urls("tests.core.views")
def test_errors_in_chinese_on_accept_language_zh_hans(api_client):
    response = api_client.post("/echo/", {}, format="json", HTTP_ACCEPT_LANGUAGE="zh-Hans")
    body = _assert_problem(response, 401, "not_authenticated")
    assert body["title"] == "需要身份验证"
    assert body["detail"] == "身份认证信息未提供。"


def test_429_table_tokens_are_counted_each_on_their_own():
    from types import SimpleNamespace

    from core.throttling import UserRateThrottle

    def request(ident):
        user = SimpleNamespace(is_authenticated=True, pk=None, throttle_ident=ident)
        return SimpleNamespace(user=user)

    throttle = UserRateThrottle()
    assert throttle.get_cache_key(request("table-1"), None) != throttle.get_cache_key(
        request("table-2"), None
    )


def test_404_is_problem_json_with_debug_on_too(api_client, settings):
    settings.DEBUG = True
    response = api_client.get("/api/v1/still-nothing/")
    _assert_problem(response, 404, "not_found")


@pytest.mark.urls("tests.core.views")
def test_an_error_outside_drf_views_is_problem_json(client, settings):
    settings.DEBUG = True  # Django would show its HTML debug page
    response = client.get("/plain-boom/")
    assert response.status_code == 500
    assert response["Content-Type"].startswith(PROBLEM)
    assert response.json()["code"] == "server_error"


# ---- unknown URLs and missing trailing slashes: a problem for every method, never a redirect ----
@pytest.fixture
def csrf_client():
    """A client that is held to CSRF checks, as a real one is (test clients are exempt by default)."""
    from rest_framework.test import APIClient

    return APIClient(enforce_csrf_checks=True)


@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE"])
def test_a_write_to_an_unknown_url_is_404_not_a_csrf_failure(csrf_client, method):
    response = csrf_client.generic(method, "/api/v1/nope", '{"a": 1}', content_type="application/json")
    _assert_problem(response, 404, "not_found")


@pytest.mark.parametrize("debug", [False, True])
def test_a_post_without_the_trailing_slash_is_a_404_naming_the_right_url(csrf_client, settings, debug):
    settings.DEBUG = debug  # with DEBUG on, Django's APPEND_SLASH would even raise a RuntimeError
    csrf_client.credentials(HTTP_AUTHORIZATION="Token nope")
    response = csrf_client.post("/api/v1/events", {"name": "Cup"}, format="json")
    body = _assert_problem(response, 404, "not_found")
    assert "/api/v1/events/" in body["detail"]
    assert "Location" not in response


def test_a_get_without_the_trailing_slash_is_not_redirected(api_client):
    response = api_client.get("/api/v1/events")
    _assert_problem(response, 404, "not_found")
    assert "Location" not in response


def test_the_admin_still_needs_its_csrf_token(csrf_client):
    response = csrf_client.post("/admin/login/", {"username": "a", "password": "b"})
    _assert_problem(response, 403, "csrf_failed")
