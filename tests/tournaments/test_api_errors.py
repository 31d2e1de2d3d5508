"""Errors are problem+json with stable codes, and no request makes a 500 (docs/api.md).

Every write endpoint of the tournaments app gets malformed bodies, and random JSON over its own
field names; every list gets malformed query strings. Whatever happens must be a 2xx or a 4xx
problem.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tournaments.conftest import PROBLEM, actor_client, event_with_rounds
from tournaments.models import EventStatus

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


@pytest.fixture
def setup():
    setup = event_with_rounds(EventStatus.PUBLISHED)
    setup["client"] = actor_client(setup["event"], "organizer")
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
