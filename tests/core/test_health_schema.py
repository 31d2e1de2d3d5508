import re

import pytest

from tests.celery_utils import celery_conf

pytestmark = pytest.mark.django_db


def test_health_ok_with_embedded_defaults(api_client):
    response = api_client.get("/api/v1/health/")
    assert response.status_code == 200
    assert response.json()["database"] == "ok"
    assert response.json()["broker"] == "eager"
    assert response.json()["status"] == "ok"


def test_health_503_when_database_is_down(api_client, monkeypatch):
    monkeypatch.setattr("core.health.database_state", lambda: "down")
    response = api_client.get("/api/v1/health/")
    assert response.status_code == 503
    assert response.json()["status"] == "degraded"


def test_health_503_when_the_broker_is_unreachable(api_client):
    # nothing listens on port 1
    with celery_conf(broker_url="redis://127.0.0.1:1/0", task_always_eager=False):
        response = api_client.get("/api/v1/health/")
    assert response.status_code == 503
    assert response.json()["broker"] == "down"


def test_health_reports_a_reachable_broker(api_client, redis_url):
    with celery_conf(broker_url=redis_url, task_always_eager=False):
        response = api_client.get("/api/v1/health/")
    assert response.status_code == 200
    assert response.json()["broker"] == "ok"


def test_schema_is_served_and_valid(api_client):
    from django.core.management import call_command

    response = api_client.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    assert response.json()["openapi"].startswith("3.")
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", "/dev/null")


@pytest.mark.parametrize("url", ["/api/v1/docs/", "/api/v1/redoc/"])
def test_docs_pages_use_local_assets(api_client, url):
    response = api_client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert "/static/drf_spectacular_sidecar/" in html
    # No outside address at all: not a CDN, not a font service (the Redoc page used Google Fonts).
    assert re.findall(r"(?:https?:)?//[\w.-]+\.\w+", html) == []


def test_sidecar_assets_are_served(client):
    assert (
        client.get("/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js").status_code == 200
    )


def test_health_503_without_a_broker_in_production(api_client, settings):
    """Issue 23: under DEBUG=false with no CELERY_BROKER_URL the check said `"broker": "eager"` with
    200, while no worker could ever run the periodic tasks. Only development takes eager tasks."""
    settings.EAGER_TASKS_HEALTHY = False
    response = api_client.get("/api/v1/health/")
    assert response.status_code == 503
    assert response.json() | {"version": None} == {
        "status": "degraded",
        "database": "ok",
        "broker": "eager",
        "version": None,
    }
