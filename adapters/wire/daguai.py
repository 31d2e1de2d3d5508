"""The referee questions' wire shapes of Daguai Luzi (docs/rules/daguai.md "API")."""

from __future__ import annotations

from drf_spectacular.drainage import set_override
from rest_framework import serializers

from adapters.wire.common import (
    DAGUAI,
    DAGUAI_TYPES,
    PassSerializer,
    listed,
)
from core.fields import StrictBooleanField, StrictCharField, StrictFloatField, StrictIntegerField
from referee.api.serializers import ReasonSerializer, RulesMixin, enum, game_field
from scoring.serializers.plays import _cards


class DaguaiPlayRequest(RulesMixin):
    game = game_field("daguai")
    cards = _cards(help_text="The play: 1, 2, 3 or 5 cards (K2).")
    previous = _cards(required=False, allow_null=True, default=None, help_text="The play on the table.")


class DaguaiReadingSerializer(serializers.Serializer):
    type = enum(DAGUAI_TYPES)
    rank = StrictCharField(help_text="The main rank (K2).")
    size = StrictIntegerField()
    wilds = serializers.ListField(
        child=StrictCharField(allow_null=True),
        help_text="What each joker stands for; null where its rank does not matter.",
    )


class DaguaiPlayVerdictSerializer(serializers.Serializer):
    game = enum(["daguai"])
    ruleset = StrictCharField()
    legal = StrictBooleanField(help_text="The cards form a combination (K2).")
    readings = DaguaiReadingSerializer(many=True, help_text="Every reading of the cards (K2).")
    reading = DaguaiReadingSerializer(allow_null=True, help_text="The strongest, which applies (K3).")
    previous_reading = DaguaiReadingSerializer(allow_null=True)
    beats_previous = StrictBooleanField(allow_null=True, help_text="Null without a previous play.")
    reason = ReasonSerializer(
        allow_null=True, help_text="illegal_combination, previous_illegal or does_not_beat."
    )


class DaguaiActionSerializer(PassSerializer):
    seat = StrictCharField(max_length=2)
    cards = _cards(required=False)
    ask = StrictCharField(required=False, max_length=2, help_text="报否: the seat asked (K4.5).")
    answer = serializers.JSONField(required=False, help_text='The answer: "不报" or the cards held (K4.5).')


set_override(
    DaguaiActionSerializer._declared_fields["answer"],
    "field",
    {"oneOf": [{"type": "integer", "minimum": 0, "maximum": 27}, {"type": "string", "enum": ["不报"]}]},
)


class DaguaiReplayRequest(RulesMixin):
    game = game_field("daguai")
    dealer = StrictCharField(max_length=2, help_text="The seat that deals and leads: 1-6 (K4, K5).")
    hands = serializers.DictField(child=_cards(), help_text="Seat 1-6 -> the 27 cards dealt to it (K1).")
    plays = listed(
        DaguaiActionSerializer(many=True),
        max_length=3000,
        help_text="In order: {seat, cards}, {seat, pass: true} or 报否 {seat, ask, answer} (K4).",
    )
    stopped = StrictBooleanField(
        required=False, default=False, help_text="The deal clock ran out: score it as it stands (K6)."
    )


class DaguaiEntrySerializer(serializers.Serializer):
    index = StrictIntegerField()
    seat = enum(DAGUAI)
    ok = StrictBooleanField()
    passed = StrictBooleanField()
    went_out = StrictBooleanField()
    asked = enum(DAGUAI, allow_null=True, help_text="报否: the seat asked (K4.5).")
    reading = DaguaiReadingSerializer(allow_null=True)


class IndexViolationSerializer(serializers.Serializer):
    index = StrictIntegerField(help_text="Index into `plays`.")
    code = StrictCharField(help_text="not_your_turn, does_not_beat, wrong_report, ask_not_allowed, …")
    detail = StrictCharField()


class DaguaiScoreSerializer(serializers.Serializer):
    team = enum(["A", "B"], allow_null=True, help_text="The first-out player's team (K5).")
    points = StrictFloatField()
    caught = StrictIntegerField()
    trapped = StrictIntegerField()
    finished = StrictBooleanField()
    by_team = serializers.DictField(child=StrictFloatField())


class DaguaiReplaySerializer(serializers.Serializer):
    game = enum(["daguai"])
    ruleset = StrictCharField()
    valid = StrictBooleanField()
    plays = DaguaiEntrySerializer(many=True)
    violation = IndexViolationSerializer(allow_null=True)
    finishing_order = serializers.ListField(child=enum(DAGUAI))
    finished = StrictBooleanField()
    score = DaguaiScoreSerializer(allow_null=True, help_text="K5 when finished; K6 when stopped.")
    next_to_act = enum(DAGUAI, allow_null=True)
