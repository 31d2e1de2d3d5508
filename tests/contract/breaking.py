"""What a client generated from the committed OpenAPI document relies on, and what a new version
breaks (docs/api.md "The contract").

A generated client is built from names and shapes: an operation's method, path and ``operationId``
(its function), each component (its class or type), each property (its attribute) and each enum
value (its constant). ``changes(old, new)`` lists what differs between two documents, each change
with a ``key`` such as ``Round.number: removed`` and whether it breaks a client of ``old``:

- **breaking, wherever it is**: an operation, a component, a property, a parameter or an enum value
  removed (or renamed: removed under its old name); an ``operationId`` changed; a schema made of
  another type, format or component; a success status or a media type no longer answered;
- **breaking for what a client sends** (a component reachable from a request body or a parameter):
  a property or a parameter made required (or added required), a value no longer allowed (``null``,
  a bound made tighter, another pattern), a request body made required, a credential no longer
  accepted;
- **breaking for what a client reads** (reachable from a response): a property no longer required
  (the client counted on it), ``null`` newly possible, an enum value or a ``oneOf`` member added (a
  generated client refuses a value it does not know).

A ``oneOf`` and an ``anyOf`` of the same members are the same union to a generated client.

Changes are found where they are made: a component is compared once, by name, and where it is used
only its name is compared, so a renamed component is one ``…: removed`` and not one change per
operation.

tests/contract/changelog.py holds the changes of the document's history against docs/changelog.md.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
REF = "#/components/schemas/"
#: Keys that say nothing a generated client is built from.
ANNOTATIONS = frozenset(
    {"description", "title", "summary", "example", "examples", "externalDocs", "deprecated", "default"}
)
#: Bounds that make a request's value tighter when they grow (min…) or shrink (max…).
LOWER_BOUNDS = ("minimum", "minLength", "minItems", "minProperties")
UPPER_BOUNDS = ("maximum", "maxLength", "maxItems", "maxProperties")

SENT, READ = "sent", "read"
BOTH = frozenset({SENT, READ})


@dataclass(frozen=True, order=True)
class Change:
    """One difference: ``where`` (``Round.number``, ``GET /api/v1/me/``), ``what`` happened to it,
    and whether it breaks a client generated from the older document."""

    where: str
    what: str
    breaking: bool

    @property
    def key(self) -> str:
        return f"{self.where}: {self.what}"


# ---- the two documents ----


def _name(ref: str) -> str:
    return ref.removeprefix(REF)


def _refs(schema: Any) -> Iterator[str]:
    """The component names ``schema`` refers to, at any depth."""
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "$ref" and isinstance(value, str) and value.startswith(REF):
                yield _name(value)
            else:
                yield from _refs(value)
    elif isinstance(schema, list):
        for item in schema:
            yield from _refs(item)


def operations(document: dict) -> Iterator[tuple[str, dict]]:
    """``("GET /api/v1/me/", operation)`` for each operation of the document."""
    for path, item in document.get("paths", {}).items():
        for method in METHODS:
            if isinstance(item.get(method), dict):
                yield f"{method.upper()} {path}", item[method]


def directions(document: dict) -> dict[str, frozenset[str]]:
    """For each component, whether a client sends it (a request body, a parameter), reads it (an
    answer) or both; a component no operation reaches (an alias kept for an old name) counts as
    both."""
    schemas = document.get("components", {}).get("schemas", {})
    roots: dict[str, set[str]] = {SENT: set(), READ: set()}
    for _, operation in operations(document):
        roots[SENT].update(_refs(operation.get("requestBody")))
        roots[SENT].update(_refs(operation.get("parameters")))
        roots[READ].update(_refs(operation.get("responses")))
    reached: dict[str, set[str]] = {}
    for direction, names in roots.items():
        todo, seen = list(names), set()
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            seen.add(name)
            todo.extend(_refs(schemas.get(name)))
        for name in seen:
            reached.setdefault(name, set()).add(direction)
    return {name: frozenset(reached.get(name, BOTH)) for name in schemas}


# ---- schemas ----


def _null(member: Any) -> bool:
    """A union's member that is only ``null`` (drf-spectacular's ``NullEnum``, or ``enum: [null]``)."""
    return isinstance(member, dict) and (
        member.get("enum") == [None] or member.get("$ref", "").endswith("/NullEnum")
    )


def _plain(schema: Any) -> dict:
    """``schema`` without its annotations, a lone ``allOf`` member merged into it (drf-spectacular
    wraps a ``$ref`` in ``allOf`` to give it a description or ``readOnly``), and a union of one
    schema and ``null`` read as that schema, nullable: ``{"allOf": [Pair], "nullable": true}`` and
    ``{"oneOf": [Pair, NullEnum]}`` are the same ``Pair | null`` to a generated client."""
    if not isinstance(schema, dict):
        return {}
    plain = {k: v for k, v in schema.items() if k not in ANNOTATIONS and not k.startswith("x-")}
    members = plain.get("allOf")
    if isinstance(members, list) and len(members) == 1 and isinstance(members[0], dict):
        del plain["allOf"]
        plain = {**_plain(members[0]), **plain}
    for key in ("oneOf", "anyOf"):
        members = plain.get(key)
        if isinstance(members, list) and any(_null(m) for m in members):
            others = [m for m in members if not _null(m)]
            if len(others) == 1:
                rest = {k: v for k, v in plain.items() if k not in (key, "type")}
                plain = {**_plain(others[0]), **rest, "nullable": True}
    return plain


def _union(schema: dict) -> list | None:
    """The members of a ``oneOf`` or an ``anyOf``: a generated client makes the same union of
    either."""
    return schema.get("oneOf", schema.get("anyOf"))


def _shape(schema: dict) -> str:
    """What a schema is, in a word: a component's name, a composition, or its type."""
    if "$ref" in schema:
        return _name(schema["$ref"])
    if _union(schema) is not None:
        return "union"
    if "allOf" in schema:
        return "allOf"
    kind = schema.get("type") or ("object" if "properties" in schema else "any")
    if "format" in schema:
        kind = f"{kind} ({schema['format']})"
    return kind


def _describe(schema: dict) -> str:
    """``_shape``, a union's members named: ``union(PairPrivate, Pair)``."""
    members = _union(schema)
    if members is None:
        return _shape(schema)
    return f"union({', '.join(_member_names(members))})"


def _member_names(members: list) -> list[str]:
    return [_shape(_plain(member)) for member in members]


class _Comparison:
    """The changes between two versions of the schemas reached in ``directions``."""

    def __init__(self) -> None:
        self.found: list[Change] = []

    def add(self, where: str, what: str, breaking: bool) -> None:
        self.found.append(Change(where, what, breaking))

    def schema(self, where: str, old: Any, new: Any, used: frozenset[str]) -> None:
        old, new = _plain(old), _plain(new)
        sent, read = SENT in used, READ in used
        if _shape(old) != _shape(new):
            self.add(where, f"{_describe(old)} → {_describe(new)}", breaking=True)
            return
        if old.get("nullable", False) != new.get("nullable", False):
            now = bool(new.get("nullable"))
            self.add(where, "now nullable" if now else "no longer nullable", (read if now else sent))
        self._enum(where, old.get("enum"), new.get("enum"), read)
        if sent:
            self._bounds(where, old, new)
        self._properties(where, old, new, used)
        for key, suffix in (("items", "[]"), ("additionalProperties", "{}")):
            if isinstance(old.get(key), dict) and isinstance(new.get(key), dict):
                self.schema(where + suffix, old[key], new[key], used)
        if _union(old) is not None:
            self._members(where, "union", _union(old) or [], _union(new) or [], used)
        if "allOf" in old:
            self._members(where, "allOf", old["allOf"], new["allOf"], used)
        if old.get("discriminator") != new.get("discriminator"):
            self.add(where, "discriminator changed", breaking=True)

    def _enum(self, where: str, old: list | None, new: list | None, read: bool) -> None:
        if old is None or new is None:
            if (old is None) != (new is None):
                self.add(where, "now an enum" if new is not None else "no longer an enum", breaking=True)
            return
        for value in old:
            if value not in new:
                self.add(where, f"value {json.dumps(value, ensure_ascii=False)} removed", breaking=True)
        for value in new:
            if value not in old:
                self.add(where, f"value {json.dumps(value, ensure_ascii=False)} added", breaking=read)

    def _bounds(self, where: str, old: dict, new: dict) -> None:
        for key in (*LOWER_BOUNDS, *UPPER_BOUNDS):
            before, after = old.get(key), new.get(key)
            if after is None or before == after:
                continue
            lower = key in LOWER_BOUNDS
            if before is None or (after > before if lower else after < before):
                self.add(where, f"{key} {before} → {after}", breaking=True)
        if "pattern" in new and old.get("pattern") != new["pattern"]:
            self.add(where, "pattern changed", breaking=True)

    def _properties(self, where: str, old: dict, new: dict, used: frozenset[str]) -> None:
        sent, read = SENT in used, READ in used
        before, after = old.get("properties") or {}, new.get("properties") or {}
        required_before, required_after = set(old.get("required", ())), set(new.get("required", ()))
        for name, schema in before.items():
            place = f"{where}.{name}"
            if name not in after:
                self.add(place, "removed", breaking=True)
                continue
            if name in required_after and name not in required_before:
                self.add(place, "now required", breaking=sent)
            if name in required_before and name not in required_after:
                self.add(place, "no longer required", breaking=read)
            self.schema(place, schema, after[name], used)
        for name in after:
            if name not in before:
                required = name in required_after
                self.add(f"{where}.{name}", "added, required" if required else "added", sent and required)

    def _members(self, where: str, composition: str, old: list, new: list, used: frozenset[str]) -> None:
        names_before, names_after = _member_names(old), _member_names(new)
        if len(set(names_before)) == len(names_before) and len(set(names_after)) == len(names_after):
            for name in names_before:
                if name not in names_after:
                    self.add(where, f"{composition} member {name} removed", breaking=True)
            for name in names_after:
                if name not in names_before:
                    self.add(where, f"{composition} member {name} added", breaking=READ in used)
            for index, name in enumerate(names_before):
                if name in names_after:  # inline members: compare them in place
                    self.schema(f"{where}<{name}>", old[index], new[names_after.index(name)], used)
        elif len(old) != len(new):
            self.add(where, f"{composition} of {len(old)} → {len(new)} members", breaking=True)
        else:
            for index, (before, after) in enumerate(zip(old, new, strict=True)):
                self.schema(f"{where}<{index}>", before, after, used)


# ---- operations ----


def _parameters(operation: dict) -> dict[tuple[str, str], dict]:
    return {(p.get("in", ""), p.get("name", "")): p for p in operation.get("parameters", [])}


def _security(operation: dict, document: dict) -> set[str]:
    """The credentials an operation accepts: scheme names, ``anonymous`` for ``{}``."""
    requirements = operation.get("security", document.get("security", []))
    return {(" + ".join(sorted(r)) or "anonymous") for r in requirements}


def _operation(compare: _Comparison, where: str, old: dict, new: dict, documents: tuple[dict, dict]) -> None:
    if old.get("operationId") != new.get("operationId"):
        compare.add(where, f"operationId {old.get('operationId')} → {new.get('operationId')}", True)
    before, after = _parameters(old), _parameters(new)
    for (place, name), parameter in before.items():
        at = f"{where} {place} {name}"
        if (place, name) not in after:
            compare.add(at, "removed", breaking=True)
            continue
        if after[(place, name)].get("required") and not parameter.get("required"):
            compare.add(at, "now required", breaking=True)
        compare.schema(at, parameter.get("schema"), after[(place, name)].get("schema"), frozenset({SENT}))
    for (place, name), parameter in after.items():
        if (place, name) not in before:
            required = bool(parameter.get("required"))
            compare.add(f"{where} {place} {name}", "added, required" if required else "added", required)
    _body(compare, where, old.get("requestBody"), new.get("requestBody"))
    _responses(compare, where, old.get("responses", {}), new.get("responses", {}))
    accepted_before, accepted_after = (_security(old, documents[0]), _security(new, documents[1]))
    for scheme in sorted(accepted_before - accepted_after):
        compare.add(where, f"security {scheme} no longer accepted", breaking=True)
    for scheme in sorted(accepted_after - accepted_before):
        compare.add(where, f"security {scheme} accepted", breaking=False)


def _body(compare: _Comparison, where: str, old: dict | None, new: dict | None) -> None:
    if old is None or new is None:
        if old is None and new is not None:
            compare.add(where, "request body added", breaking=bool(new.get("required")))
        elif old is not None:
            compare.add(where, "request body removed", breaking=True)
        return
    if new.get("required") and not old.get("required"):
        compare.add(where, "request body now required", breaking=True)
    _content(compare, f"{where} body", old.get("content", {}), new.get("content", {}), frozenset({SENT}))


def _responses(compare: _Comparison, where: str, old: dict, new: dict) -> None:
    for status, response in old.items():
        at = f"{where} {status}"
        if status not in new:
            compare.add(at, "removed", breaking=not status.startswith(("4", "5")))
            continue
        _content(compare, at, response.get("content", {}), new[status].get("content", {}), frozenset({READ}))
        headers_before, headers_after = response.get("headers", {}), new[status].get("headers", {})
        for header in headers_before:
            if header not in headers_after:
                compare.add(f"{at} header {header}", "removed", breaking=True)
        for header in headers_after:
            if header not in headers_before:
                compare.add(f"{at} header {header}", "added", breaking=False)
    for status in new:
        if status not in old:
            compare.add(f"{where} {status}", "added", breaking=False)


def _content(compare: _Comparison, where: str, old: dict, new: dict, used: frozenset[str]) -> None:
    for media_type, media in old.items():
        if media_type not in new:
            compare.add(f"{where} {media_type}", "removed", breaking=True)
            continue
        compare.schema(f"{where} {media_type}", media.get("schema"), new[media_type].get("schema"), used)
    for media_type in new:
        if media_type not in old:
            compare.add(f"{where} {media_type}", "added", breaking=False)


def changes(old: dict, new: dict) -> list[Change]:
    """Every change from ``old`` to ``new``, sorted; ``breaking`` for a client generated from ``old``."""
    compare = _Comparison()
    before, after = dict(operations(old)), dict(operations(new))
    for where, operation in before.items():
        if where not in after:
            compare.add(where, "removed", breaking=True)
        else:
            _operation(compare, where, operation, after[where], (old, new))
    for where in after:
        if where not in before:
            compare.add(where, "added", breaking=False)
    schemas_before = old.get("components", {}).get("schemas", {})
    schemas_after = new.get("components", {}).get("schemas", {})
    used = directions(old)
    for name, schema in schemas_before.items():
        if name not in schemas_after:
            compare.add(name, "removed", breaking=True)
        else:
            compare.schema(name, schema, schemas_after[name], used[name])
    for name in schemas_after:
        if name not in schemas_before:
            compare.add(name, "added", breaking=False)
    schemes_before = old.get("components", {}).get("securitySchemes", {})
    schemes_after = new.get("components", {}).get("securitySchemes", {})
    for name, scheme in schemes_before.items():
        if schemes_after.get(name, {}).get("type") != scheme.get("type"):
            compare.add(f"securityScheme {name}", "removed or changed", breaking=True)
    return sorted(set(compare.found))
