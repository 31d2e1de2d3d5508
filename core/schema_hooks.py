"""drf-spectacular's postprocessing hooks of the project (``SPECTACULAR_SETTINGS``, docs/api.md "The
contract"): what is said of the document as a whole, after every operation is built."""

from __future__ import annotations

import json


def discriminator_values(result, generator, request, public):
    """drf-spectacular postprocessing hook: in a ``oneOf`` told apart by a discriminator, each member
    says the one value of the property that names it (``"game": {"enum": ["doudizhu4"]}``), so that a
    validator without discriminator support (JSON Schema's ``oneOf`` means *exactly one*) finds exactly
    one member for an answer, as the discriminator does."""
    schemas = result.get("components", {}).get("schemas", {})
    for schema in list(schemas.values()):
        discriminator = schema.get("discriminator") if isinstance(schema, dict) else None
        if not discriminator or "mapping" not in discriminator:
            continue
        name = discriminator["propertyName"]
        for value, ref in discriminator["mapping"].items():
            for member in _objects(schemas, ref):
                prop = member.get("properties", {}).get(name)
                if isinstance(prop, dict) and "$ref" not in prop:
                    prop["enum"] = sorted({*prop.get("enum", ()), value})
    return result


def discriminated_members(result, generator, request, public):
    """drf-spectacular postprocessing hook, after ``nullable_types``: a member that is one
    discriminated union (``DealPostedAnyGame.state``: ``MatchStateAnyGame``) is a ``$ref`` to it, not
    drf-spectacular's ``allOf`` of one (the wrapper that carries the description): a generator
    reads an ``allOf`` of a discriminated schema as inheriting from it and leaves the discriminator
    out (openapi-typescript's ``Omit<MatchStateAnyGame, "game_code">``), so an app could not switch on
    ``state.game_code`` (issue 35)."""
    schemas = result.get("components", {}).get("schemas", {})
    _unions_as_unions(result, {name for name, schema in schemas.items() if "discriminator" in schema})
    return result


def _unions_as_unions(node, unions: set[str]) -> None:
    """Each lone ``allOf`` member under ``node`` that is one of ``unions``, as a ``$ref``."""
    if isinstance(node, dict):
        members = node.get("allOf")
        if (
            isinstance(members, list)
            and len(members) == 1
            and members[0].get("$ref", "").rsplit("/", 1)[-1] in unions
            and set(node) <= {"allOf", "description", "readOnly", "title"}
        ):
            # a $ref alone: its description and readOnly go (OpenAPI 3.0 ignores a $ref's siblings)
            ref = members[0]["$ref"]
            node.clear()
            node["$ref"] = ref
        for value in node.values():
            _unions_as_unions(value, unions)
    elif isinstance(node, list):
        for value in node:
            _unions_as_unions(value, unions)


def _objects(schemas: dict, ref: str) -> list[dict]:
    """The objects a discriminator's mapping names: the component, or each member of a union it is
    (a ``/sync`` answer of one ``kind`` is a ``oneOf`` told apart by ``outcome``)."""
    member = schemas.get(ref.rsplit("/", 1)[-1], {})
    if "properties" in member:
        return [member]
    return [
        obj for each in member.get("oneOf", ()) if "$ref" in each for obj in _objects(schemas, each["$ref"])
    ]


def nullable_types(result, generator, request, public):
    """drf-spectacular postprocessing hook: ``nullable`` says something only beside a ``type``
    (OpenAPI 3.0.3), so a nullable composition of components says "or null" another way:

    - values of a scalar type (enums: ``oneOf: [SeatEnum, NullEnum]``) get that type beside
      ``nullable``, which validators and generators read as "one of these, or null";
    - an object (a nested component, ``allOf: [Pair]``) is ``oneOf: [Pair, NullEnum]``, without
      ``nullable``: a generator reads ``nullable`` beside ``type: object`` and a composition as not
      nullable at all (openapi-python-client's ``Pair`` instead of ``Pair | None``), and ``NullEnum``
      (``enum: [null]``) is the null drf-spectacular's enums already name."""
    schemas = result.get("components", {}).get("schemas", {})
    null = {"$ref": "#/components/schemas/NullEnum"}

    def type_of(member, seen: frozenset[str] = frozenset()) -> str | None:
        if isinstance(member, dict) and "$ref" in member:
            name = member["$ref"].rsplit("/", 1)[-1]
            if name in seen:
                return None
            seen, member = seen | {name}, schemas.get(name, {})
        if not isinstance(member, dict):
            return None
        if "type" in member:
            return member["type"]
        values = [value for value in member.get("enum", ()) if value is not None]
        if values:
            return "string" if all(isinstance(value, str) for value in values) else None
        return shared(member, seen)

    def shared(node: dict, seen: frozenset[str] = frozenset()) -> str | None:
        """The one type of a composition's members (a ``NullEnum`` has none), if they share one."""
        members = [m for key in ("allOf", "oneOf", "anyOf") for m in node.get(key, ())]
        types = {type_of(member, seen) for member in members} - {None}
        return types.pop() if len(types) == 1 else None

    def visit(node) -> None:
        if isinstance(node, list):
            for item in node:
                visit(item)
            return
        if not isinstance(node, dict):
            return
        if node.get("nullable") and "type" not in node:
            found = shared(node)
            members = [m for key in ("allOf", "oneOf", "anyOf") for m in node.get(key, ())]
            if found == "object" and "allOf" in node and len(members) == 1:
                del node["nullable"], node["allOf"]
                node["oneOf"] = [*members, null]
                schemas.setdefault("NullEnum", {"enum": [None]})
            elif found is not None:
                node["type"] = found
        for value in node.values():
            visit(value)

    visit(result)
    return result


#: ``x-enum-varnames`` by enum component: the names a generated client gives the values, where its
#: own would collide (openapi-python-client names both ``A`` and ``A+`` "A", and loses one) or say
#: nothing (``VALUE_0`` for ``"2"``). Filled by the apps that own the enums (``name_enum_values``).
ENUM_VARNAMES: dict[str, list[str]] = {}


def name_enum_values(component: str, names: list[str]) -> None:
    """Give the values of the enum ``component`` these names in generated clients, in order."""
    ENUM_VARNAMES[component] = list(names)


def enum_varnames(result, generator, request, public):
    """drf-spectacular postprocessing hook, after its enums: ``ENUM_VARNAMES`` on their components,
    and on the same values inline (a map's values, which drf-spectacular leaves in place)."""
    schemas = result.get("components", {}).get("schemas", {})
    named = {
        json.dumps(schemas[name]["enum"]): names
        for name, names in ENUM_VARNAMES.items()
        if isinstance(schemas.get(name), dict) and len(schemas[name].get("enum", ())) == len(names)
    }

    def visit(node) -> None:
        if isinstance(node, dict):
            names = named.get(json.dumps(node.get("enum"))) if isinstance(node.get("enum"), list) else None
            if names is not None:
                node["x-enum-varnames"] = names
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for item in node:
                visit(item)

    visit(result)
    return result
