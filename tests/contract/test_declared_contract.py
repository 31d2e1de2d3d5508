"""What the committed document declares, against what the server does (docs/api.md "The contract",
issue 35 "The contract"): what an answer always carries is required, the standings' CSV and XLSX are
declared as such, each operation lists the credentials it accepts, and an edit sends only what it
sets. The other bullets' tests are listed in /work/brief/notes/wt-contract.md."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.contract.test_discriminators import DOC, READ
from tests.factories import EventFactory
from tests.tournaments.conftest import client_for, new_user, role_client, table_client
from tournaments.models import Role

SCHEMAS = DOC["components"]["schemas"]

#: The members of an answer that some answers leave out, each with the answers that do (issue 35:
#: "52 response fields are declared optional but present in every answer"). Every other member of
#: every component an answer reaches is required; a member made optional again fails here.
OPTIONAL = {
    # a deal's history members: only a voided or a submitted version carries them (docs/scoring.md)
    "DealListEntry": {"submitted_by", "void_note", "voided_at", "voided_by"},
    # a penalty table's effect: `amount` only for points and levels, `on_stage` only for levels
    "Effect": {"amount", "on_stage"},
    # a level line's entry: `change` only on an entry a referee's level change made (G12)
    "LevelLineEntry": {"change"},
    # a problem's extensions: each only on the problems it is about (docs/api.md "Errors")
    "Problem": {"errors", "expected", "round", "state", "stored", "table"},
    # a tribute verdict: a missing tribute has no card, index or verdict yet (G7)
    "TributeItem": {"card", "index", "ok"},
}


def optional_members() -> dict[str, set[str]]:
    found = {}
    for name in READ:
        schema = SCHEMAS[name]
        left = set(schema.get("properties", {})) - set(schema.get("required", ()))
        if left:
            found[name] = left
    return found


def test_what_every_answer_carries_is_required():
    assert optional_members() == OPTIONAL
    # the two the issue named
    assert "number" in SCHEMAS["Round"]["required"] and "instance" in SCHEMAS["Problem"]["required"]


EXPORTS = (
    "/api/v1/events/{event_slug}/standings/",
    "/api/v1/events/{event_slug}/standings/export",
    "/api/v1/events/{event_slug}/standings/units/",
    "/api/v1/events/{event_slug}/standings/units/export",
)
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@pytest.mark.parametrize("path", EXPORTS)
def test_the_standings_csv_and_xlsx_are_declared_as_such_not_as_json(path):
    content = DOC["paths"][path]["get"]["responses"]["200"]["content"]
    csv, xlsx = content["text/csv"]["schema"], content[XLSX]["schema"]
    assert csv["type"] == "string" and "$ref" not in csv
    assert (xlsx["type"], xlsx["format"]) == ("string", "binary")


@pytest.mark.django_db
def test_the_standings_csv_is_answered_as_text_csv():
    event = EventFactory(published=True)
    answer = APIClient().get(f"/api/v1/events/{event.slug}/standings/?format=csv")
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/csv")
    answer = APIClient().get(f"/api/v1/events/{event.slug}/standings/?format=xlsx")
    assert answer.status_code == 200 and answer["Content-Type"] == XLSX


def security(method: str, path: str) -> set[str]:
    listed = DOC["paths"][path][method]["security"]
    names = {name for requirement in listed for name in requirement}
    return names | {"anonymous"} if {} in listed else names


def operations():
    for path, item in DOC["paths"].items():
        for method, operation in item.items():
            if isinstance(operation, dict) and "responses" in operation:
                yield method, path


def test_every_operation_takes_the_api_token_both_ways():
    for method, path in operations():
        assert {"tokenAuth", "bearerAuth"} <= security(method, path), (method, path)


#: Operations a table's token may call (docs/api.md "Credentials"), and operations only an event's
#: staff may (the document must not offer a table's token there, nor an anonymous caller).
TABLE_OPERATIONS = (
    ("post", "/api/v1/matches/{id}/deals/"),
    ("post", "/api/v1/matches/{id}/result"),
    ("post", "/api/v1/matches/{id}/result/confirm"),
    ("post", "/api/v1/sync"),
    ("get", "/api/v1/me/"),
    ("get", "/api/v1/table/"),
    ("post", "/api/v1/events/{event_slug}/incidents/{id}/appeal"),
)
STAFF_OPERATIONS = (
    ("get", "/api/v1/events/{event_slug}/webhooks/", "/api/v1/events/{slug}/webhooks/"),
    ("get", "/api/v1/events/{event_slug}/roles/", "/api/v1/events/{slug}/roles/"),
    ("get", "/api/v1/events/{event_slug}/audit/", "/api/v1/events/{slug}/audit/"),
    ("patch", "/api/v1/events/{event_slug}/", "/api/v1/events/{slug}/"),
)


@pytest.mark.parametrize(("method", "path"), TABLE_OPERATIONS)
def test_a_tables_operations_list_the_table_token(method, path):
    assert "tableToken" in security(method, path)


@pytest.mark.parametrize(("method", "path", "url"), STAFF_OPERATIONS)
def test_the_staffs_operations_list_neither_the_table_token_nor_anonymous(method, path, url):
    assert not {"tableToken", "anonymous"} & security(method, path)


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "path", "url"), STAFF_OPERATIONS)
def test_a_table_token_is_refused_where_the_document_does_not_list_it(method, path, url):
    event = EventFactory(published=True)
    answer = getattr(table_client(event, 1), method)(url.format(slug=event.slug), {}, format="json")
    assert answer.status_code in (401, 403), answer.json()
    assert role_client(event, Role.ORGANIZER).get(url.format(slug=event.slug)).status_code == 200


@pytest.mark.django_db
def test_a_table_token_is_let_through_where_the_document_lists_it():
    event = EventFactory(published=True)
    assert "tableToken" in security("get", "/api/v1/me/")
    me = table_client(event, 3).get("/api/v1/me/")
    assert me.status_code == 200 and me.json()["table"] == {"event": event.slug, "table": 3}


@pytest.mark.django_db
def test_a_daguai_events_edit_sends_only_what_it_sets_and_keeps_its_game():
    """Issue 35: the event PATCH body's `game` defaulted to `guandan`, so a generated client sent it
    and a Daguai event's edit failed with `400 unknown_ruleset`."""
    assert "default" not in SCHEMAS["PatchedEventRequest"]["properties"]["game"]
    assert "required" not in SCHEMAS["PatchedEventRequest"]
    organiser = client_for(new_user("daguai-organiser"))
    created = organiser.post(
        "/api/v1/events/", {"slug": "daguai-night", "name": "Daguai", "game": "daguai"}, format="json"
    )
    assert created.status_code == 201, created.json()
    edited = organiser.patch("/api/v1/events/daguai-night/", {"venue": "The tea house"}, format="json")
    assert edited.status_code == 200, edited.json()
    assert (edited.json()["game"], edited.json()["venue"]) == ("daguai", "The tea house")


def test_every_answer_declares_its_request_id_and_every_401_how_to_authenticate():
    for method, path in operations():
        for status, response in DOC["paths"][path][method]["responses"].items():
            assert response["headers"]["X-Request-ID"]["required"] is True, (method, path, status)
        assert DOC["paths"][path][method]["responses"]["401"]["headers"]["WWW-Authenticate"]["required"]


def test_a_jobs_read_declares_retry_after_while_it_runs():
    headers = DOC["paths"]["/api/v1/jobs/{id}/"]["get"]["responses"]["200"]["headers"]
    assert "Retry-After" in headers and not headers["Retry-After"].get("required")  # not once finished
