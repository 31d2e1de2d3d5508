"""Guandan's plays and referee questions on the wire (docs/referee.md; G3-G5): a play and its
declared reading (the deal records of scoring and the referee questions share them), the
``plays/validate`` and ``deals/replay`` requests and answers. Guandan's adapter carries them
(``adapters.guandan``); the referee views find them through it."""

from __future__ import annotations

from drf_spectacular.drainage import set_override
from rest_framework import serializers

from core.fields import StrictBooleanField, StrictCharField, StrictChoiceField, StrictIntegerField
from engine.guandan.readings import ComboType
from referee.api.serializers import ReasonSerializer, RulesMixin, enum, game_field
from scoring.serializers.plays import SEATS, _cards

COMBO_TYPES = [t.value for t in ComboType]  # also the name of their OpenAPI enum (ENUM_NAME_OVERRIDES)


class DeclaredSerializer(serializers.Serializer):
    type = StrictChoiceField(choices=COMBO_TYPES)
    rank = StrictCharField(
        required=False, allow_null=True, default=None, help_text="Rank compared: 2-10, J, Q, K, A, BJ, RJ."
    )


class ActionSerializer(serializers.Serializer):
    seat = StrictCharField(max_length=2)
    cards = _cards(required=False)
    declared = DeclaredSerializer(required=False, allow_null=True)

    def get_fields(self):
        fields = super().get_fields()
        fields["pass"] = StrictBooleanField(required=False, default=False)
        return fields

    @staticmethod
    def lean_accepts(value: dict) -> bool:
        """A play has cards, or is a pass (also core.fast.lean's check of the fast path)."""
        return bool(value.get("pass")) or "cards" in value

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        if not self.lean_accepts(value):
            raise serializers.ValidationError(
                {"cards": [serializers.ErrorDetail("A play has cards, or is a pass.", "required")]}
            )
        return value


class PlayValidateRequest(RulesMixin):
    game = game_field("guandan", required=False)
    level = StrictCharField(max_length=3, help_text="The deal's level: 2-10, J, Q, K, A (T too).")
    cards = _cards(help_text="The play.")
    previous = _cards(required=False, allow_null=True, default=None, help_text="The play on the table.")
    declared = DeclaredSerializer(required=False, allow_null=True, default=None)
    previous_declared = DeclaredSerializer(required=False, allow_null=True, default=None)


class ReadingSerializer(serializers.Serializer):
    type = StrictChoiceField(choices=COMBO_TYPES)
    rank = StrictCharField(help_text="The rank that is compared (highest card of a sequence).")
    size = StrictIntegerField()
    wilds = serializers.ListField(child=StrictCharField(), help_text="What each wild stands for.")


class PlayVerdictSerializer(serializers.Serializer):
    game = enum(["guandan"])
    ruleset = StrictCharField()
    legal = StrictBooleanField(help_text="The cards form a legal combination (as declared, if declared).")
    readings = ReadingSerializer(many=True, help_text="Every legal reading of the cards.")
    reading = ReadingSerializer(allow_null=True, help_text="The reading that applies (G4).")
    previous_reading = ReadingSerializer(allow_null=True)
    beats_previous = StrictBooleanField(allow_null=True, help_text="Null when there is no previous play.")
    reason = ReasonSerializer(allow_null=True)


def _plays() -> serializers.ListField:
    """The plays of a deal, each read by the engine (``parse_action``), which names the field of
    whatever is wrong in one (``plays.3.cards.0``): checking each play here as well would read
    every play twice, for a third of the replay's time. The document still shows their shape."""
    field = serializers.ListField(
        max_length=2000, help_text="In order: {seat, cards[, declared]} or {seat, pass: true}."
    )
    set_override(field, "field", ActionSerializer(many=True))
    return field


class DealReplayRequest(RulesMixin):
    game = game_field("guandan", required=False)
    level = StrictCharField(max_length=3)
    hands = serializers.DictField(child=_cards(), help_text="Seat -> the 27 cards dealt to it.")
    leader = StrictCharField(max_length=2, help_text="The seat that leads.")
    plays = _plays()


class DealEntrySerializer(serializers.Serializer):
    index = StrictIntegerField()
    seat = StrictChoiceField(choices=SEATS)
    ok = StrictBooleanField()
    passed = StrictBooleanField()
    went_out = StrictBooleanField()
    reading = ReadingSerializer(allow_null=True)


class ViolationSerializer(serializers.Serializer):
    index = StrictIntegerField(help_text="Index of the offending play in `plays`.")
    code = StrictCharField(help_text="not_your_turn, card_not_in_hand, illegal_combination, …")
    detail = StrictCharField()


class DealReplaySerializer(serializers.Serializer):
    game = enum(["guandan"])
    ruleset = StrictCharField()
    valid = StrictBooleanField()
    plays = DealEntrySerializer(many=True)
    violation = ViolationSerializer(allow_null=True)
    finishing_order = serializers.ListField(child=StrictChoiceField(choices=SEATS))
    finished = StrictBooleanField()
    winner_side = StrictChoiceField(choices=["NS", "EW"], allow_null=True)
    level_rise = StrictIntegerField(allow_null=True, help_text="G6: 3, 2 or 1 once the deal is over.")
    next_to_act = StrictChoiceField(choices=SEATS, allow_null=True)
