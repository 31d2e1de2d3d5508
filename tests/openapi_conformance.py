"""Every answer of the API that the test suite sees keeps the OpenAPI document (docs/api.md).

``conforms(method, path, response)`` finds the document's operation for the request, and checks that
the status is one the operation declares, that the headers it requires are there (``X-Request-ID``,
a 401's ``WWW-Authenticate``), and that a JSON body (``application/json`` or
``application/problem+json``) matches the schema declared for that status and media type. The
document is generated once per test process; each schema is compiled once (jsonschema-rs), so a
check costs a lookup and a validation. tests/conftest.py runs it on every answer of Django's test
client (and so DRF's ``APIClient``).

What is not an operation of the document (an unknown URL, a method the path does not have) is
still a problem: its body is checked against ``Problem``. A 500 is a bug the tests provoke on
purpose; its body is a ``Problem`` too.

**The presence recorder.** With ``OPENAPI_PRESENCE=<folder>`` set, each test process also records,
for every object schema an answer passes through (a component, or a property's inline object, named
by its path from the component: ``Standings.rows[]``), how many answers it saw and how often each
declared property was present; it writes ``<folder>/<pid>.json`` when the process's session ends.
``make presence`` runs the suite so and merges the files (``print_always_present``): it lists the
properties declared optional that every answer of the suite carried — the candidates for
``required`` (docs/api.md "The contract"); a property absent by design (a problem's ``stored``)
stays optional.
"""

from __future__ import annotations

import gzip
import json
import os
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema_rs
from drf_spectacular.generators import SchemaGenerator

API = "/api/v1/"
JSON_TYPES = ("application/json", "application/problem+json")
PROBLEM = {"$ref": "#/components/schemas/Problem"}


class ContractBroken(AssertionError):
    """An answer the OpenAPI document does not describe."""


@cache
def document() -> dict[str, Any]:
    return SchemaGenerator().get_schema(request=None, public=True)


def json_schema(schema: Any) -> Any:
    """An OpenAPI 3.0 schema as JSON Schema: ``nullable: true`` becomes ``null`` being allowed."""
    if isinstance(schema, list):
        return [json_schema(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    converted = {key: json_schema(value) for key, value in schema.items()}
    if converted.pop("nullable", False):
        if "enum" in converted and None not in converted["enum"]:
            converted["enum"] = [*converted["enum"], None]
        combined = {"allOf", "oneOf", "anyOf", "$ref"} & set(converted)
        if isinstance(converted.get("type"), str) and not combined:
            converted["type"] = [converted["type"], "null"]
        else:
            converted = {"anyOf": [converted, {"type": "null"}]}
    return converted


@cache
def _components() -> dict[str, Any]:
    return json_schema(document()["components"])


@cache
def _validator(key: str) -> Any:
    """The compiled validator of the schema at ``key`` (a JSON dump of the schema object)."""
    root = {"allOf": [json_schema(json.loads(key))], "components": _components()}
    return jsonschema_rs.Draft4Validator(root, validate_formats=True)


@cache
def _routes() -> list[tuple[re.Pattern[str], dict[str, Any]]]:
    """The document's paths as patterns, those with fewer parameters first (``…/deals/void`` before
    ``…/deals/{number}/``); both spellings of the trailing slash, as the server serves them."""
    routes = []
    for template, item in document()["paths"].items():
        parts = re.split(r"\{[^}]+\}", template.rstrip("/"))
        pattern = "[^/]+".join(re.escape(part) for part in parts) + "/?"
        routes.append((template.count("{"), re.compile(pattern), item))
    return [(pattern, item) for _, pattern, item in sorted(routes, key=lambda route: route[0])]


def is_component(name: str, body: Any) -> bool:
    """Whether ``body`` is a ``name`` of the document (not only a member of a union it is in)."""
    return _validator(json.dumps({"$ref": f"#/components/schemas/{name}"})).is_valid(body)


def operation(method: str, path: str) -> dict[str, Any] | None:
    for pattern, item in _routes():
        if pattern.fullmatch(path):
            return item.get(method.lower())
    return None


def conforms(method: str, path: str, response) -> None:
    """Raise ``ContractBroken`` unless the answer is one the document declares."""
    if not path.startswith(API) or getattr(response, "streaming", False):
        return
    media_type = (response.get("Content-Type") or "").split(";")[0].strip()
    status = str(response.status_code)
    found = operation(method, path)
    if found is None or status == "500":
        if media_type == "application/problem+json":
            _check(PROBLEM, response, f"{method} {path} ({status})")
        return
    declared = found["responses"].get(status)
    where = f"{method} {path} answered {status}"
    if declared is None:
        raise ContractBroken(f"{where}, which the OpenAPI document does not declare")
    for name, header in declared.get("headers", {}).items():
        if header.get("required") and not response.has_header(name):
            raise ContractBroken(f"{where} without its header {name}, which the document requires")
    content = declared.get("content", {})
    if not response.content or media_type not in JSON_TYPES:
        return
    if media_type not in content:
        raise ContractBroken(f"{where} as {media_type}, which the document does not declare: {list(content)}")
    _check(content[media_type].get("schema", {}), response, where)


def _check(schema: dict, response, where: str) -> None:
    content = response.content
    if response.get("Content-Encoding") == "gzip":  # a kept answer, to a client that accepts gzip
        content = gzip.decompress(content)
    body = json.loads(content)
    errors = list(_validator(json.dumps(schema, sort_keys=True)).iter_errors(body))
    if errors:
        lines = "\n".join(f"- at /{'/'.join(map(str, e.instance_path))}: {e.message}" for e in errors[:5])
        raise ContractBroken(f"{where}: the body does not match the document's schema\n{lines}")
    if PRESENCE is not None:
        _record(schema, body, "")


# ---- the presence recorder ----

#: ``{object schema: [answers seen, Counter(property present)]}``, while OPENAPI_PRESENCE is set.
PRESENCE: dict[str, list] | None = {} if os.environ.get("OPENAPI_PRESENCE") else None


def _matches(schema: dict, value: Any) -> bool:
    return _validator(json.dumps(schema, sort_keys=True)).is_valid(value)


def _record(schema: Any, value: Any, where: str) -> None:
    """Count, for each object schema ``value`` passes through, which declared properties it has."""
    if not isinstance(schema, dict) or PRESENCE is None:
        return
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        _record(document()["components"]["schemas"].get(name), value, name)
        return
    for member in schema.get("allOf", ()):
        _record(member, value, where)
    members = schema.get("oneOf", schema.get("anyOf", ()))
    for member in members:
        if _matches(member, value):  # the member (or members, for an anyOf) this value is
            _record(member, value, where)
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        for item in value:
            _record(schema["items"], item, f"{where}[]")
    if not isinstance(value, dict):
        return
    properties = schema.get("properties")
    if properties:
        seen = PRESENCE.setdefault(where, [0, Counter()])
        seen[0] += 1
        seen[1].update(name for name in properties if name in value)
        for name, member in properties.items():
            if name in value:
                _record(member, value[name], f"{where}.{name}")
    if isinstance(schema.get("additionalProperties"), dict):
        for item in value.values():
            _record(schema["additionalProperties"], item, f"{where}{{}}")


def write_presence() -> None:
    """Write what this process recorded (tests/conftest.py calls it as each test process ends)."""
    if PRESENCE is None:
        return
    folder = Path(os.environ["OPENAPI_PRESENCE"])
    folder.mkdir(parents=True, exist_ok=True)
    seen = {where: [count, dict(present)] for where, (count, present) in (PRESENCE or {}).items()}
    (folder / f"{os.getpid()}.json").write_text(json.dumps(seen, sort_keys=True))


def _schema_at(where: str) -> dict | None:
    """The object schema a recorder's path names (``Standings.rows[]``)."""
    parts = re.findall(r"[^.\[\]{}]+|\[\]|\{\}", where)
    schemas = document()["components"]["schemas"]
    node: Any = schemas.get(parts[0])
    for part in parts[1:]:
        node = _plain(node, schemas)
        node = {"[]": node.get("items"), "{}": node.get("additionalProperties")}.get(
            part, (node.get("properties") or {}).get(part)
        )
    return _plain(node, schemas)


def _plain(node: Any, schemas: dict) -> dict:
    while isinstance(node, dict) and ("$ref" in node or len(node.get("allOf", ())) == 1):
        node = schemas.get(node["$ref"].rsplit("/", 1)[-1]) if "$ref" in node else node["allOf"][0]
    return node if isinstance(node, dict) else {}


def always_present(folder: Path) -> dict[str, tuple[int, list[str]]]:
    """The properties declared optional that every recorded answer carried, by object schema."""
    merged: dict[str, list] = {}
    for file in folder.glob("*.json"):
        for where, (count, present) in json.loads(file.read_text()).items():
            total = merged.setdefault(where, [0, Counter()])
            total[0] += count
            total[1].update(present)
    found = {}
    for where, (count, present) in sorted(merged.items()):
        schema = _schema_at(where)
        required = set(schema.get("required", ()))
        always = [name for name, n in present.items() if n == count and name not in required]
        if always:
            found[where] = (count, sorted(always))
    return found


def print_always_present(folder: str) -> None:
    """What ``make presence`` prints: each object schema's optional properties that every answer had."""
    for where, (count, names) in always_present(Path(folder)).items():
        print(f"{where} ({count} answers): {', '.join(names)}")
