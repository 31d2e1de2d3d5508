"""The project's base ``ModelSerializer``: the fields it generates for model fields check JSON types.

DRF's extension points for the generated fields are three class attributes — the model field to
serializer field mapping, the field for a relation, the field for a model field with choices — so
this class sets each to the strict fields of ``core.fields`` (docs/api.md "JSON types are checked,
never coerced"); declared fields use ``core.fields`` directly.
"""

from __future__ import annotations

from rest_framework import serializers

from core.fields import STRICT, StrictChoiceField, StrictPrimaryKeyRelatedField


class StrictModelSerializer(serializers.ModelSerializer):
    serializer_field_mapping = {
        model_field: STRICT.get(field, field)
        for model_field, field in serializers.ModelSerializer.serializer_field_mapping.items()
    }
    serializer_related_field = StrictPrimaryKeyRelatedField
    serializer_choice_field = StrictChoiceField
