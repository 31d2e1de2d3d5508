"""The project's base ``ModelSerializer``: the fields it generates for model fields check JSON types.

DRF's extension points for the generated fields are three class attributes — the model field to
serializer field mapping, the field for a relation, the field for a model field with choices — so
this class sets each to the strict fields of ``core.fields`` (docs/api.md "JSON types are checked,
never coerced"); declared fields use ``core.fields`` directly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from rest_framework import serializers

from core.fields import STRICT, StrictChoiceField, StrictPrimaryKeyRelatedField


class StrictModelSerializer(serializers.ModelSerializer):
    serializer_field_mapping = {
        model_field: STRICT.get(field, field)
        for model_field, field in serializers.ModelSerializer.serializer_field_mapping.items()
    }
    serializer_related_field = StrictPrimaryKeyRelatedField
    serializer_choice_field = StrictChoiceField


class ClosedSerializer(serializers.Serializer):
    """An input that refuses the fields it does not take (``400 unknown_field`` on each), instead of
    dropping them: a fact sent in the wrong place (``minutes_late`` on an incident report, where
    only the ruling reads it) would otherwise be lost while the answer looks as if it counted.

    ``misplaced`` names, for a field that belongs to another request, where it goes (the message
    says so).
    """

    misplaced: ClassVar[dict[str, str]] = {}

    def to_internal_value(self, data):
        if isinstance(data, Mapping):
            taken = {name for name, field in self.fields.items() if not field.read_only}
            unknown = sorted(str(name) for name in data if name not in taken)
            if unknown:
                raise serializers.ValidationError(
                    {
                        name: [
                            serializers.ErrorDetail(
                                f"{name} is not taken here: give it with {self.misplaced[name]}."
                                if name in self.misplaced
                                else f"Unknown field {name!r}.",
                                code="unknown_field",
                            )
                        ]
                        for name in unknown
                    }
                )
        return super().to_internal_value(data)


# ---- answers made without building a serializer's fields on every request -------------------
_templates: dict[type[serializers.Serializer], serializers.Serializer] = {}


def _template(serializer_class: type[serializers.Serializer]) -> serializers.Serializer:
    """One instance of ``serializer_class`` per process, without instance, data or context, its
    fields built and bound once (a race builds two: either serves)."""
    template = _templates.get(serializer_class)
    if template is None:
        template = _templates[serializer_class] = serializer_class()
        template.fields  # noqa: B018 - built now, once
    return template


def represent(serializer_class: type[serializers.Serializer], instance) -> dict:
    """``serializer_class(instance).data``, as a plain dict, for a serializer given no context.

    Building a serializer's fields (deep copies of the declared ones, a ``ModelSerializer``'s from its
    model) costs many times what reading an instance through them does, and ``.data`` builds them for
    every serializer made. A ``many=True`` list reads every item through one child serializer; so does
    this, through one serializer per class kept for the process: ``to_representation`` only reads
    the serializer's fields, which no instance changes. Not for a serializer that reads its context
    (``self.context``) or anything else given to it beside the instance."""
    return _template(serializer_class).to_representation(instance)


def represent_many(serializer_class: type[serializers.Serializer], instances) -> list[dict]:
    """``serializer_class(instances, many=True).data`` as ``represent`` makes each item."""
    template = _template(serializer_class)
    return [template.to_representation(instance) for instance in instances]
