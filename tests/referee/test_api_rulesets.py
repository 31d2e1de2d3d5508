"""GET /api/v1/rulesets/ and /api/v1/rulesets/{key}/: the built-in rule profiles."""

import pytest

from engine.guandan.profiles import BUILTIN

pytestmark = pytest.mark.django_db


def test_every_builtin_profile_is_listed_with_all_settings(api_client):
    body = api_client.get("/api/v1/rulesets/").json()
    keys = {item["key"] for item in body["results"]}
    assert keys == set(BUILTIN)
    standard = next(item for item in body["results"] if item["key"] == "guandan-standard")
    assert standard["game"] == "guandan"
    assert standard["settings"] == BUILTIN["guandan-standard"].to_dict()


def test_one_profile_by_key(api_client):
    body = api_client.get("/api/v1/rulesets/guandan-seed-000/").json()
    assert body["settings"]["mandatory_levels"] == ["J", "A"]
    assert body["settings"]["a_fail_reset"] == "J"


def test_unknown_profile_is_a_404_problem(api_client):
    response = api_client.get("/api/v1/rulesets/nope/")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_rulesets_answer_if_none_match_with_304(api_client):
    first = api_client.get("/api/v1/rulesets/")
    again = api_client.get("/api/v1/rulesets/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
