"""JSON types are checked, never coerced (core/fields.py, docs/api.md "Base, formats, languages")."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.test.client import encode_multipart

from core.serializers import StrictModelSerializer

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.core.views")]


def errors(response) -> dict:
    return {error["field"]: error["code"] for error in response.json()["errors"]}


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("name", 42),  # a number where a string goes
        ("name", True),
        ("count", "3"),  # a string where an integer goes
        ("count", True),  # true is not 1 in JSON
        ("count", 2.5),
        ("flag", 0),  # 0 is not false
        ("flag", "true"),
        ("ratio", "0.5"),
        ("colour", 1),
    ],
)
def test_a_json_value_of_the_wrong_type_is_refused_on_its_field(token_client, field, value):
    body = {"name": "ok", "count": 1, field: value}
    response = token_client.post("/echo/", body, format="json")
    assert response.status_code == 400
    assert errors(response) == {field: "invalid_type"}


def test_values_of_the_right_json_types_pass(token_client):
    body = {"name": "ok", "count": 3.0, "flag": False, "ratio": 1, "colour": "red", "items": [1, 2]}
    response = token_client.post("/echo/", body, format="json")
    assert response.status_code == 201
    assert response.json() == {**body, "count": 3, "ratio": 1.0}


def test_items_of_a_list_are_checked_one_by_one(token_client):
    response = token_client.post("/echo/", {"name": "ok", "count": 1, "items": [1, "2"]}, format="json")
    assert errors(response) == {"items.1": "invalid_type"}


def test_a_form_body_carries_strings_and_is_read_as_before(token_client):
    body = encode_multipart("b0undary", {"name": "ok", "count": "3", "flag": "true"})
    response = token_client.generic(
        "POST", "/echo/", body, content_type="multipart/form-data; boundary=b0undary"
    )
    assert response.status_code == 201
    assert response.json() == {"name": "ok", "count": 3, "flag": True}


def test_the_message_is_translated(token_client):
    response = token_client.post(
        "/echo/", {"name": "ok", "count": "3"}, format="json", HTTP_ACCEPT_LANGUAGE="zh-Hans"
    )
    assert response.json()["errors"][0]["message"] != "Expected a whole number."


class GroupSerializer(StrictModelSerializer):
    class Meta:
        model = Group
        fields = ["name", "permissions"]


@pytest.mark.parametrize(("field", "value"), [("name", 42), ("permissions", ["1"]), ("permissions", [True])])
def test_the_fields_a_model_serializer_generates_check_json_types_too(field, value):
    serializer = GroupSerializer(data={"name": "ok", "permissions": [], field: value})
    assert not serializer.is_valid()
    assert {name: [error.code for error in errors] for name, errors in serializer.errors.items()} == {
        field: ["invalid_type"]
    }
