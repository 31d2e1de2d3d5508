"""JSON in means JSON types (docs/api.md): a value of the wrong type is a 400, never coerced.

DRF reads ``"number": "3"`` as 3, ``"name": 42`` as ``"42"`` and ``"active": 0`` as false — kind to
a form, but in JSON it hides a client's bug and contradicts the OpenAPI document, which says
*integer*, *string*, *boolean*. So the project's serializer fields refuse a JSON value of another
type with ``invalid_type`` on the field. Form and multipart bodies (the pair import) carry nothing
but strings: for them DRF's own conversion applies unchanged.

Each ``Strict…`` field is DRF's field of that name with the type check in front of its
``to_internal_value``; schemas and everything else are DRF's. Serializers declare these fields,
and ``core.serializers.StrictModelSerializer`` generates them for model fields. Ruff's
``banned-api`` (pyproject.toml) refuses DRF's own scalar fields in the project's code, so a new
field cannot silently coerce again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from django.db.backends.base.operations import BaseDatabaseOperations
from django.db.models import Model
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import fields, relations
from rest_framework.exceptions import ValidationError

EXPECTED = {
    "string": _("Expected a string."),
    "integer": _("Expected a whole number."),
    "number": _("Expected a number."),
    "boolean": _("Expected true or false."),
}


def _accepts(kind: str, data) -> bool:
    if kind == "string":
        return isinstance(data, str)
    if kind == "boolean":
        return isinstance(data, bool)
    if isinstance(data, bool):  # True is an int to Python, not a number to JSON
        return False
    if kind == "integer":
        return isinstance(data, int) or (isinstance(data, float) and data.is_integer())
    return isinstance(data, int | float)


class JsonTyped:
    """Refuses a JSON value whose type is not ``json_type`` (a key of ``EXPECTED``), before the
    DRF field it is mixed into converts it."""

    json_type: ClassVar[str | None] = None
    if TYPE_CHECKING:
        root: Any  # the DRF field's own property, on the class this is mixed into

    def expected_json_type(self) -> str | None:
        return self.json_type

    def is_form(self) -> bool:
        """Whether the value came from a form or multipart body (all strings), not from JSON."""
        return isinstance(getattr(self.root, "initial_data", None), QueryDict)

    def to_internal_value(self, data):
        kind = self.expected_json_type()
        if kind is not None and not _accepts(kind, data) and not self.is_form():
            raise ValidationError(EXPECTED[kind], code="invalid_type")
        return super().to_internal_value(data)


class StrictBooleanField(JsonTyped, fields.BooleanField):
    json_type = "boolean"


class StrictCharField(JsonTyped, fields.CharField):
    json_type = "string"


class StrictEmailField(JsonTyped, fields.EmailField):
    json_type = "string"


class StrictSlugField(JsonTyped, fields.SlugField):
    json_type = "string"


class StrictURLField(JsonTyped, fields.URLField):
    json_type = "string"


class StrictChoiceField(JsonTyped, fields.ChoiceField):
    def expected_json_type(self) -> str | None:
        # Choices keyed by strings (all of ours): the JSON value is a string too.
        keys = list(self.choices)
        return "string" if keys and all(isinstance(key, str) for key in keys) else None


class StrictFilePathField(StrictChoiceField, fields.FilePathField):
    pass


class StrictIntegerField(JsonTyped, fields.IntegerField):
    json_type = "integer"


class StrictBigIntegerField(JsonTyped, fields.BigIntegerField):
    json_type = "integer"


class StrictFloatField(JsonTyped, fields.FloatField):
    json_type = "number"


class StrictDecimalField(JsonTyped, fields.DecimalField):
    json_type = "number"


class StrictDateTimeField(JsonTyped, fields.DateTimeField):
    json_type = "string"


class StrictDateField(JsonTyped, fields.DateField):
    json_type = "string"


class StrictTimeField(JsonTyped, fields.TimeField):
    json_type = "string"


class StrictPrimaryKeyRelatedField(JsonTyped, relations.PrimaryKeyRelatedField):
    json_type = "integer"


class StrictSlugRelatedField(JsonTyped, relations.SlugRelatedField):
    """A related row named by its slug (an event's ``club``): a string, never a number."""

    json_type = "string"


@extend_schema_field({"type": "object", "additionalProperties": {}})
class JSONObjectField(fields.JSONField):
    """A JSON object stored or answered as it is (a tribute record, an audit entry's changes, a job's
    result): DRF's ``JSONField``, which the OpenAPI document shows as an object rather than as any
    value (a nullable value of no type says nothing in OpenAPI 3.0)."""


# DRF's field -> its strict version; DRF fields not listed take no JSON type check of their own
# (a list, a dict, or a field such as IPAddressField that refuses a non-string itself).
STRICT: dict[type[fields.Field], type[fields.Field]] = {
    fields.BooleanField: StrictBooleanField,
    fields.CharField: StrictCharField,
    fields.EmailField: StrictEmailField,
    fields.SlugField: StrictSlugField,
    fields.URLField: StrictURLField,
    fields.ChoiceField: StrictChoiceField,
    fields.FilePathField: StrictFilePathField,
    fields.IntegerField: StrictIntegerField,
    fields.BigIntegerField: StrictBigIntegerField,
    fields.FloatField: StrictFloatField,
    fields.DecimalField: StrictDecimalField,
    fields.DateTimeField: StrictDateTimeField,
    fields.DateField: StrictDateField,
    fields.TimeField: StrictTimeField,
    relations.PrimaryKeyRelatedField: StrictPrimaryKeyRelatedField,
}


def column_max(model: type[Model], name: str) -> int:
    """The highest value the integer column ``model.name`` stores (as PostgreSQL sizes it).

    Every integer input that is stored, or compared with a column, takes it as ``max_value``: a
    number out of range is then a 400 naming the field, on every database, and the OpenAPI schema
    shows the bound. (A ModelSerializer gets it from the database backend, which on SQLite gives
    none.)
    """
    internal_type = model._meta.get_field(name).get_internal_type()
    return BaseDatabaseOperations.integer_field_ranges[internal_type][1]
