"""Every union of objects a client reads says which member an answer is (docs/api.md "The contract",
issue 35: "`/sync` items and answers are free-form objects … `MatchStateAnyGame` and
`DealPostedAnyGame.state` are `anyOf` without a discriminator (the app had to test
`"next_deal" in state`)").

The committed document is walked: a ``oneOf`` or ``anyOf`` of two or more objects on the response
side — a component answers use, or a schema inline under ``responses`` — carries a ``discriminator``
whose property every member (each member of a member that is itself a union) declares, requires and
fixes to the values the mapping gives it. A generated client then narrows on that property, with no
guess from the members' fields.

The unions left without one are listed below, each with its reason.
"""

from __future__ import annotations

import json

import pytest

from tests.contract.changelog import DOCUMENT, ROOT

#: Request bodies whose member the event's game selects (docs/api.md "The contract"): the server
#: reads the body as its match's or its question's game takes it, so a client sends the body of the
#: game it plays. A discriminator would need a field every body requires — ``game`` in a deal, which
#: a Guandan body has never sent — and a new required field breaks every client that sends today's
#: bodies (tests/contract/breaking.py). The answers to these bodies are discriminated (``game_code``
#: of a match's state, ``game`` of a verdict).
CHOSEN_BY_THE_GAME = {
    "DealInputAnyGameRequest",  # POST /matches/{id}/deals/ and a /sync deal item: the match's game
    "DealCorrectionAnyGameRequest",  # PUT /matches/{id}/deals/{number}: the match's game
    "PlayQuestionRequest",  # POST /referee/plays/validate: the question's ruleset (Guandan's by default)
    "ReplayQuestionRequest",  # POST /referee/replay: the same
}

#: Answers whose member the caller's credential selects (core.schema ``ByCaller``): an event's or a
#: club's organisers read the private component (PINs, contacts), anyone else the public one. The
#: client knows which it is before it asks — it holds the credential — so nothing in the body has to
#: say it; tests/contract/test_answers_by_caller.py checks that each caller's answer is its member.
CHOSEN_BY_THE_CALLER = {
    "/api/v1/clubs/{club_slug}/",
    "/api/v1/clubs/{club_slug}/members/",
    "/api/v1/clubs/{club_slug}/members/{id}/",
    "/api/v1/events/{event_slug}/pairs/",
    "/api/v1/events/{event_slug}/pairs/{id}/",
    "/api/v1/events/{event_slug}/players/",
    "/api/v1/events/{event_slug}/players/{id}/",
}

UNIONS = ("oneOf", "anyOf")


def load() -> dict:
    return json.loads((ROOT / DOCUMENT).read_text(encoding="utf-8"))


def component(doc: dict, ref: str) -> tuple[str, dict]:
    name = ref.rsplit("/", 1)[-1]
    return name, doc["components"]["schemas"][name]


def resolved(doc: dict, schema: dict) -> dict:
    while "$ref" in schema:
        schema = component(doc, schema["$ref"])[1]
    return schema


def is_object(doc: dict, schema: dict) -> bool:
    schema = resolved(doc, schema)
    if schema.get("type") == "object" or "properties" in schema:
        return True
    return any(is_object(doc, member) for key in UNIONS for member in schema.get(key, ()))


def objects_of(doc: dict, schema: dict) -> list[dict]:
    """The objects a member stands for: itself, or each object of the union it is."""
    schema = resolved(doc, schema)
    if "properties" in schema:
        return [schema]
    return [obj for key in UNIONS for member in schema.get(key, ()) for obj in objects_of(doc, member)]


def unions(node, where: str, side: str | None):
    """Each union of two or more objects under ``node``: (where, side, the union)."""
    if isinstance(node, dict):
        for key in UNIONS:
            members = node.get(key, ())
            if sum(is_object(DOC, member) for member in members) >= 2:
                yield where, side, node
        for key, value in node.items():
            here = "request" if key == "requestBody" else "response" if key == "responses" else side
            yield from unions(value, f"{where}/{key}", here)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from unions(value, f"{where}/{index}", side)


def response_components(doc: dict) -> set[str]:
    """The components reachable from an answer (a response's schema, and what it refers to)."""
    seen: set[str] = set()
    todo = [
        media["schema"]
        for item in doc["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict)
        for response in operation.get("responses", {}).values()
        for media in response.get("content", {}).values()
        if "schema" in media
    ]
    while todo:
        node = todo.pop()
        if isinstance(node, dict):
            if "$ref" in node:
                name, schema = component(doc, node["$ref"])
                if name not in seen:
                    seen.add(name)
                    todo.append(schema)
            todo.extend(node.values())
        elif isinstance(node, list):
            todo.extend(node)
    return seen


DOC = load()
READ = response_components(DOC)


def found() -> list[tuple[str, dict]]:
    """Every union a client reads: the components answers reach, and the answers' inline schemas."""
    out = [
        (f"#/components/schemas/{name}{where}", union)
        for name in sorted(READ)
        for where, _, union in unions(DOC["components"]["schemas"][name], "", None)
    ]
    for path, item in DOC["paths"].items():
        if path in CHOSEN_BY_THE_CALLER:
            continue
        for where, side, union in unions(item, path, None):
            if side == "response":
                out.append((where, union))
    return out


def problems_of(union: dict) -> list[str]:
    discriminator = union.get("discriminator")
    if not discriminator:
        return ["no discriminator"]
    name, mapping = discriminator["propertyName"], discriminator.get("mapping", {})
    problems = []
    for key in UNIONS:
        for member in union.get(key, ()):
            values = sorted(v for v, ref in mapping.items() if ref == member.get("$ref"))
            if not values:
                problems.append(f"{member} is in no mapping")
            for obj in objects_of(DOC, member):
                prop = obj.get("properties", {}).get(name)
                if prop is None or name not in obj.get("required", ()):
                    problems.append(f"a member of {member.get('$ref')} does not require {name!r}")
                elif sorted(resolved(DOC, prop).get("enum", ())) != values:
                    problems.append(f"{member.get('$ref')}: {name} is {prop.get('enum')}, not {values}")
    return problems


def test_the_walk_finds_the_unions_it_is_about():
    where = {w for w, _ in found()}
    for name in ("MatchStateAnyGame", "SyncAnswer", "SyncDealAnswer", "PlayAnswer", "ReplayAnswer"):
        assert f"#/components/schemas/{name}" in where, name
    assert not {f"#/components/schemas/{name}" for name in CHOSEN_BY_THE_GAME} & where


@pytest.mark.parametrize(("where", "union"), found(), ids=[w for w, _ in found()])
def test_every_union_an_answer_carries_has_a_discriminator_each_member_requires(where, union):
    assert not problems_of(union), problems_of(union)


def test_a_deals_answer_says_its_games_state_by_game_code():
    state = DOC["components"]["schemas"]["DealPostedAnyGame"]["properties"]["state"]
    union = resolved(DOC, state)
    assert union["discriminator"]["propertyName"] == "game_code"
    assert not problems_of(union)


def test_the_unions_left_without_a_discriminator_are_only_the_listed_ones():
    """The allow-lists name what is there: a union that gained a discriminator (or went) leaves them."""
    schemas = DOC["components"]["schemas"]
    for name in CHOSEN_BY_THE_GAME:
        assert name.endswith("Request") and name not in READ, name
        assert "discriminator" not in schemas[name] and {"anyOf", "oneOf"} & set(schemas[name]), name
    for path in CHOSEN_BY_THE_CALLER:
        answer = DOC["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
        assert "discriminator" not in answer and len(answer["anyOf"]) == 2, path
    without = {
        where
        for where, side, union in unions(DOC["components"]["schemas"], "", None)
        if "discriminator" not in union
    }
    assert {w.split("/")[1] for w in without} <= CHOSEN_BY_THE_GAME, without


def test_no_member_wraps_a_discriminated_union_in_an_all_of():
    """A generator reads ``allOf: [MatchStateAnyGame]`` as inheriting from it and drops its
    discriminator (openapi-typescript: ``Omit<MatchStateAnyGame, "game_code">``): such a member is a
    ``$ref`` to it (core.schema_hooks ``discriminated_members``)."""
    discriminated = {
        name for name, schema in DOC["components"]["schemas"].items() if "discriminator" in schema
    }
    wrapped = []

    def walk(node, where):
        if isinstance(node, dict):
            refs = {m.get("$ref", "").rsplit("/", 1)[-1] for m in node.get("allOf", ())}
            if refs & discriminated:
                wrapped.append(where)
            for key, value in node.items():
                walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, f"{where}/{index}")

    walk(DOC, "#")
    assert not wrapped
    state = DOC["components"]["schemas"]["DealPostedAnyGame"]["properties"]["state"]
    assert state == {"$ref": "#/components/schemas/MatchStateAnyGame"}
