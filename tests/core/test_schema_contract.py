"""What a client generated from the OpenAPI document relies on (docs/api.md "The contract"): a valid
document, the same on every database, whose parameters, headers, bounds and enums say what the
server does. (Every answer the test suite sees is also checked against it: tests/conftest.py.)"""

from __future__ import annotations

import json

import pytest
from django.apps import apps
from django.db import connection
from django.db.backends.base.operations import BaseDatabaseOperations
from django.db.backends.sqlite3 import base as sqlite_backend  # its operations, loaded as Django loads them
from django.http import HttpResponse
from drf_spectacular.generators import SchemaGenerator
from openapi_spec_validator import validate

from core.filters import BIGINT_MAX, SMALLINT_MAX
from engine import GAMES
from tests.contract.breaking import directions
from tests.openapi_conformance import ContractBroken, conforms, document

METHODS = ("get", "post", "put", "patch", "delete")


@pytest.fixture(scope="module")
def doc() -> dict:
    return document()


def operations(doc):
    for path, item in doc["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield path, method, operation


def headers(operation) -> set[str]:
    return {p["name"] for p in operation.get("parameters", []) if p["in"] == "header"}


def schemas(doc) -> dict:
    return doc["components"]["schemas"]


def test_the_document_is_valid_openapi(doc):
    validate(json.loads(json.dumps(doc)))  # openapi-spec-validator: raises on the first fault


def test_every_operation_that_can_answer_412_takes_if_match_and_the_reverse(doc):
    for path, method, operation in operations(doc):
        assert ("412" in operation["responses"]) == ("If-Match" in headers(operation)), (method, path)
    state_change = doc["paths"]["/api/v1/events/{event_slug}/rounds/{number}/publish"]["post"]
    assert "If-Match" in headers(state_change)


def test_path_ids_and_numbers_are_bounded_integers(doc):
    seen = 0
    for path, method, operation in operations(doc):
        for parameter in operation.get("parameters", []):
            if parameter["in"] == "path" and parameter["name"] in ("id", "number"):
                schema = parameter["schema"]
                if schema.get("format") == "uuid":
                    continue  # a job's id
                maximum = SMALLINT_MAX if parameter["name"] == "number" else BIGINT_MAX
                assert schema == {"type": "integer", "minimum": 1, "maximum": maximum}, (method, path)
                seen += 1
    assert seen >= 46


def test_every_id_in_a_body_has_the_id_columns_bound(doc):
    match = schemas(doc)["SyncDealItemRequest"]["properties"]["match"]
    incident_match = schemas(doc)["IncidentInputRequest"]["properties"]["match"]
    assert match["maximum"] == incident_match["maximum"] == BIGINT_MAX


def test_problem_declares_its_members_and_extensions(doc):
    problem = schemas(doc)["Problem"]["properties"]
    assert {"type", "title", "status", "detail", "code", "errors", "stored", "expected"} <= set(problem)


def test_answers_declare_their_headers(doc):
    standings = doc["paths"]["/api/v1/events/{event_slug}/standings/"]["get"]["responses"]
    assert "ETag" in standings["200"]["headers"] and "ETag" in standings["304"]["headers"]
    assert "Retry-After" in standings["429"]["headers"]
    created = doc["paths"]["/api/v1/events/"]["post"]["responses"]["201"]["headers"]
    assert {"ETag", "Idempotent-Replayed"} <= set(created)
    draw = doc["paths"]["/api/v1/events/{event_slug}/rounds/{number}/draw"]["post"]["responses"]
    assert {"Location", "Retry-After"} <= set(draw["202"]["headers"])
    for path, method, operation in operations(doc):
        assert "Retry-After" in operation["responses"]["503"].get("headers", {}), (method, path)


def test_the_token_scheme_says_token_or_bearer(doc):
    token = doc["components"]["securitySchemes"]["tokenAuth"]
    assert "`Token <key>`" in token["description"] and "`Bearer <key>`" in token["description"]
    assert doc["components"]["securitySchemes"]["bearerAuth"] == {
        "type": "http",
        "scheme": "bearer",
        "description": "`Bearer <key>`: the same API token.",
    }
    me = doc["paths"]["/api/v1/me/"]["get"]
    assert {"tokenAuth": []} in me["security"] and {"bearerAuth": []} in me["security"]


def test_g8_match_settings_are_enums_of_every_games_values(doc):
    event = schemas(doc)["EventRequest"]["properties"]
    values = {
        setting: {v for game in GAMES.values() for v in type(game.profile()).CHOICES.get(setting, ())}
        for setting in ("match_format", "equal_levels")
    }
    assert set(schemas(doc)["MatchFormatEnum"]["enum"]) == values["match_format"]
    assert set(schemas(doc)["EqualLevelsEnum"]["enum"]) == values["equal_levels"]
    assert {"$ref": "#/components/schemas/MatchFormatEnum"} in event["match_format"]["oneOf"]
    assert (event["best_of"]["minimum"], event["best_of"]["maximum"]) == (1, 3)


def test_seats_and_types_of_every_game_are_enums(doc):
    # Schemas set on declared fields (adapters.wire' ``enum``, ``listed``) reach the
    # document, although DRF copies the fields without them (core.schema ``_declared``).
    enum = "#/components/schemas/{}".format
    assert schemas(doc)["DoudizhuEntry"]["properties"]["seat"] == {"$ref": enum("SeatEnum")}
    assert schemas(doc)["DaguaiEntry"]["properties"]["seat"] == {"$ref": enum("DaguaiSeatEnum")}
    reading = schemas(doc)["DoudizhuReading"]["properties"]["type"]
    assert reading == {"$ref": "#/components/schemas/DoudizhuComboTypeEnum"}
    bids = schemas(doc)["DoudizhuBiddingRequestRequest"]["properties"]["bids"]
    assert bids["items"] == {"$ref": "#/components/schemas/DoudizhuBidRequest"}


def test_lists_carry_their_bounds(doc):
    items = schemas(doc)["SyncRequestRequest"]["properties"]["items"]
    assert (items["minItems"], items["maxItems"]) == (1, 200)


def test_the_deals_list_requires_only_what_every_entry_has(doc):
    entry = schemas(doc)["DealListEntry"]
    history = {"submitted_by", "voided_at", "voided_by", "void_note"}
    assert history <= set(entry["properties"])
    assert not history & set(entry["required"])


def _generated_with(ranges) -> dict:
    """The document as generated on a database whose integer columns have ``ranges``."""

    def clear():  # model fields keep the validators of the first database they met
        for model in apps.get_models():
            for field in model._meta.get_fields():
                field.__dict__.pop("validators", None)

    original = connection.ops.integer_field_range
    connection.ops.integer_field_range = ranges.__get__(connection.ops)
    clear()
    try:
        return SchemaGenerator().get_schema(request=None, public=True)
    finally:
        connection.ops.integer_field_range = original
        clear()


def test_the_document_is_the_same_on_sqlite_and_postgresql():
    on_sqlite = _generated_with(sqlite_backend.DatabaseOperations.integer_field_range)
    on_postgresql = _generated_with(BaseDatabaseOperations.integer_field_range)
    assert on_sqlite == on_postgresql


def _json(status: int, body, **headers) -> HttpResponse:
    response = HttpResponse(json.dumps(body), status=status, content_type="application/json")
    for name, value in {"X-Request-ID": "a1", **headers}.items():
        if value is not None:
            response[name] = value
    return response


def test_the_suites_check_refuses_an_answer_the_document_does_not_describe():
    # tests/conftest.py runs ``conforms`` on every answer; these are what it must not let through.
    me = {"username": "ann", "superuser": False, "roles": [], "table": None}
    conforms("GET", "/api/v1/me/", _json(200, me))
    with pytest.raises(ContractBroken, match="username"):
        conforms("GET", "/api/v1/me/", _json(200, {**me, "username": 7}))
    with pytest.raises(ContractBroken, match="does not declare"):
        conforms("GET", "/api/v1/me/", _json(418, me))
    with pytest.raises(ContractBroken, match="X-Request-ID"):
        conforms("GET", "/api/v1/me/", _json(200, me, **{"X-Request-ID": None}))
    with pytest.raises(ContractBroken, match="required"):
        conforms("GET", "/api/v1/matches/3/deals/", _json(200, [{"number": 1}]))


def _keys(node, key: str):
    """Every schema under ``node`` that has ``key`` (a property named so is no schema's key)."""
    if isinstance(node, list):
        for item in node:
            yield from _keys(item, key)
    elif isinstance(node, dict):
        if key in node and not isinstance(node[key], dict):
            yield node
        for name, value in node.items():
            if name != "properties":
                yield from _keys(value, key)
            else:
                for schema in value.values():
                    yield from _keys(schema, key)


def test_no_request_body_carries_a_default(doc):
    # Generators make a field with a default required, or send its default whenever the caller gives
    # nothing: a generated client's PATCH of a Daguai event sent "game": "guandan" (issue 35). The
    # server's default is said in words instead (core.schema).
    sent = {name for name, used in directions(doc).items() if "sent" in used}
    assert len(sent) > 100
    with_default = [name for name in sorted(sent) if list(_keys(schemas(doc)[name], "default"))]
    assert with_default == []
    for path, method, operation in operations(doc):
        assert not list(_keys(operation.get("requestBody"), "default")), (method, path)
    game = schemas(doc)["PatchedEventRequest"]["properties"]["game"]
    assert game["description"].startswith('Left out: `"guandan"`.')


def test_a_nullable_object_is_a_union_with_null_generators_read_as_nullable(doc):
    # openapi-python-client reads ``nullable`` beside ``type: object`` and an ``allOf`` as not
    # nullable (``Pair``, not ``Pair | None``): a table of four's ``ns_pair`` null broke its parse.
    for node in _keys(doc, "nullable"):
        composed = {"allOf", "oneOf", "anyOf"} & set(node)
        assert not (composed and node.get("type") == "object"), node
    ns_pair = schemas(doc)["Match"]["properties"]["ns_pair"]
    assert ns_pair["oneOf"] == [
        {"$ref": "#/components/schemas/Pair"},
        {"$ref": "#/components/schemas/NullEnum"},
    ]
