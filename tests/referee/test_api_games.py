"""The ``game`` of a referee question and of ``GET /api/v1/rulesets/`` (docs/referee.md): Guandan
stays the default, an unknown game is a 400 at ``game``, and Guandan's lean path is untouched."""

from __future__ import annotations

import random
from unittest import mock

import pytest
from rest_framework import serializers

from engine.guandan.profiles import BUILTIN as GUANDAN
from engine.guandan.profiles import STANDARD
from engine.guandan.simulate import simulate_deal

pytestmark = pytest.mark.django_db
PLAYS = "/api/v1/referee/plays/validate"
DEALS = "/api/v1/referee/deals/replay"
TRIBUTES = "/api/v1/referee/tributes/validate"
RULESETS = "/api/v1/rulesets/"


def only_error(response) -> dict:
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    return error


def test_guandan_is_the_default_game(api_client):
    question = {"level": "2", "cards": ["H2", "S3", "C4", "S5", "S6"]}
    plain = api_client.post(PLAYS, question, format="json").json()
    named = api_client.post(PLAYS, {**question, "game": "guandan"}, format="json").json()
    assert plain == named
    assert plain["game"] == "guandan"
    assert plain["reading"]["wilds"] == ["2"]


@pytest.mark.fast_path("lean_input")
def test_guandan_named_still_takes_the_lean_path(api_client):
    deal = simulate_deal(rng=random.Random(1), level=2, profile=STANDARD).request()
    with mock.patch.object(serializers.BaseSerializer, "__init__", side_effect=AssertionError("built")):
        question = {"game": "guandan", "level": "2", "cards": ["S3", "S3"]}
        assert api_client.post(PLAYS, question, format="json").status_code == 200
        body = api_client.post(DEALS, {**deal, "game": "guandan"}, format="json").json()
    assert body["game"] == "guandan" and body["valid"] is True


@pytest.mark.parametrize("url", [PLAYS, DEALS, TRIBUTES])
def test_an_unknown_game_is_a_400_at_game(api_client, url):
    error = only_error(api_client.post(url, {"game": "chess", "cards": ["S3"]}, format="json"))
    assert (error["field"], error["code"]) == ("game", "unknown_game")


def test_a_game_is_a_string(api_client):
    error = only_error(api_client.post(PLAYS, {"game": 4, "cards": ["S3"]}, format="json"))
    assert (error["field"], error["code"]) == ("game", "invalid_type")


def test_only_guandan_has_tributes(api_client):
    error = only_error(api_client.post(TRIBUTES, {"game": "doudizhu4", "level": "2"}, format="json"))
    assert (error["field"], error["code"]) == ("game", "not_supported")


def test_a_question_of_one_game_does_not_take_another_games_members(api_client):
    """A Dou Dizhu play has no level: its body is Dou Dizhu's, checked by its own serializer."""
    error = only_error(api_client.post(PLAYS, {"game": "doudizhu4", "level": "2"}, format="json"))
    assert (error["field"], error["code"]) == ("cards", "required")


def test_the_rulesets_without_a_game_are_guandans(api_client):
    for query in ({}, {"game": ""}, {"game": "guandan"}):
        body = api_client.get(RULESETS, query).json()
        assert {item["key"] for item in body["results"]} == set(GUANDAN)


def test_the_rulesets_of_an_unknown_game_are_a_400_at_game(api_client):
    error = only_error(api_client.get(RULESETS, {"game": "chess"}))
    assert (error["field"], error["code"]) == ("game", "unknown_game")


def test_each_games_rulesets_have_their_own_etag(api_client):
    guandan = api_client.get(RULESETS)
    daguai = api_client.get(RULESETS, {"game": "daguai"})
    assert guandan["ETag"] != daguai["ETag"]
    again = api_client.get(RULESETS, {"game": "daguai"}, HTTP_IF_NONE_MATCH=daguai["ETag"])
    assert again.status_code == 304
    assert api_client.get(RULESETS, HTTP_IF_NONE_MATCH=daguai["ETag"]).status_code == 200
