"""A deal reads as the document declares it (docs/api.md "The contract", issue 35): its leader is a
seat or null, never ``""``; its level, like every level a server writes, is one of the level enum's
(G2: 2-10, J, Q, K, A, A+)."""

from __future__ import annotations

import pytest

from scoring.serializers.plays import LEVELS
from tests.openapi_conformance import document
from tests.scoring.conftest import deals_url, post_deals

pytestmark = pytest.mark.django_db


def test_a_deal_without_a_recorded_lead_says_null_not_blank(play, table_1):
    match = play["matches"][0]
    post_deals(table_1, match, [["N", "S"]])
    deal = table_1.get(f"{deals_url(match)}1/").json()
    assert deal["leader"] is None
    assert table_1.get(deals_url(match)).json()[0]["leader"] is None


def test_a_deal_with_its_lead_names_the_seat(play, table_1):
    match = play["matches"][0]
    body = {"number": 1, "finishing_order": ["N", "S"], "leader": "E"}
    assert table_1.post(deals_url(match), body, format="json").status_code == 201
    assert table_1.get(f"{deals_url(match)}1/").json()["leader"] == "E"


def test_the_levels_a_match_answers_are_the_level_enums(play, table_1):
    match = play["matches"][0]
    state = post_deals(table_1, match, [["N", "S"], ["E", "W"]])["state"]
    assert {state["levels"]["NS"], state["levels"]["EW"], state["deal_level"]} <= set(LEVELS)
    assert table_1.get(f"{deals_url(match)}2/").json()["level"] in LEVELS


def test_the_document_declares_levels_as_the_level_enum_in_answers_and_strings_in_requests():
    schemas = document()["components"]["schemas"]
    assert schemas["LevelEnum"]["enum"] == LEVELS
    level = {"$ref": "#/components/schemas/LevelEnum"}

    def is_level(schema: dict) -> bool:
        return schema == level or schema.get("allOf") == [level]

    assert is_level(schemas["Levels"]["properties"]["NS"])
    assert is_level(schemas["LevelLineEntry"]["properties"]["EW"])
    assert is_level(schemas["MatchState"]["properties"]["deal_level"])
    assert is_level(schemas["Deal"]["properties"]["level"])
    # input also takes "T", lower case...: a string
    assert schemas["LevelsRequest"]["properties"]["NS"]["type"] == "string"
    leader = schemas["Deal"]["properties"]["leader"]
    assert leader["nullable"] and {"$ref": "#/components/schemas/SeatEnum"} in leader["oneOf"]
