"""Every answer of the API that the test suite sees keeps the OpenAPI document (docs/api.md).

``conforms(method, path, response)`` finds the document's operation for the request, and checks that
the status is one the operation declares and that a JSON body (``application/json`` or
``application/problem+json``) matches the schema declared for that status and media type. The
document is generated once per test process; each schema is compiled once (jsonschema-rs), so a
check costs a lookup and a validation. tests/conftest.py runs it on every answer of Django's test
client (and so DRF's ``APIClient``).

What is not an operation of the document (an unknown URL, a method the path does not have) is
still a problem: its body is checked against ``Problem``. A 500 is a bug the tests provoke on
purpose; its body is a ``Problem`` too.
"""

from __future__ import annotations

import gzip
import json
import re
from functools import cache
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
