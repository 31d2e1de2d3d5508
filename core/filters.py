"""Query-parameter filters whose OpenAPI schema states exactly what they accept (docs/api.md).

django-filter's ``NumberFilter`` reads a decimal (``?table=0.5`` passes, ``1e3`` too) and says
nothing of its bounds, so the document and the server disagree. These filters accept whole numbers
within the column's range only, answer anything else with a 400 on the parameter, and carry the
same bounds into the schema.
"""

from __future__ import annotations

import django_filters
from django import forms
from drf_spectacular.drainage import set_override

SMALLINT_MAX = 32767  # PositiveSmallIntegerField: round numbers, table numbers
INT_MAX = 2_147_483_647  # PositiveIntegerField / IntegerField: pair numbers
BIGINT_MAX = 9_223_372_036_854_775_807  # BigAutoField: ids


class IntegerFilter(django_filters.NumberFilter):
    field_class = forms.IntegerField

    def __init__(self, *args, minimum: int = 1, maximum: int = INT_MAX, **kwargs):
        super().__init__(*args, min_value=minimum, max_value=maximum, **kwargs)
        set_override(self, "field", {"type": "integer", "minimum": minimum, "maximum": maximum})


class StringChoiceFilter(django_filters.ChoiceFilter):
    """A choice among strings, documented as such (not as the type of the column it filters)."""

    def __init__(self, *args, choices, **kwargs):
        super().__init__(*args, choices=choices, **kwargs)
        set_override(self, "field", {"type": "string", "enum": [value for value, _ in choices]})
