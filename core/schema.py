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
- **Response headers.** ``ETag`` on the answers of a view that sends it, ``Idempotent-Replayed`` on
  the answers of a POST that honours ``Idempotency-Key``, ``Retry-After`` on a 429 and a 503 (and
  ``Location`` with it on a job's 202).
- **Bounds.** An id, in a path or sent in a body (a ``PrimaryKeyRelatedField``), is an integer of
  the id column's range (a number in a path, of the number column's); other integers carry their
  serializer's ``min_value``/``max_value``.
- **Annotations that DRF's copies drop.** A serializer's fields are deep copies of its declared
  ones, built again from their arguments: a schema set on a declared field (``set_override``) is
  not on the copy drf-spectacular reads, so it is looked up on the declared field.
- **Who may call.** An operation whose declared permission can admit an anonymous caller (a check
  registered with ``anonymous=True``, core.permissions) lists ``{}`` among its security
  requirements: no token needed.
"""

from __future__ import annotations

from drf_spectacular import authentication as drf_spectacular_authentication
from drf_spectacular import openapi
from drf_spectacular.drainage import get_override, has_override, set_override
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, inline_serializer
from rest_framework import relations, serializers

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
        "instance": StrictCharField(required=False),
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
        if self._conditional() and self.method in _READS:
            responses.setdefault("304", {"description": "Not modified: the `If-None-Match` ETag is current."})
        for code, response in responses.items():
            headers = self._response_headers(code)
            if headers:
                response["headers"] = {**response.get("headers", {}), **headers}
        return dict(sorted(responses.items()))

    def _response_headers(self, code: str) -> dict:
        if code in ("429", "503"):
            return RETRY_AFTER
        success = code.startswith("2")
        headers: dict[str, dict] = {}
        if code == "202":
            headers |= LOCATION | RETRY_AFTER
        if self._conditional() and (success or code == "304"):
            headers |= ETAG
        if self._idempotent() and success:
            headers |= REPLAYED
        return headers


def _declared(field):
    """The field as its serializer declared it (``Serializer._declared_fields``; a list's ``child``),
    of which ``field`` is a copy: itself when it has no declared original."""
    parent = getattr(field, "parent", None)
    if isinstance(parent, serializers.Serializer):
        return type(parent)._declared_fields.get(field.field_name, field)
    if parent is not None and getattr(parent, "child", None) is field:
        return getattr(_declared(parent), "child", field)
    return field


class TokenScheme(OpenApiAuthenticationExtension):
    """``Authorization: Token <key>`` or ``Bearer <key>`` (core.auth): either scheme will do."""

    target_class = "core.auth.TokenAuthentication"
    name = ["tokenAuth", "bearerAuth"]

    def get_security_requirement(self, auto_schema):
        return [{name: []} for name in self.name]

    def get_security_definition(self, auto_schema):
        return [
            {
                "type": "apiKey",
                "in": "header",
                "name": "Authorization",
                "description": "`Token <key>` or `Bearer <key>` (`python manage.py apitoken USERNAME`).",
            },
            {"type": "http", "scheme": "bearer", "description": "`Bearer <key>`: the same API token."},
        ]


class SessionScheme(drf_spectacular_authentication.SessionScheme):
    """The browser's session cookie X: DRF's, as drf-spectacular
    describes it)."""

    target_class = "core.fast.session.SessionAuthentication"


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
            member = schemas.get(ref.rsplit("/", 1)[-1], {})
            prop = member.get("properties", {}).get(name)
            if isinstance(prop, dict) and "$ref" not in prop:
                prop["enum"] = sorted({*prop.get("enum", ()), value})
    return result
