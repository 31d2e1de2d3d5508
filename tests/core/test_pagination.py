"""``?page=N&page_size=M`` (core/pagination.py, docs/api.md "Lists")."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db
URL = "/api/v1/rulesets/"


@pytest.mark.parametrize("size", ["0", "501", "ten", "2.5", "-1"])
def test_a_page_size_outside_1_to_500_is_a_400_on_the_parameter(api_client, size):
    response = api_client.get(URL, {"page_size": size})
    assert response.status_code == 400
    assert [error["field"] for error in response.json()["errors"]] == ["page_size"]


def test_a_page_size_is_honoured(api_client):
    body = api_client.get(URL, {"page_size": "1"}).json()
    assert len(body["results"]) == 1
    assert body["next"] is not None


def test_an_empty_page_size_is_the_default(api_client):
    assert api_client.get(URL, {"page_size": ""}).json() == api_client.get(URL).json()


def test_a_page_past_the_last_is_a_404(api_client):
    response = api_client.get(URL, {"page": "99"})
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"
