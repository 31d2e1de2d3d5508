"""Substitutes (docs/events.md "Substitutes")."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from core.fields import StrictCharField, StrictIntegerField
from core.serializers import StrictModelSerializer
from tournaments.models import Round, Substitution
from tournaments.serializers.registration import PAIR_ID, column_max

ROUND: dict[str, Any] = {"min_value": 1, "max_value": column_max(Round, "number")}


class PersonSerializer(serializers.Serializer):
    id = StrictIntegerField(read_only=True)
    name = StrictCharField(read_only=True)


class SubstitutionSerializer(StrictModelSerializer):
    pair = StrictIntegerField(source="pair_id", read_only=True)
    pair_number = StrictIntegerField(source="pair.number", read_only=True)
    replaced = PersonSerializer(read_only=True, help_text="The registered player who does not play.")
    substitute = PersonSerializer(read_only=True, help_text="Who plays in their place.")

    class Meta:
        model = Substitution
        fields = [
            "id",
            "pair",
            "pair_number",
            "replaced",
            "substitute",
            "from_round",
            "until_round",
            "note",
            "created_at",
        ]
        read_only_fields = fields


class SubstitutionInputSerializer(serializers.Serializer):
    pair = StrictIntegerField(**PAIR_ID, help_text="Pair id.")
    replaced = StrictIntegerField(min_value=1, help_text="The id of the pair's player who does not play.")
    substitute = StrictIntegerField(
        min_value=1,
        required=False,
        allow_null=True,
        default=None,
        help_text="A player of the event in no pair (id); or give `name` for a new player.",
    )
    name = StrictCharField(max_length=120, required=False, allow_blank=True, default="")
    from_round = StrictIntegerField(**ROUND)
    until_round = StrictIntegerField(**ROUND, required=False, allow_null=True, default=None)
    note = StrictCharField(max_length=200, required=False, allow_blank=True, default="")


class SubstitutionEndSerializer(serializers.Serializer):
    until_round = StrictIntegerField(**ROUND, help_text="The last round the substitute played.")
