"""The OpenAPI document says what every operation does beyond its serializers (core/schema.py,
docs/api.md "Authentication and permissions")."""

from __future__ import annotations

import pytest
from drf_spectacular.generators import EndpointEnumerator, SchemaGenerator

from core.idempotency import IdempotentMixin

METHODS = ("get", "post", "put", "patch", "delete")


@pytest.fixture(scope="module")
def document() -> dict:
    return SchemaGenerator().get_schema(request=None, public=True)


def operations(document):
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield path, method, operation


def headers(operation) -> set[str]:
    return {p["name"] for p in operation.get("parameters", []) if p["in"] == "header"}


def test_every_operation_declares_its_problems_as_problem_json(document):
    for path, method, operation in operations(document):
        problems = {code: r for code, r in operation["responses"].items() if int(code) >= 400}
        throttled = {"429"} if path != "/api/v1/health/" else set()  # the health check is never throttled
        assert {"401", "503", *throttled} <= set(problems), (method, path)
        for code, response in problems.items():
            if (path, code) == ("/api/v1/health/", "503"):
                continue  # the health check's own body: what is down (test_the_health_check_…)
            assert list(response["content"]) == ["application/problem+json"], (method, path, code)
            assert response["content"]["application/problem+json"]["schema"] == {
                "$ref": "#/components/schemas/Problem"
            }


def test_a_write_can_be_malformed_too_large_of_the_wrong_type_or_conflicting(document):
    for path, method, operation in operations(document):
        if method in ("post", "put", "patch") and "referee" not in path:
            assert {"400", "413", "415", "409"} <= set(operation["responses"]), (method, path)


def test_a_path_with_ids_can_name_nothing(document):
    for path, method, operation in operations(document):
        if "{" in path:
            assert "404" in operation["responses"], (method, path)


def test_every_post_that_honours_an_idempotency_key_says_so(document):
    declared = 0
    for path, _regex, method, view in EndpointEnumerator().get_api_endpoints():
        if method != "POST":
            continue
        view_class = getattr(view, "cls", None)
        operation = document["paths"][path.replace("{pk}", "{id}")]["post"]  # the document names ids `id`
        honours = view_class is not None and issubclass(view_class, IdempotentMixin)
        assert ("Idempotency-Key" in headers(operation)) == honours, path
        declared += honours
    assert declared >= 15  # events, registration, rounds, scorekeeping…


def test_the_referee_questions_and_public_reads_need_no_token(document):
    anonymous = {
        (path, method)
        for path, method, operation in operations(document)
        if {} in operation.get("security", [])
    }
    assert ("/api/v1/referee/plays/validate", "post") in anonymous
    assert ("/api/v1/events/{event_slug}/standings/", "get") in anonymous
    assert ("/api/v1/events/{event_slug}/matches/", "get") in anonymous
    assert ("/api/v1/events/{event_slug}/audit/", "get") not in anonymous
    assert ("/api/v1/events/{event_slug}/webhooks/", "get") not in anonymous
    assert not any(method != "get" and "referee" not in path for path, method in anonymous)


def test_edits_take_if_match_and_reads_if_none_match_with_a_304(document):
    paths = document["paths"]
    assert "If-Match" in headers(paths["/api/v1/events/{event_slug}/pairs/{id}/"]["patch"])
    read = paths["/api/v1/events/{event_slug}/standings/"]["get"]
    assert "If-None-Match" in headers(read)
    assert "304" in read["responses"]


def test_query_parameters_may_be_empty_and_pages_are_bounded(document):
    parameters = {
        p["name"]: p for p in document["paths"]["/api/v1/events/{event_slug}/pairs/"]["get"]["parameters"]
    }
    assert parameters["page"]["allowEmptyValue"] is True
    assert parameters["page"]["schema"]["minimum"] == 1
    assert (parameters["page_size"]["schema"]["minimum"], parameters["page_size"]["schema"]["maximum"]) == (
        1,
        500,
    )


def test_ids_sent_in_a_body_are_bounded_integers(document):
    unit = document["components"]["schemas"]["PairCreateRequest"]["properties"]["unit"]
    assert (unit["type"], unit["minimum"], unit["maximum"]) == ("integer", 1, 2**63 - 1)


def test_the_health_check_documents_its_own_503_body(document):
    unhealthy = document["paths"]["/api/v1/health/"]["get"]["responses"]["503"]
    assert unhealthy["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Health"}


def test_each_member_of_a_discriminated_one_of_names_its_own_value(document):
    # JSON Schema's oneOf means exactly one: an answer must match one member, not all of them. A
    # member may be a union itself (a /sync answer of one kind, told apart by its outcome): each of
    # its objects names the value; a member two values map to (`applied`, `already_applied`) both.
    schemas = document["components"]["schemas"]

    def objects(name):
        member = schemas[name]
        if "properties" in member:
            return [member]
        return [obj for each in member["oneOf"] for obj in objects(each["$ref"].rsplit("/", 1)[-1])]

    seen = 0
    for schema in schemas.values():
        discriminator = schema.get("discriminator") or {}
        mapping = discriminator.get("mapping", {})
        for value, ref in mapping.items():
            for member in objects(ref.rsplit("/", 1)[-1]):
                prop = member["properties"][discriminator["propertyName"]]
                if "$ref" in prop:  # an enum component of its one value (ENUM_NAME_OVERRIDES)
                    prop = schemas[prop["$ref"].rsplit("/", 1)[-1]]
                assert value in prop["enum"]
                assert prop["enum"] == sorted(v for v, r in mapping.items() if r == ref)
            seen += 1
    assert seen >= 8  # the play and replay answers of four games
