"""The deal form of a match's next deal and a deal's preview, as the API answers them
(docs/table-app.md "The deal form"; engine/forms.py builds both, these serializers document them).

The form is nested at most three deep (a group of lists of fields: Guandan's tribute), so its
fields are declared per depth rather than as a recursive component.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.fields import StrictBooleanField, StrictCharField, StrictChoiceField, StrictIntegerField
from engine.forms import KINDS
from scoring.serializers.deals import match_state_schema

# "or null" rides on a member: OpenAPI 3.0's ``nullable`` says nothing beside no ``type`` (Redocly).
_ANY = {"anyOf": [{"type": "string", "nullable": True}, {"type": "integer"}, {"type": "boolean"}]}


class FormChoiceSerializer(serializers.Serializer):
    value = serializers.SerializerMethodField(help_text="What is posted.")

    def get_fields(self):
        fields = super().get_fields()
        fields["label"] = StrictCharField(help_text="In the caller's language.")
        return fields

    @extend_schema_field(_ANY)
    def get_value(self, choice) -> object:
        return choice["value"]


class FormStopSerializer(serializers.Serializer):
    name = StrictCharField(help_text="The item's member that may end the list.")
    value = serializers.SerializerMethodField(help_text="The value that ends it (a bidding's top bid).")

    @extend_schema_field(_ANY)
    def get_value(self, stop) -> object:
        return stop["value"]


class _FieldBase(serializers.Serializer):
    """The members of a form field; ``label``, ``help``, ``required``, ``default`` and ``fields`` are
    names a serializer itself has, so they are declared in ``get_fields``."""

    #: The serializer of the nested ``fields`` (None: always empty, the deepest level).
    nested: type[serializers.Serializer] | None = None

    name = StrictCharField(help_text="The member's name in the posted body (dotted: a group's member).")
    kind = StrictChoiceField(choices=KINDS, help_text="How it is entered (engine/forms.py).")
    choices = FormChoiceSerializer(many=True, help_text="choice, card: the values to pick from.")
    seats = serializers.ListField(
        child=StrictCharField(), help_text="seat, seat_order: the seats to pick from."
    )
    minimum = StrictIntegerField(allow_null=True)
    maximum = StrictIntegerField(allow_null=True)
    step = StrictIntegerField(allow_null=True)
    min_items = StrictIntegerField(allow_null=True)
    max_items = StrictIntegerField(allow_null=True)
    order = serializers.ListField(
        child=StrictCharField(), help_text="list: item i is this seat's turn (its `seat` member)."
    )
    stop_on = FormStopSerializer(allow_null=True, help_text="list: an item holding this value ends the list.")

    def get_fields(self):
        fields = super().get_fields()
        fields["label"] = StrictCharField(help_text="In the caller's language.")
        fields["help"] = StrictCharField(allow_blank=True, help_text="A line of help, or empty.")
        fields["required"] = StrictBooleanField()
        fields["default"] = serializers.SerializerMethodField(
            method_name="default_value", help_text="What the form starts with; null: nothing chosen."
        )
        nested = self.nested
        fields["fields"] = (
            serializers.ListField(child=serializers.DictField(), max_length=0)
            if nested is None
            else nested(many=True, help_text="list: the item's members; group: its members.")
        )
        return fields

    @extend_schema_field(_ANY)
    def default_value(self, member) -> object:
        return member["default"]


class FormLeafSerializer(_FieldBase):
    """A field inside a list's item (three deep: its ``fields`` is empty)."""


class FormMemberSerializer(_FieldBase):
    """A field of a group or of a list's item."""

    nested = FormLeafSerializer


class FormFieldSerializer(_FieldBase):
    """One member of the posted deal."""

    nested = FormMemberSerializer


class FormSeatSerializer(serializers.Serializer):
    code = StrictCharField(help_text="What a deal posts for the seat.")
    side = StrictCharField(allow_null=True, help_text="NS or EW; null where each seat plays alone.")

    def get_fields(self):
        fields = super().get_fields()
        fields["label"] = StrictCharField(help_text="In the caller's language.")
        return fields


class DealFormSerializer(serializers.Serializer):
    """A game's form for the match's next deal."""

    number = StrictIntegerField(allow_null=True, help_text="The next deal's number; null: the match is over.")
    seats = FormSeatSerializer(many=True, help_text="In the order they sit around the table.")
    sides = serializers.DictField(child=StrictCharField(), help_text="Side code (NS, EW) → its label.")
    names = serializers.DictField(
        child=StrictCharField(),
        help_text="Every code the form or a note names (seats, sides, teams) → its label.",
    )

    def get_fields(self):
        fields = super().get_fields()
        fields["fields"] = FormFieldSerializer(many=True, help_text="The posted deal's members.")
        return fields


class MatchDealFormSerializer(serializers.Serializer):
    """``GET /matches/{id}/deal-form``."""

    match = StrictIntegerField()
    game = StrictCharField(help_text="The event's game (the registry's code).")
    form = DealFormSerializer()


class NoteSerializer(serializers.Serializer):
    code = StrictCharField(help_text="Stable: deal_won, level, passed_a, a_failure, game_won, match_won, …")
    text = StrictCharField(help_text="In the caller's language.")
    params = serializers.DictField(help_text="The values the text names.")


class DealPreviewSerializer(serializers.Serializer):
    """``POST /matches/{id}/deals/preview``: the deal as its post would record it; nothing stored."""

    match = StrictIntegerField()
    number = StrictIntegerField()
    level = StrictCharField(allow_null=True, help_text="The level it is played at; null: no levels.")
    record = serializers.DictField(help_text="The record the post would store.")
    notes = NoteSerializer(many=True, help_text="What the engine says the deal does.")
    state = serializers.SerializerMethodField(help_text="The match after this deal.")

    @extend_schema_field(match_state_schema())
    def get_state(self, preview) -> dict:
        return preview["state"]
