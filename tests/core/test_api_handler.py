"""config.wsgi: /api/ goes through the API's own middleware (API_MIDDLEWARE), and what the API
promises (docs/api.md) is still in every answer: request ids, security headers, languages,
problem+json, CSRF for a session's writes, 429s."""

from __future__ import annotations

import io
import json
import sys

import pytest
from django.conf import settings
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import Client

from config.wsgi import api, application, pages
from core.fast.handlers import resolved
from core.throttling import AnonRateThrottle

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _keep_the_tests_connection():
    """As Django's test client does: the test's transaction must survive a request's end."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def call(method: str, path: str, body: bytes = b"", **headers: str) -> tuple[int, dict[str, str], bytes]:
    """One request through the deployed WSGI application: (status, headers, body)."""
    path, _, query = path.partition("?")
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "203.0.113.9",
        "wsgi.input": io.BytesIO(body),
        "wsgi.url_scheme": "http",
        "wsgi.errors": sys.stderr,
        "CONTENT_LENGTH": str(len(body)),
        "CONTENT_TYPE": "application/json",
        **{"HTTP_" + name.upper(): value for name, value in headers.items()},
    }
    started = []
    content = b"".join(application(environ, lambda status, items, exc=None: started.append((status, items))))
    status, items = started[0]
    return int(status.split()[0]), dict(items), content


def test_the_api_skips_only_the_middleware_of_the_html_side():
    assert _chain(pages) == [name.rsplit(".", 1)[1] for name in settings.MIDDLEWARE]
    assert _chain(api) == [name.rsplit(".", 1)[1] for name in settings.API_MIDDLEWARE]
    assert set(settings.MIDDLEWARE) - set(settings.API_MIDDLEWARE) == {
        "whitenoise.middleware.WhiteNoiseMiddleware",
        "django.contrib.messages.middleware.MessageMiddleware",
    }


def _chain(handler) -> list[str]:
    """The names of the handler's middleware, outermost first: each layer is Django's exception
    wrapper (convert_exception_to_response) around a middleware, whose get_response is the next."""
    names, layer = [], handler._middleware_chain
    while True:
        cells = [cell.cell_contents for cell in layer.__closure__ or ()]
        middleware = next((cell for cell in cells if hasattr(cell, "get_response")), None)
        if middleware is None:
            return names
        names.append(type(middleware).__name__)
        layer = middleware.get_response


def test_an_api_answer_carries_its_request_id_and_the_security_headers():
    status, headers, _ = call("GET", "/api/v1/events/", X_REQUEST_ID="abc-123")
    assert status == 200
    assert headers["X-Request-ID"] == "abc-123"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "same-origin"


def test_an_api_request_without_an_id_gets_one():
    _, headers, _ = call("GET", "/api/v1/events/", X_REQUEST_ID="not a sane id!")
    assert len(headers["X-Request-ID"]) == 32


def test_an_api_error_is_a_problem_in_the_language_asked_for():
    status, headers, body = call("GET", "/api/v1/events/nope/", ACCEPT_LANGUAGE="zh-Hans")
    assert status == 404
    assert headers["Content-Type"] == "application/problem+json"
    assert headers["Content-Language"] == "zh-hans"
    assert json.loads(body)["code"] == "not_found"


def test_a_session_write_to_the_api_still_needs_its_csrf_token(make_user):
    user = make_user("sam", is_superuser=True)
    browser = Client()
    browser.force_login(user)
    cookie = f"{settings.SESSION_COOKIE_NAME}={browser.cookies[settings.SESSION_COOKIE_NAME].value}"
    status, headers, body = call("POST", "/api/v1/events/", b'{"name": "Cup", "slug": "cup"}', COOKIE=cookie)
    assert status == 403
    assert headers["Content-Type"] == "application/problem+json"
    assert "CSRF" in json.loads(body)["detail"]


def test_over_the_limit_the_api_answers_a_429_problem(monkeypatch):
    monkeypatch.setattr(AnonRateThrottle, "rate", "2/min", raising=False)
    monkeypatch.setattr(AnonRateThrottle, "timer", staticmethod(lambda: 1_800_000_030.0))
    answers = [call("GET", "/api/v1/events/") for _ in range(3)]
    assert [status for status, _, _ in answers] == [200, 200, 429]
    _, headers, body = answers[-1]
    assert headers["Content-Type"] == "application/problem+json" and headers["Retry-After"] == "30"
    assert json.loads(body)["code"] == "throttled"


def test_the_pages_keep_every_middleware():
    status, headers, _ = call("GET", "/static/nothing-here.css")
    assert status == 404  # through the whole list: WhiteNoise looked, then the pages' 404
    assert "X-Request-ID" in headers


@pytest.mark.fast_path("resolver_cache")
def test_a_path_is_resolved_once_and_answered_alike_each_time():
    resolved.cache_clear()
    answers = [call("GET", "/api/v1/events/nope/", X_REQUEST_ID="same") for _ in range(3)]
    assert answers[0][0] == 404
    assert {(status, body) for status, _, body in answers} == {(answers[0][0], answers[0][2])}
    info = resolved.cache_info()
    assert (info.misses, info.hits) == (1, 2)


def test_another_url_conf_is_resolved_anew(settings):
    assert call("GET", "/echo/")[0] == 404  # resolved (by the pages' catch-all) and remembered
    settings.ROOT_URLCONF = "tests.core.views"  # Django clears its URL caches on the change
    status, _, body = call("POST", "/echo/", b'{"name": "ab", "count": 1}')
    assert status == 401  # the echo view's answer to a write without a token, not the 404
    assert json.loads(body)["code"] == "not_authenticated"
