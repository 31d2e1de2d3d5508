"""Guandan's tribute question on the wire (G7, docs/referee.md ``tributes/validate``): the request and
its verdict. Guandan's adapter carries them (``RefereeWire.tribute_request``/``tribute_answer``);
the referee view finds them through it. The class names are the OpenAPI components' names."""

from __future__ import annotations

from rest_framework import serializers

from core.fields import StrictBooleanField, StrictCharField, StrictChoiceField, StrictIntegerField
from referee.api.serializers import RulesMixin, game_field
from scoring.serializers.plays import SEATS, FromToSerializer, TransferSerializer, _cards


class TributeValidateRequest(RulesMixin):
    game = game_field("guandan", required=False)
    level = StrictCharField(max_length=3, help_text="The level of the new deal.")
    finishing_order = serializers.ListField(
        child=StrictCharField(max_length=2),
        max_length=4,
        help_text="The last deal's finishing order (2, 3 or 4 seats); empty for the first deal.",
    )
    hands = serializers.DictField(child=_cards(), help_text="The new hands as dealt, before tribute.")
    tributes = TransferSerializer(many=True, required=False, default=list)
    returns = TransferSerializer(many=True, required=False, default=list)


class TributeItemSerializer(FromToSerializer):
    """The verdict on one tribute or return (``ok``, ``code``), or one that is missing."""

    read_only_seats = True
    index = StrictIntegerField(required=False)
    card = StrictCharField(required=False)
    ok = StrictBooleanField(required=False)
    code = StrictCharField(allow_null=True)
    detail = StrictCharField(allow_null=True)
    legal_cards = serializers.ListField(child=StrictCharField())


class ExpectedSerializer(FromToSerializer):
    """A tribute that is owed: who pays whom."""

    read_only_seats = True


class TributeVerdictSerializer(serializers.Serializer):
    ruleset = StrictCharField()
    kind = StrictChoiceField(choices=["none", "single", "double", "anti_tribute"])
    finishing_order = serializers.ListField(child=StrictCharField(), allow_null=True)
    expected = ExpectedSerializer(many=True, help_text="Who must pay whom.")
    tributes = TributeItemSerializer(many=True)
    returns = TributeItemSerializer(many=True)
    missing = TributeItemSerializer(many=True, help_text="Owed tributes or returns that were not made.")
    anti_tribute = StrictBooleanField()
    leader = StrictChoiceField(choices=SEATS, allow_null=True, help_text="Who leads the new deal.")
    valid = StrictBooleanField()
    hands_after = serializers.DictField(child=serializers.ListField(child=StrictCharField()), allow_null=True)
