"""Errors are problem+json with stable codes, and no request makes a 500 (docs/api.md).

Every write endpoint of the tournaments app gets malformed bodies, and random JSON over its own
field names; every list gets malformed query strings. Whatever happens must be a 2xx or a 4xx
problem.

The event and its organizer are built once for the module; each test runs in a savepoint rolled
back after it, on its own copy of the event.
"""

from __future__ import annotations

import copy
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from tests.conftest import rolled_back
from tests.tournaments.conftest import PROBLEM, client_for, event_with_rounds, field_errors, grant
from tournaments.models import EventStatus, Role

pytestmark = pytest.mark.django_db

E = "/api/v1/events/{event}"
WRITES = [
    (
        "POST",
        "/api/v1/events/",
        ["slug", "name", "starts_on", "ends_on", "time_zone", "game", "ruleset", "rule_overrides"],
    ),
    (
        "PATCH",
        f"{E}/",
        [
            "match_format",
            "deal_limit",
            "time_limit_minutes",
            "equal_levels",
            "best_of",
            "rule_overrides",
            "status",
        ],
    ),
    ("POST", f"{E}/units/", ["name", "short_name"]),
    ("POST", f"{E}/players/", ["name", "unit", "email", "phone", "seed"]),
    ("POST", f"{E}/pairs/", ["number", "name", "player_1", "player_2", "unit", "seed", "grade"]),
    ("PATCH", f"{E}/pairs/{{pair}}/", ["name", "unit", "seed", "grade", "status", "status_reason"]),
    ("POST", f"{E}/pairs/draw-singles", ["seed"]),
    (
        "POST",
        f"{E}/stages/",
        ["name", "kind", "order", "advance_count", "first_round", "group_count", "best_of"],
    ),
    ("POST", f"{E}/rounds/", ["stage", "number", "starts_at"]),
    ("PATCH", f"{E}/rounds/2/", ["stage", "starts_at", "number"]),
    ("POST", f"{E}/rounds/2/draw", ["seed"]),
    ("POST", f"{E}/rounds/2/swap", ["pair_a", "pair_b", "table", "to_table"]),
    ("POST", f"{E}/roles/", ["username", "role", "tables"]),
    ("POST", f"{E}/table-tokens/", ["table"]),
]
LISTS = [
    f"{E}/units/",
    f"{E}/players/",
    f"{E}/pairs/",
    f"{E}/stages/",
    f"{E}/rounds/",
    f"{E}/matches/",
    f"{E}/roles/",
    f"{E}/table-tokens/",
    "/api/v1/events/",
]
RAW_BODIES = ["{not json", "[]", "null", '"text"', "12", '{"a": ', "\x00", "{'single': 'quotes'}"]
QUERIES = [
    {"page": "abc"},
    {"page": "99"},
    {"page_size": "-1"},
    {"page_size": "x"},
    {"round": "1e99"},
    {"round": "99999999999999999999"},
    {"table": "-3"},
    {"status": "\x00"},
    {"unit": "abc"},
]

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([0, -1, 2**31, 2**63, 2**70, 1.5])
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(["", "draft", "swiss", "2026-12-05", "2026-02-30", "Asia/Shanghai", "helper", "a@b.c"])
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)
FUZZ = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def assert_no_server_error(response) -> None:
    assert response.status_code < 500, response.content[:500]
    if response.status_code >= 400:
        assert response["Content-Type"].startswith(PROBLEM)
        body = response.json()
        assert body["code"] and body["status"] == response.status_code


@pytest.fixture(scope="module")
def built(django_db_setup, django_db_blocker) -> dict:
    with rolled_back(django_db_blocker):
        setup = event_with_rounds(EventStatus.PUBLISHED)
        setup["organizer"] = grant(setup["event"], Role.ORGANIZER)
        yield setup


@pytest.fixture
def setup(built, db) -> dict:
    """The published event of tests/tournaments, its ids, and a client of its organizer."""
    setup = copy.deepcopy(built)
    setup["client"] = client_for(setup.pop("organizer"))
    return setup


@pytest.mark.parametrize(("method", "url"), [(m, u) for m, u, _ in WRITES])
@pytest.mark.parametrize("raw", RAW_BODIES)
def test_malformed_bodies_are_400s(setup, method, url, raw):
    response = setup["client"].generic(
        method, url.format(**setup["ids"]), raw, content_type="application/json"
    )
    assert_no_server_error(response)
    assert response.status_code == 400


@pytest.mark.parametrize(("method", "url"), [(m, u) for m, u, _ in WRITES])
def test_a_form_body_where_json_is_expected_does_not_break(setup, method, url):
    response = setup["client"].generic(
        method, url.format(**setup["ids"]), "seed=1&table=x", content_type="application/x-www-form-urlencoded"
    )
    assert_no_server_error(response)


@pytest.mark.parametrize(("method", "url"), [(m, u) for m, u, _ in WRITES])
def test_an_unsupported_media_type_is_a_415(setup, method, url):
    response = setup["client"].generic(method, url.format(**setup["ids"]), "<xml/>", content_type="text/xml")
    assert response.status_code == 415
    assert response.json()["code"] == "unsupported_media_type"


@pytest.mark.parametrize(("method", "url", "fields"), WRITES)
def test_random_json_never_makes_a_500(setup, method, url, fields):
    @FUZZ
    @given(body=st.dictionaries(st.sampled_from([*fields, "id", "event"]), JSON, max_size=len(fields)))
    def send(body):
        send_json = getattr(setup["client"], method.lower())
        assert_no_server_error(send_json(url.format(**setup["ids"]), body, format="json"))

    send()


SMALL, INTEGER, BIG = 2**15 - 1, 2**31 - 1, 2**63 - 1  # PositiveSmallInteger, PositiveInteger, BigInteger
SEED = 2**62  # a draw's seed (stored in a BigIntegerField)
PAIR = {"player_1": {"name": "a"}, "player_2": {"name": "b"}}
NEW_MATCH = {"round": 2, "table": 9, "ns_pair": "{pair}", "ew_pair": None}
# Every integer input of the tournaments API with the highest value it takes: what its column stores
# (or the column it is compared with), or less where the setting says so.
HIGHEST = [
    ("PATCH", f"{E}/", {}, "deal_limit", SMALL),
    ("PATCH", f"{E}/", {}, "time_limit_minutes", SMALL),
    ("PATCH", f"{E}/", {}, "best_of", 3),  # G8: 1 or 3
    ("PATCH", f"{E}/", {}, "unit_best", 1000),
    ("PATCH", f"{E}/", {}, "correction_minutes", 10080),
    ("PATCH", f"{E}/", {}, "lots_seed", 2**53 - 1),
    ("POST", f"{E}/players/", {"name": "x"}, "seed", INTEGER),
    ("PATCH", f"{E}/players/{{player}}/", {}, "seed", INTEGER),
    ("POST", f"{E}/pairs/", PAIR, "number", INTEGER),
    ("POST", f"{E}/pairs/", PAIR, "seed", INTEGER),
    ("PATCH", f"{E}/pairs/{{pair}}/", {}, "seed", INTEGER),
    ("POST", f"{E}/pairs/draw-singles", {}, "seed", SEED),
    ("POST", f"{E}/stages/", {"name": "s"}, "order", SMALL),
    ("POST", f"{E}/stages/", {"name": "s"}, "advance_count", INTEGER),
    ("POST", f"{E}/stages/", {"name": "s"}, "group_count", SMALL),
    ("POST", f"{E}/stages/", {"name": "s"}, "best_of", 3),
    ("PATCH", f"{E}/stages/{{stage}}/", {}, "order", SMALL),
    ("PATCH", f"{E}/stages/{{stage}}/", {}, "advance_count", INTEGER),
    ("POST", f"{E}/rounds/", {"stage": "{stage}"}, "number", SMALL),
    ("POST", f"{E}/rounds/2/draw", {}, "seed", SEED),
    ("POST", f"{E}/rounds/2/swap", {"pair_b": "{pair}"}, "pair_a", BIG),
    ("POST", f"{E}/rounds/2/swap", {"pair_a": "{pair}"}, "pair_b", BIG),
    ("POST", f"{E}/rounds/2/swap", {"to_table": 1}, "table", SMALL),
    ("POST", f"{E}/rounds/2/swap", {"table": 1}, "to_table", SMALL),
    ("POST", f"{E}/matches/", NEW_MATCH, "table", SMALL),
    ("POST", f"{E}/matches/", NEW_MATCH, "round", SMALL),
    ("POST", f"{E}/matches/", NEW_MATCH, "ns_pair", BIG),
    ("POST", f"{E}/matches/", NEW_MATCH, "ew_pair", BIG),
    ("PATCH", "/api/v1/matches/{draft_table_1}/", {}, "ns_pair", BIG),
    ("PATCH", "/api/v1/matches/{draft_table_1}/", {}, "ew_pair", BIG),
    ("POST", f"{E}/table-tokens/", {}, "table", SMALL),
    ("POST", f"{E}/roles/", {"username": "helper", "role": "scorekeeper"}, "tables", SMALL),
]


@pytest.mark.parametrize(
    ("method", "url", "body", "field", "highest"),
    HIGHEST,
    ids=[f"{method} {url} {field}" for method, url, _, field, _ in HIGHEST],
)
def test_an_integer_beyond_its_range_is_a_400_naming_the_field(setup, method, url, body, field, highest):
    ids = setup["ids"]
    body = {name: int(v.format(**ids)) if v in ("{pair}", "{stage}") else v for name, v in body.items()}

    def send(value):
        body[field] = [value] if field == "tables" else value
        return getattr(setup["client"], method.lower())(url.format(**ids), body, format="json")

    for beyond in (highest + 1, 2**64):
        response = send(beyond)
        assert response.status_code == 400, response.content[:300]
        assert field_errors(response) == {"tables.0" if field == "tables" else field: "max_value"}
    response = send(highest)  # the highest value may be refused for other reasons, never for its size
    assert response.status_code < 500, response.content[:300]
    assert "max_value" not in field_errors(response).values()


@cache
def served_document() -> dict:
    """The document as served, asked once per process: building it takes about a second, and the
    cases below only read it."""
    return APIClient().get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()


@pytest.mark.parametrize(
    ("component", "field", "maximum"),
    [
        ("PairCreateRequest", "number", INTEGER),
        ("PairCreateRequest", "seed", INTEGER),
        ("PatchedPairUpdateRequest", "seed", INTEGER),
        ("PlayerRequest", "seed", INTEGER),
        ("StageRequest", "order", SMALL),
        ("StageRequest", "group_count", SMALL),
        ("StageRequest", "advance_count", INTEGER),
        ("RoundRequest", "number", SMALL),
        ("SwapRequest", "table", SMALL),
        ("SwapRequest", "to_table", SMALL),
        ("SwapRequest", "pair_a", BIG),
        ("MatchCreateRequest", "table", SMALL),
        ("MatchCreateRequest", "round", SMALL),
        ("MatchWriteRequest", "ew_pair", BIG),
        ("EventRequest", "deal_limit", SMALL),
        ("EventRequest", "time_limit_minutes", SMALL),
        ("TableTokenRequest", "table", SMALL),
        ("DrawRequestRequest", "seed", SEED),
        ("SinglesDrawRequest", "seed", SEED),
    ],
)
def test_the_openapi_schema_shows_each_integer_inputs_range(component, field, maximum):
    schema = served_document()
    assert schema["components"]["schemas"][component]["properties"][field]["maximum"] == maximum


@pytest.mark.parametrize("url", LISTS)
@pytest.mark.parametrize("query", QUERIES, ids=lambda q: "&".join(f"{k}={v!r}" for k, v in q.items()))
def test_malformed_queries_never_make_a_500(setup, url, query):
    assert_no_server_error(setup["client"].get(url.format(**setup["ids"]), query))


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/api/v1/events/UPPER_and-lower/"),
        ("GET", "/api/v1/events/%E6%8E%BC%E8%9B%8B/"),
        ("GET", "/api/v1/events/{event}/rounds/0/"),
        ("POST", "/api/v1/events/{event}/rounds/abc/draw"),
        ("POST", "/api/v1/events/{event}/rounds/99999999999/publish"),
        ("GET", "/api/v1/events/{event}/pairs/-1/"),
        ("POST", "/api/v1/events/{event}/table-tokens/abc/revoke"),
        ("GET", "/api/v1/events/{event}/nothing-here/"),
    ],
)
def test_unknown_addresses_are_404_problems(setup, method, path):
    response = setup["client"].generic(method, path.format(**setup["ids"]))
    assert response.status_code == 404
    assert response["Content-Type"].startswith(PROBLEM)


@pytest.mark.parametrize("method", ["TRACE", "PATCH", "DELETE"])
def test_other_methods_on_the_event_list_are_405_not_500(method, organizer):
    response = organizer.generic(method, "/api/v1/events/", "{}", content_type="application/json")
    assert response.status_code == 405
    assert response.json()["code"] == "method_not_allowed"
