"""JSON in means JSON types (docs/api.md): a value of the wrong type is a 400, never coerced.

DRF reads ``"number": "3"`` as 3, ``"name": 42`` as ``"42"`` and ``"active": 0`` as false — kind to
a form, but in JSON it hides a client's bug and contradicts the OpenAPI document, which says
*integer*, *string*, *boolean*. So every serializer field of these kinds refuses a JSON value of
another type with ``invalid_type`` on the field. Form and multipart bodies (the pair import) carry
nothing but strings: for them DRF's own conversion applies unchanged.

Installed once, by ``CoreConfig.ready``, on DRF's field classes, so every serializer — hand-written
or a ``ModelSerializer``'s generated fields — follows the one rule.
"""

from __future__ import annotations

from django.http import QueryDict
from django.utils.translation import gettext_lazy as _
from rest_framework import fields, relations
from rest_framework.exceptions import ValidationError

EXPECTED = {
    "string": _("Expected a string."),
    "integer": _("Expected a whole number."),
    "number": _("Expected a number."),
    "boolean": _("Expected true or false."),
}


def _is_form(field) -> bool:
    """Whether the value came from a form or multipart body (all strings), not from JSON."""
    root = field.root
    return isinstance(getattr(root, "initial_data", None), QueryDict)


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


def _kind_of(field) -> str | None:
    if isinstance(field, fields.BooleanField):
        return "boolean"
    if isinstance(field, fields.IntegerField | relations.PrimaryKeyRelatedField):
        return "integer"
    if isinstance(field, fields.FloatField | fields.DecimalField):
        return "number"
    if isinstance(field, fields.MultipleChoiceField):
        return None  # a list: ListField's own check
    if isinstance(field, fields.ChoiceField):
        # Choices keyed by strings (all of ours): the JSON value is a string too.
        keys = list(field.choices)
        return "string" if keys and all(isinstance(key, str) for key in keys) else None
    if isinstance(field, fields.CharField | fields.DateTimeField | fields.DateField | fields.TimeField):
        return "string"
    return None


def _strict(method):
    def to_internal_value(self, data):
        kind = _kind_of(self)
        if kind is not None and not _accepts(kind, data) and not _is_form(self):
            raise ValidationError(EXPECTED[kind], code="invalid_type")
        return method(self, data)

    to_internal_value.__wrapped__ = method
    return to_internal_value


_INSTALLED: list[type] = []


def install() -> None:
    """Make DRF's scalar fields refuse JSON values of the wrong type (idempotent)."""
    for cls in (
        fields.BooleanField,
        fields.CharField,
        fields.ChoiceField,
        fields.IntegerField,
        fields.FloatField,
        fields.DecimalField,
        fields.DateTimeField,
        fields.DateField,
        fields.TimeField,
        relations.PrimaryKeyRelatedField,
    ):
        if cls in _INSTALLED:
            continue
        cls.to_internal_value = _strict(cls.to_internal_value)
        _INSTALLED.append(cls)
