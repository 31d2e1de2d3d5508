"""The OpenAPI document says everything our conventions add to each operation (docs/api.md).

drf-spectacular documents what a view's serializers show. What every view of ours also does is
declared once, here, from what the view *is* rather than written on each view:

- **Errors.** Every 4xx/5xx answer is ``application/problem+json`` with the ``Problem`` schema.
  Which statuses an operation can answer follows from its shape: a body can be malformed (400),
  too large (413) or of the wrong media type (415); any token can be wrong (401) and any caller
  throttled (429) or the database away (503); a declared permission other than ``public`` can
  refuse (403); a path with parameters can name nothing (404); a write can conflict (409); an
  ``If-Match`` can be stale (412); an ``Idempotency-Key`` can be reused (422). Statuses a view
  declares itself (``extend_schema(responses=problems(...))``) keep their description.
- **Headers.** ``Idempotency-Key`` on every POST of a view that honours it (``IdempotentMixin``),
  ``If-Match`` on the edits of a view that checks it, ``If-None-Match`` (and the ``304``) on the
  reads of a view that answers it (``ConditionalMixin``).
- **Empty query parameters.** ``?round=`` means the same as no ``round`` (``allowEmptyValue``).
- **Files.** A renderer that says what it renders (``openapi_schema``: a CSV's text, a workbook's
  bytes) declares its media type with that schema instead of the JSON answer's.
- **Response headers.** ``X-Request-ID`` on every answer, ``WWW-Authenticate`` on a 401, ``ETag``
  on the answers of a view that sends it, ``Idempotent-Replayed`` on the answers of a POST that
  honours ``Idempotency-Key``, ``Retry-After`` on a 429 and a 503 (and ``Location`` with it on a
  job's 202), and what a view declares itself (``openapi_headers``: a running job's
  ``Retry-After``).
- **What an answer always has is required.** Every field of a ``ModelSerializer`` (a model instance
  has them all) and every field with a default, unless the serializer lists it in
  ``absent_in_answers``; a page's ``next`` and ``previous`` (null at the ends).
- **Defaults.** A request field's default is said in its description ("Left out: …"), never as
  ``default``, which generators turn into a required field or a value always sent.
- **Bounds.** An id, in a path or sent in a body (a ``PrimaryKeyRelatedField``), is an integer of
  the id column's range (a number in a path, of the number column's); other integers carry their
  serializer's ``min_value``/``max_value``.
- **Annotations that DRF's copies drop.** A serializer's fields are deep copies of its declared
  ones, built again from their arguments: a schema set on a declared field (``set_override``) is
  not on the copy drf-spectacular reads, so it is looked up on the declared field.
- **Who may call.** An operation whose declared permission can admit an anonymous caller (a check
  registered with ``anonymous=True``, core.permissions) lists ``{}`` among its security
  requirements: no token needed; a table's token is listed where a declared check can admit one
  (``table_token=True``).
- **Answers by caller.** ``ByCaller(private, public)``: what an organiser reads, or what anyone
  else reads, as an ``anyOf``.
- **Summaries.** A ViewSet's standard action says what it does to its model (``List the pairs``,
  ``Update the pair``); every other operation gives its own (``extend_schema(summary=...)``).
"""

from __future__ import annotations

import json

from drf_spectacular import openapi
from drf_spectacular.drainage import get_override, has_override, set_override
from drf_spectacular.plumbing import force_instance, get_view_model
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    inline_serializer,
)
from rest_framework import relations, serializers
from rest_framework.fields import empty

from core import permissions
from core.conditional import ConditionalMixin
from core.fields import StrictCharField, StrictIntegerField
from core.filters import BIGINT_MAX, SMALLINT_MAX
from core.idempotency import HEADER as IDEMPOTENCY_HEADER
from core.idempotency import IdempotentMixin
from core.problems import PROBLEM_CONTENT_TYPE

ProblemError = inline_serializer(
    name="ProblemFieldError",
    fields={
        "field": StrictCharField(allow_null=True, help_text="Dotted path of the field, or null."),
        "code": StrictCharField(help_text="Stable machine code, e.g. `unknown_card`."),
        "message": StrictCharField(help_text="Human text in the requested language."),
    },
)

PROBLEM_SERIALIZER = inline_serializer(
    name="Problem",
    fields={
        "type": StrictCharField(help_text="URI naming the kind of problem: urn:guandan:problem:<code>."),
        "title": StrictCharField(),
        "status": StrictIntegerField(),
        "detail": StrictCharField(),
        "code": StrictCharField(help_text="Stable machine code."),
        "instance": StrictCharField(help_text="The path of the request the problem answers."),
        "request_id": StrictCharField(help_text="Quote it when you report a problem."),
        "errors": ProblemError.__class__(
            many=True, required=False, help_text="Each field error, when the request has some."
        ),
        # The members some problems add (docs/api.md "Errors"); any other is open too.
        "stored": serializers.JSONField(
            required=False, help_text="On a conflict: what the server holds (a deal, a result's version)."
        ),
        "expected": serializers.JSONField(
            required=False, help_text="The number or level the server expected (the next deal, the level)."
        ),
        "state": serializers.JSONField(required=False, help_text="The match state, when it matters."),
        "round": StrictIntegerField(required=False, help_text="The round the problem is about."),
        "table": StrictIntegerField(required=False, help_text="The table the problem is about."),
    },
)

_DESCRIPTIONS = {
    400: "Malformed request (`errors` names each field).",
    401: "No credentials where they are needed, or a wrong or revoked token.",
    403: "Authenticated, but not allowed.",
    404: "No such resource (or one the caller may not see).",
    409: "Conflict with the current state (the code says which).",
    412: "Stale `If-Match`: the resource changed since it was read.",
    413: "Request body larger than the server accepts.",
    415: "Unsupported media type.",
    422: "`Idempotency-Key` reused with another request, or a request that breaks a rule.",
    429: "Rate limited; `Retry-After` says when to try again.",
    503: "The database is unavailable (`database_unavailable`); `Retry-After` says when to retry.",
}
_READS = ("GET", "HEAD")
_BODY = ("POST", "PUT", "PATCH")
_EDITS = ("PUT", "PATCH", "DELETE")

IDEMPOTENCY_KEY = OpenApiParameter(
    IDEMPOTENCY_HEADER,
    {"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[!-~]{1,255}$"},
    OpenApiParameter.HEADER,
    description=(
        "Makes a retried write safe: the same key with the same request answers the first response "
        "again (`Idempotent-Replayed: true`) and changes nothing; with another request it is a 422 "
        "`idempotency_key_reused`. 1–255 printable ASCII characters, e.g. a UUID."
    ),
)
IF_MATCH = OpenApiParameter(
    "If-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description="The `ETag` of the resource as last read; a stale one is a 412 and changes nothing.",
)
#: The response headers an answer may carry (docs/api.md); none is required: a client reads them
#: when they are there.
ETAG = {
    "ETag": {
        "schema": {"type": "string"},
        "description": "The answer's ETag: send it back in `If-Match` (a write) or `If-None-Match` (a read).",
    }
}
REPLAYED = {
    "Idempotent-Replayed": {
        "schema": {"type": "string", "enum": ["true"]},
        "description": "`true`: the stored answer of an earlier request with the same `Idempotency-Key`.",
    }
}
RETRY_AFTER = {
    "Retry-After": {
        "schema": {"type": "integer", "minimum": 0},
        "description": "Seconds to wait before sending the request again (or reading the job again).",
    }
}
LOCATION = {"Location": {"schema": {"type": "string"}, "description": "The job's address."}}
#: On every answer (core.request_id): ``required``, as these two are always sent.
REQUEST_ID = {
    "X-Request-ID": {
        "schema": {"type": "string"},
        "required": True,
        "description": "The request's id (the client's own when it sent a sane one): quote it when you "
        "report a problem; the server logs it with every line.",
    }
}
WWW_AUTHENTICATE = {
    "WWW-Authenticate": {
        "schema": {"type": "string"},
        "required": True,
        "description": "`Token`: send a credential, `Authorization: Token <key>` (or `Bearer <key>`, or "
        "a table's `Table <key>`).",
    }
}

#: The largest value of a numeric path parameter, by name: ids are ``BigAutoField``s, numbers
#: (rounds, deals) ``PositiveSmallIntegerField``s.
PATH_MAXIMUM = {"number": SMALLINT_MAX}
_DIGITS = ("^\\d+$", "^\\d{1,")

IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description="The `ETag` of the answer as last read: unchanged, it is a 304 with no body.",
)


#: The summary of a ViewSet's standard action, from its model's verbose names.
ACTION_SUMMARIES = {
    "list": "List the {plural}",
    "create": "Create {article} {name}",
    "retrieve": "Read the {name}",
    "update": "Replace the {name}",
    "partial_update": "Update the {name}",
    "destroy": "Delete the {name}",
}


class ByCaller:
    """``extend_schema(responses={200: ByCaller(private, public)})``: an answer whose members depend on
    who asks — ``private`` for the callers who see more (an event's organisers: contacts, a pair's
    PIN), ``public`` for anyone else. The document says ``anyOf`` the two, the private one first (a
    generated client tries it first: its extra members are required); a list's answer is the page of
    either."""

    def __init__(self, private, public) -> None:
        self.members = (private, public)


def problems(*statuses: int) -> dict[int, OpenApiResponse]:
    """``extend_schema(responses=...)`` entries for problems a view wants to describe itself."""
    return {
        s: OpenApiResponse(response=PROBLEM_SERIALIZER, description=_DESCRIPTIONS.get(s, "Problem"))
        for s in statuses
    }


class AutoSchema(openapi.AutoSchema):
    """drf-spectacular's schema, plus what docs/api.md promises of every operation."""

    # ---- facts about the operation ----
    def _declared(self) -> str | tuple[str, ...] | None:
        """The permission the view declares for this method (core.permissions), if it says."""
        name = "read_permission" if self.method in _READS else "write_permission"
        try:
            default = (
                permissions.Permission.PUBLIC
                if self.method in _READS
                else permissions.Permission.AUTHENTICATED
            )
            return getattr(self.view, name, default)
        except Exception:  # a property needing a real request: assume it may refuse
            return None

    def _changes_nothing(self) -> bool:
        return self.method in _READS or bool(getattr(self.view, "changes_nothing", False))

    def _anonymous(self) -> bool:
        """Whether a caller without a token may be let through."""
        if not self._changes_nothing():
            return False  # every write needs a token (DeclaredPermission)
        declared = self._declared()
        if declared is None:
            return False
        return permissions.admits_anonymous(declared)

    def admits_table_token(self) -> bool:
        """Whether a table's token may be let through (tournaments.schema lists the credential)."""
        declared = self._declared()
        if declared is None:
            return True  # the view decides at run time: any credential may be the one
        return permissions.admits_table_token(declared)

    def _idempotent(self) -> bool:
        return self.method == "POST" and isinstance(self.view, IdempotentMixin)

    def _conditional(self) -> bool:
        return isinstance(self.view, ConditionalMixin)

    def _has_parameters(self) -> bool:
        return "{" in self.path

    def _declares(self, status: int) -> bool:
        """Whether the view's own ``extend_schema(responses=...)`` names ``status``."""
        declared = self.get_response_serializers()
        return isinstance(declared, dict) and status in declared

    def _takes_if_match(self) -> bool:
        """Edits of a view that checks ``If-Match``, and the state changes (``POST …/publish``) that
        declare its 412."""
        return self._conditional() and (self.method in _EDITS or self._declares(412))

    def _problem_statuses(self) -> set[int]:
        statuses = {401, 503}
        if getattr(self.view, "throttle_classes", None):
            statuses.add(429)
        body = self.method in _BODY
        if body or self.method not in _READS or self.get_filter_backends() or self._get_paginator():
            statuses.add(400)
        if body:
            statuses |= {413, 415}
        if self._declared() != "public":
            statuses.add(403)
        if self._has_parameters() or self._get_paginator():
            statuses.add(404)  # no such resource; for a list, a page past the last
        if not self._changes_nothing():
            statuses.add(409)
        if self._takes_if_match():
            statuses.add(412)
        if self._idempotent():
            statuses |= {409, 422}
        return statuses

    # ---- what drf-spectacular asks ----
    def get_summary(self) -> str | None:
        """A standard action's summary, from its model (``extend_schema(summary=...)`` wins)."""
        template = ACTION_SUMMARIES.get(getattr(self.view, "action", None) or "")
        model = get_view_model(self.view, emit_warnings=False) if template else None
        if template is None or model is None:
            return None
        name, plural = str(model._meta.verbose_name), str(model._meta.verbose_name_plural)
        article = "an" if name[0] in "aeio" else "a"
        return template.format(name=name, plural=plural, article=article)

    def get_override_parameters(self):
        parameters = list(super().get_override_parameters())
        if self._idempotent():
            parameters.append(IDEMPOTENCY_KEY)
        if self._takes_if_match():
            parameters.append(IF_MATCH)
        if self._conditional() and self.method in _READS:
            parameters.append(IF_NONE_MATCH)
        return parameters

    def _map_serializer_field(self, field, direction, bypass_extensions=False):
        declared = _declared(field)
        if declared is not field and has_override(declared, "field") and not has_override(field, "field"):
            set_override(field, "field", get_override(declared, "field"))
        schema = super()._map_serializer_field(field, direction, bypass_extensions)
        if schema is None:  # nothing to show in this direction
            return schema
        if isinstance(field, serializers.ListSerializer) and schema.get("type") == "array":
            # many=True with its bounds (``max_length``): drf-spectacular leaves them out.
            if field.min_length is not None:
                schema.setdefault("minItems", field.min_length)
            if field.max_length is not None:
                schema.setdefault("maxItems", field.max_length)
        pk = relations.PrimaryKeyRelatedField  # noqa: TID251 - documents any id field, strict or not
        if isinstance(field, pk) and schema.get("type") == "integer":
            schema.setdefault("minimum", 1)  # ids are BigAutoField: 1 … 2^63 − 1
            schema.setdefault("maximum", BIGINT_MAX)
        if direction == "request" and "default" in schema:
            _say_default(schema)
        return schema

    def _map_basic_serializer(self, serializer, direction):
        schema = super()._map_basic_serializer(serializer, direction)
        if direction == "response":
            serializer = force_instance(serializer)
            answered = {
                name
                for name, field in serializer.fields.items()
                if name in schema.get("properties", {}) and _answered(serializer, field)
            }
            if answered - set(schema.get("required", ())):
                schema["required"] = sorted({*schema.get("required", ()), *answered})
        return schema

    def _insert_field_validators(self, field, schema):
        super()._insert_field_validators(field, schema)
        for member in schema.get("oneOf", ()):
            # A blank-or-valid string (``allow_blank`` with a format): a blank default is the blank
            # member's, so it belongs to the whole (in the other member it breaks the format).
            if isinstance(member, dict) and "default" in member:
                schema.setdefault("default", member.pop("default"))

    def _resolve_path_parameters(self, variables):
        parameters = super()._resolve_path_parameters(variables)
        for parameter in parameters:
            schema = parameter["schema"]
            if schema.get("type") == "string" and schema.get("pattern", "").startswith(_DIGITS):
                maximum = PATH_MAXIMUM.get(parameter["name"], BIGINT_MAX)
                parameter["schema"] = {"type": "integer", "minimum": 1, "maximum": maximum}
        return parameters

    def _get_parameters(self):
        parameters = super()._get_parameters()
        for parameter in parameters:
            if parameter.get("in") == "query":
                parameter["allowEmptyValue"] = True  # `?round=` is the same as leaving it out
        return parameters

    def get_auth(self):
        auth = super().get_auth()
        if self._anonymous() and {} not in auth:
            auth.append({})
        return auth

    @staticmethod
    def _is_problem(response: dict, problem: dict) -> bool:
        """Whether an error response is a problem (declared so, or not described): not a view's own
        body, such as the health check's 503, which reports what is down."""
        schemas = [media.get("schema") for media in response.get("content", {}).values()]
        reference = problem[PROBLEM_CONTENT_TYPE]["schema"]
        return all(schema == reference for schema in schemas)

    def _get_response_for_code(self, serializer, status_code, media_types=None, direction="response"):
        if not isinstance(serializer, ByCaller):
            return super()._get_response_for_code(serializer, status_code, media_types, direction)
        answers = []
        for member in serializer.members:
            answers.append(super()._get_response_for_code(member, status_code, media_types, direction))
        answer = answers[0]
        for media_type, media in answer.get("content", {}).items():
            media["schema"] = {"anyOf": [each["content"][media_type]["schema"] for each in answers]}
        return answer

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        problem = {
            PROBLEM_CONTENT_TYPE: {"schema": self.resolve_serializer(PROBLEM_SERIALIZER, "response").ref}
        }
        for status in self._problem_statuses():
            responses.setdefault(str(status), {"description": _DESCRIPTIONS[status]})
        for code, response in responses.items():
            if code.isdigit() and int(code) >= 400 and self._is_problem(response, problem):
                response["content"] = problem
        files = {
            renderer.media_type: renderer.openapi_schema
            for renderer in self.view.get_renderers()
            if getattr(renderer, "openapi_schema", None)
        }
        for code, response in responses.items():
            for media_type, media in response.get("content", {}).items():
                if code.startswith("2") and media_type in files:
                    media["schema"] = dict(files[media_type])  # a file, not the JSON's schema
        if self._conditional() and self.method in _READS:
            responses.setdefault("304", {"description": "Not modified: the `If-None-Match` ETag is current."})
        for code, response in responses.items():
            headers = self._response_headers(code)
            if headers:
                response["headers"] = {**response.get("headers", {}), **headers}
        return dict(sorted(responses.items()))

    def _response_headers(self, code: str) -> dict:
        headers: dict[str, dict] = {**REQUEST_ID, **getattr(self.view, "openapi_headers", {}).get(code, {})}
        if code == "401":
            headers |= WWW_AUTHENTICATE
        if code in ("429", "503"):
            return headers | RETRY_AFTER
        success = code.startswith("2")
        if code == "202":
            headers |= LOCATION | RETRY_AFTER
        if self._conditional() and (success or code == "304"):
            headers |= ETAG
        if self._idempotent() and success:
            headers |= REPLAYED
        return headers


def _answered(serializer: serializers.Serializer, field: serializers.Field) -> bool:
    """Whether every answer of ``serializer`` carries ``field``: DRF leaves a field out only when its
    value is missing and it has no default, and a model instance has every field of a
    ``ModelSerializer`` — but those its serializer lists in ``absent_in_answers`` (the deals list's
    history members, present with ``?history=true`` only)."""
    if field.field_name in getattr(serializer, "absent_in_answers", ()):
        return False
    if field.default is not empty:
        return True
    return isinstance(serializer, serializers.ModelSerializer)  # noqa: TID251 - any, strict or not


def _say_default(schema: dict) -> None:
    """What the server takes for a field left out of a request, said in words, not as ``default``:
    generators make a field with a default required (openapi-typescript) or send the default
    whenever the caller gives nothing (openapi-python-client), so a PATCH would send values its
    caller never chose (a Daguai event's ``game`` as ``guandan``). Optional stays optional."""
    said = f"Left out: `{json.dumps(schema.pop('default'), ensure_ascii=False)}`."
    text = schema.get("description", "")
    # An enum's list of choices ("* `a` - a") goes to its component (postprocess_schema_enums): the
    # words go before it, to stay with the field.
    head, choices = ("", text) if text.startswith("*") else text.partition("\n\n*")[::2]
    if choices and not choices.startswith("*"):
        choices = "*" + choices
    words = f"{head} {said}".strip()
    schema["description"] = f"{words}\n\n{choices}" if choices else words


def _declared(field):
    """The field as its serializer declared it (``Serializer._declared_fields``; a list's ``child``),
    of which ``field`` is a copy: itself when it has no declared original."""
    parent = getattr(field, "parent", None)
    if isinstance(parent, serializers.Serializer):
        return type(parent)._declared_fields.get(field.field_name, field)
    if parent is not None and getattr(parent, "child", None) is field:
        return getattr(_declared(parent), "child", field)
    return field
