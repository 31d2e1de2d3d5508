"""Wire shapes of a Guandan deal's plays and card transfers, shared by the deal records (scoring) and
the referee questions (referee.api.serializers, which stands above scoring and imports them)."""

from __future__ import annotations

from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from rest_framework import serializers

from core.fields import StrictCharField, StrictChoiceField
from core.schema_hooks import name_enum_values
from engine.levels import LEVEL_CODES

SEATS = ["N", "E", "S", "W"]
#: A level as the server writes it (G2): 2-10, J, Q, K, A, and A+ (past A). The OpenAPI ``LevelEnum``.
LEVELS = list(LEVEL_CODES.values())
name_enum_values(
    "LevelEnum", [f"LEVEL_{code}" if code.isdigit() else code.replace("+", "_PLUS") for code in LEVELS]
)


class LevelField(StrictCharField):
    """A level: in an answer one of ``LEVELS`` (the document's ``LevelEnum``); in a request a string,
    as input also takes ``T``, lower case and the other spellings of docs/api.md."""


class LevelFieldExtension(OpenApiSerializerFieldExtension):
    target_class = LevelField

    def map_serializer_field(self, auto_schema, direction):
        if direction == "response":
            return {"type": "string", "enum": LEVELS}
        return auto_schema._map_serializer_field(self.target, direction, bypass_extensions=True)


def _cards(**kwargs) -> serializers.ListField:
    return serializers.ListField(child=StrictCharField(max_length=8), max_length=108, **kwargs)


class FromToSerializer(serializers.Serializer):
    """Adds the seat fields ``from`` and ``to`` (``from`` is a Python keyword, so not a class attribute).

    On input a seat is any string (the engine says whether it is one); on output it is a seat.
    """

    def get_fields(self):
        def seat(help_text: str) -> serializers.Field:
            if self.read_only_seats:
                return StrictChoiceField(choices=SEATS, help_text=help_text)
            return StrictCharField(max_length=2, help_text=help_text)

        return {
            "from": seat("Seat giving the card."),
            "to": seat("Seat receiving it."),
            **super().get_fields(),
        }

    read_only_seats = False


class TransferSerializer(FromToSerializer):
    """A card handed from one seat to another: a tribute or a return (G7)."""

    card = StrictCharField(max_length=8)
