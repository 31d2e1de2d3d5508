"""What the wire shapes of the games beside Guandan share: the seats, the games' sets of values
(named in the OpenAPI document by the project's ENUM_NAME_OVERRIDES) and the list the engine reads
item by item."""

from __future__ import annotations

from drf_spectacular.drainage import set_override
from rest_framework import serializers

from core.fields import StrictBooleanField
from core.schema_hooks import name_enum_values
from engine.daguai.readings import ComboType as DaguaiType
from engine.daguai.seats import SEATS as DAGUAI_SEATS
from engine.doudizhu.readings import ComboType as DoudizhuType
from engine.shuangkou.cards import LEVELS as SHUANGKOU_LEVEL_CODES
from engine.shuangkou.shapes import PlayKind

SEATS = ("N", "E", "S", "W")
DAGUAI = tuple(seat.value for seat in DAGUAI_SEATS)
# The games' sets of values, named in the OpenAPI document by the project's ENUM_NAME_OVERRIDES.
DOUDIZHU_TYPES = tuple(t.value for t in DoudizhuType)
DAGUAI_TYPES = tuple(t.value for t in DaguaiType)
SHUANGKOU_KINDS = tuple(kind.value for kind in PlayKind)
SHUANGKOU_LEVELS = SHUANGKOU_LEVEL_CODES
name_enum_values(
    "ShuangkouLevelEnum",
    [f"LEVEL_{code}" if code.isdigit() else {"NT": "NO_TRUMP"}.get(code, code) for code in SHUANGKOU_LEVELS],
)


def listed(serializer: serializers.Serializer, **kwargs) -> serializers.ListField:
    """A list the engine reads item by item (naming the exact field of a bad one), documented as
    ``serializer``'s items: checking each item here too would read it twice."""
    field = serializers.ListField(**kwargs)
    set_override(field, "field", serializer)
    return field


# An action that may be a pass: ``"pass": true``. ``pass`` is a Python keyword, so the field is added
# by name rather than declared (``pass_help_text`` documents it). No docstring: drf-spectacular would
# make it the description of every subclass's schema.
class PassSerializer(serializers.Serializer):
    pass_help_text: str | None = None

    def get_fields(self):
        fields = super().get_fields()
        fields["pass"] = StrictBooleanField(required=False, help_text=self.pass_help_text)
        return fields
