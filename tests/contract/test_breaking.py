"""The check of the contract's changes (tests/contract/breaking.py, docs/api.md "The contract"): what
breaks a client generated from the older document, and what the changelog must say of it."""

from __future__ import annotations

import copy
import json
import subprocess

import pytest

from tests.contract import changelog as history
from tests.contract.breaking import Change, changes
from tests.contract.changelog import Changelog, report, steps, unlisted


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def body(name: str) -> dict:
    return {"content": {"application/json": {"schema": ref(name)}}, "required": True}


def answer(name: str) -> dict:
    return {"description": "", "content": {"application/json": {"schema": ref(name)}}}


def base() -> dict:
    """A small document: a round read and edited, a result confirmed, and their components."""
    return {
        "openapi": "3.0.3",
        "paths": {
            "/api/v1/rounds/{number}/": {
                "get": {
                    "operationId": "rounds_retrieve",
                    "parameters": [
                        {"in": "path", "name": "number", "required": True, "schema": {"type": "integer"}},
                        {"in": "query", "name": "lang", "schema": {"type": "string", "maxLength": 8}},
                    ],
                    "responses": {"200": answer("Round"), "404": {"description": ""}},
                    "security": [{"tokenAuth": []}, {}],
                },
                "patch": {
                    "operationId": "rounds_partial_update",
                    "requestBody": body("PatchedRoundRequest"),
                    "responses": {"200": answer("Round")},
                    "security": [{"tokenAuth": []}],
                },
            },
            "/api/v1/results/confirm": {
                "post": {
                    "operationId": "results_confirm",
                    "requestBody": body("ConfirmInputRequest"),
                    "responses": {"200": answer("Round")},
                },
            },
        },
        "components": {
            "schemas": {
                "Round": {
                    "type": "object",
                    "properties": {
                        "number": {"type": "integer"},
                        "status": {"allOf": [ref("StatusEnum")], "readOnly": True},
                        "seat": {"allOf": [ref("SeatEnum")], "nullable": True},
                        "leader": {"type": "string"},
                    },
                    "required": ["number", "status"],
                },
                "PatchedRoundRequest": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "string", "minLength": 1, "maxLength": 40},
                        "seat": ref("SeatEnum"),
                    },
                },
                "ConfirmInputRequest": {"type": "object", "properties": {"pin": {"type": "string"}}},
                "StatusEnum": {"enum": ["draft", "published"], "type": "string"},
                "SeatEnum": {"enum": ["N", "E", "S", "W"], "type": "string"},
            }
        },
    }


def changed(edit) -> list[Change]:
    new = copy.deepcopy(base())
    edit(new)
    return changes(base(), new)


def keys(found: list[Change], breaking_only: bool = True) -> set[str]:
    return {c.key for c in found if c.breaking or not breaking_only}


def schema(document: dict, name: str) -> dict:
    return document["components"]["schemas"][name]


def test_the_same_document_changes_nothing():
    assert changes(base(), base()) == []


def test_descriptions_and_examples_break_nobody():
    def edit(d):
        schema(d, "Round")["properties"]["number"]["description"] = "The round's number."
        schema(d, "Round")["example"] = {"number": 1}

    assert changed(edit) == []


def test_a_removed_operation_breaks():
    assert keys(changed(lambda d: d["paths"]["/api/v1/rounds/{number}/"].pop("patch"))) == {
        "PATCH /api/v1/rounds/{number}/: removed"
    }


def test_a_changed_operation_id_breaks_the_generated_function():
    def edit(d):
        d["paths"]["/api/v1/results/confirm"]["post"]["operationId"] = "confirm"

    assert keys(changed(edit)) == {"POST /api/v1/results/confirm: operationId results_confirm → confirm"}


def test_a_renamed_component_is_one_removal_where_it_was_declared():
    # The break of issue 35: ConfirmInputRequest became PinConfirmInputRequest.
    def edit(d):
        schemas = d["components"]["schemas"]
        schemas["PinConfirmInputRequest"] = schemas.pop("ConfirmInputRequest")
        d["paths"]["/api/v1/results/confirm"]["post"]["requestBody"] = body("PinConfirmInputRequest")

    found = changed(edit)
    assert keys(found) == {
        "ConfirmInputRequest: removed",
        "POST /api/v1/results/confirm body application/json: ConfirmInputRequest → PinConfirmInputRequest",
    }
    assert "PinConfirmInputRequest: added" in keys(found, breaking_only=False)


def test_a_removed_property_breaks_whoever_reads_or_sends_it():
    assert keys(changed(lambda d: schema(d, "Round")["properties"].pop("leader"))) == {
        "Round.leader: removed"
    }
    assert keys(changed(lambda d: schema(d, "PatchedRoundRequest")["properties"].pop("name"))) == {
        "PatchedRoundRequest.name: removed"
    }


def test_a_field_made_required_breaks_what_is_sent_not_what_is_read():
    assert keys(changed(lambda d: schema(d, "PatchedRoundRequest").update(required=["name"]))) == {
        "PatchedRoundRequest.name: now required"
    }
    found = changed(lambda d: schema(d, "Round")["required"].append("leader"))
    assert keys(found) == set()
    assert keys(found, breaking_only=False) == {"Round.leader: now required"}


def test_a_field_no_longer_required_breaks_what_is_read():
    assert keys(changed(lambda d: schema(d, "Round")["required"].remove("number"))) == {
        "Round.number: no longer required"
    }


def test_a_required_field_added_to_a_request_breaks_it():
    def edit(d):
        schema(d, "PatchedRoundRequest")["properties"]["game"] = {"type": "string"}
        schema(d, "PatchedRoundRequest")["required"] = ["game"]

    assert keys(changed(edit)) == {"PatchedRoundRequest.game: added, required"}
    added = changed(lambda d: schema(d, "Round")["properties"].update(game={"type": "string"}))
    assert keys(added) == set() and keys(added, breaking_only=False) == {"Round.game: added"}


def test_a_removed_enum_value_breaks_and_an_added_one_breaks_readers():
    # SeatEnum is sent (the round's edit) and read (the round): both rules apply.
    seats = schema(base(), "SeatEnum")["enum"]
    assert keys(changed(lambda d: seats.remove("W") or schema(d, "SeatEnum").update(enum=seats))) == {
        'SeatEnum: value "W" removed'
    }
    assert keys(changed(lambda d: schema(d, "SeatEnum").update(enum=["N", "E", "S", "W", "X"]))) == {
        'SeatEnum: value "X" added'
    }
    # StatusEnum is only read: a new status is one a generated client refuses.
    assert keys(changed(lambda d: schema(d, "StatusEnum")["enum"].append("closed"))) == {
        'StatusEnum: value "closed" added'
    }


def test_an_enum_value_added_to_what_is_sent_breaks_nobody():
    def edit(d):
        d["paths"]["/api/v1/rounds/{number}/"]["get"]["parameters"][1]["schema"]["enum"] = ["en", "zh"]

    base_enum = base()
    base_enum["paths"]["/api/v1/rounds/{number}/"]["get"]["parameters"][1]["schema"]["enum"] = ["en"]
    new = copy.deepcopy(base_enum)
    edit(new)
    assert keys(changes(base_enum, new)) == set()


def test_a_type_narrowed_or_changed_breaks():
    def to_level_enum(d):
        schema(d, "Round")["properties"]["leader"] = ref("SeatEnum")

    assert keys(changed(to_level_enum)) == {"Round.leader: string → SeatEnum"}
    to_string = changed(lambda d: schema(d, "Round")["properties"].update(number={"type": "string"}))
    assert keys(to_string) == {"Round.number: integer → string"}


def test_null_newly_read_or_no_longer_sent_breaks():
    assert keys(changed(lambda d: schema(d, "Round")["properties"]["leader"].update(nullable=True))) == {
        "Round.leader: now nullable"
    }
    assert keys(changed(lambda d: schema(d, "Round")["properties"]["seat"].pop("nullable"))) == set()


def test_tighter_bounds_on_what_is_sent_break():
    def tighter(d):
        schema(d, "PatchedRoundRequest")["properties"]["name"].update(maxLength=20, minLength=2)

    assert keys(changed(tighter)) == {
        "PatchedRoundRequest.name: maxLength 40 → 20",
        "PatchedRoundRequest.name: minLength 1 → 2",
    }
    looser = changed(lambda d: schema(d, "PatchedRoundRequest")["properties"]["name"].update(maxLength=80))
    assert keys(looser) == set()


def test_parameters_removed_or_made_required_break():
    def parameters(d) -> list:
        return d["paths"]["/api/v1/rounds/{number}/"]["get"]["parameters"]

    assert keys(changed(lambda d: parameters(d).pop(1))) == {
        "GET /api/v1/rounds/{number}/ query lang: removed"
    }
    assert keys(changed(lambda d: parameters(d)[1].update(required=True))) == {
        "GET /api/v1/rounds/{number}/ query lang: now required"
    }


def test_a_success_status_or_media_type_no_longer_answered_breaks():
    responses = ("/api/v1/rounds/{number}/", "get", "responses")

    def no_404(d):
        d["paths"][responses[0]][responses[1]][responses[2]].pop("404")

    assert keys(changed(no_404)) == set()

    def csv_instead(d):
        ok = d["paths"][responses[0]][responses[1]][responses[2]]["200"]
        ok["content"] = {"text/csv": {"schema": {"type": "string"}}}

    assert keys(changed(csv_instead)) == {"GET /api/v1/rounds/{number}/ 200 application/json: removed"}


def test_a_credential_no_longer_accepted_breaks():
    def token_only(d):
        d["paths"]["/api/v1/rounds/{number}/"]["get"]["security"] = [{"tokenAuth": []}]

    assert keys(changed(token_only)) == {
        "GET /api/v1/rounds/{number}/: security anonymous no longer accepted"
    }


def test_a_plain_object_made_a_one_of_breaks_and_its_members_are_compared():
    def one_of(d):
        schema(d, "PatchedRoundRequest").clear()
        schema(d, "PatchedRoundRequest")["oneOf"] = [ref("SeatEnum"), ref("StatusEnum")]

    assert keys(changed(one_of)) == {"PatchedRoundRequest: object → union(SeatEnum, StatusEnum)"}
    before = base()
    schema(before, "Round")["properties"]["seat"] = {"oneOf": [ref("SeatEnum"), ref("StatusEnum")]}
    after = copy.deepcopy(before)
    schema(after, "Round")["properties"]["seat"]["oneOf"].pop()
    assert keys(changes(before, after)) == {"Round.seat: union member StatusEnum removed"}
    assert keys(changes(after, before)) == {"Round.seat: union member StatusEnum added"}
    any_of = copy.deepcopy(before)
    schema(any_of, "Round")["properties"]["seat"] = {
        "anyOf": schema(any_of, "Round")["properties"]["seat"]["oneOf"]
    }
    assert changes(before, any_of) == []  # the same union to a generated client


# ---- the changelog ----

CHANGELOG = """# The contract's changelog

How: `Round.leader: removed` here is only an example, not an entry.

- `Round.number: no longer required` in the explanation is no entry either.

## 2026-12-02 — a section

- `Round.leader: now nullable` — a round that has no leader yet says `null`: test for it before
  reading the seat.
- `*: security anonymous no longer accepted` — send the token with every read of a round.
- `Round.number: removed`
"""


def test_the_changelog_lists_keys_in_its_sections_with_words():
    changelog = Changelog.parse(CHANGELOG)
    assert changelog.lists(Change("Round.leader", "now nullable", True))
    assert not changelog.lists(Change("Round.leader", "removed", True))  # the explanation's example
    assert not changelog.lists(Change("Round.number", "no longer required", True))


def test_a_star_in_a_key_stands_for_any_text():
    changelog = Changelog.parse(CHANGELOG)
    operation = "GET /api/v1/rounds/{number}/"
    assert changelog.lists(Change(operation, "security anonymous no longer accepted", True))
    assert not changelog.lists(Change(operation, "security tokenAuth no longer accepted", True))


def test_a_key_without_words_for_clients_is_not_an_entry():
    changelog = Changelog.parse(CHANGELOG)
    assert changelog.unexplained == ("Round.number: removed",)
    assert not changelog.lists(Change("Round", "number: removed", True))
    text, holds = report([], changelog)
    assert not holds and "`Round.number: removed` needs words" in text


def test_the_report_names_each_unlisted_breaking_change_of_the_history():
    first, second, third = base(), base(), base()
    schema(second, "Round")["properties"]["leader"]["nullable"] = True
    schema(third, "Round")["properties"].pop("status")
    history = steps([("a", first), ("b", second), ("c", third)])
    changelog = Changelog.parse(CHANGELOG.replace("- `Round.number: removed`\n", ""))
    assert [(s.after, c.key) for s, c in unlisted(history, changelog)] == [("c", "Round.status: removed")]
    text, holds = report(history, changelog)
    assert not holds
    assert "  - `Round.status: removed`  (b → c)" in text
    assert "breaking  `Round.status: removed`" in text


# ---- the history ----


@pytest.fixture
def repository(tmp_path, monkeypatch):
    """A repository whose history holds versions of docs/openapi.json."""

    def git(*arguments):
        subprocess.run(["git", *arguments], cwd=tmp_path, check=True, capture_output=True)

    git("init", "-q", "-b", "main")
    git("config", "user.email", "contract@example.org")
    git("config", "user.name", "contract")
    (tmp_path / "docs").mkdir()
    monkeypatch.setattr(history, "ROOT", tmp_path)

    def commit(document: dict | str, message: str = "change") -> None:
        text = document if isinstance(document, str) else json.dumps(document)
        (tmp_path / "docs" / "openapi.json").write_text(text)
        git("add", "docs/openapi.json")
        git("commit", "-q", "-m", message)

    return commit


def test_every_committed_version_is_checked_against_the_one_before(repository):
    first, second = base(), base()
    schema(second, "Round")["properties"].pop("leader")
    repository(first)
    repository("<<<<<<< a conflict committed by mistake")  # passed over
    repository(second)
    found = history.versions()
    assert [document for _, document in found] == [first, second]
    assert [c.key for c in steps(found)[0].changes] == ["Round.leader: removed"]


def test_the_working_copy_is_checked_against_the_last_commit(repository, tmp_path):
    repository(base())
    changed_copy = base()
    schema(changed_copy, "Round")["properties"].pop("leader")
    (tmp_path / "docs" / "openapi.json").write_text(json.dumps(changed_copy))
    found = history.versions()
    assert [name for name, _ in found][-1] == "working copy"
    assert [c.key for c in steps(found)[-1].changes] == ["Round.leader: removed"]


def test_a_nullable_component_said_another_way_is_the_same_to_a_client():
    before, after = base(), base()
    schema(before, "Round")["properties"]["seat"] = {"allOf": [ref("SeatEnum")], "nullable": True}
    schema(after, "Round")["properties"]["seat"] = {"oneOf": [ref("SeatEnum"), ref("NullEnum")]}
    assert changes(before, after) == []
    schema(after, "Round")["properties"]["seat"] = ref("SeatEnum")
    assert keys(changes(before, after), breaking_only=False) == {"Round.seat: no longer nullable"}
