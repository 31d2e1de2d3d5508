from __future__ import annotations

from rest_framework import serializers

from referee.api.serializers import SEATS, ActionSerializer, TransferSerializer, _cards
from referee.games.guandan.cards import format_level
from scoring.models import Deal

SMALLINT = 32767


class JokerShownSerializer(serializers.Serializer):
    """One big joker shown for an anti-tribute (抗贡, G7)."""

    seat = serializers.CharField(max_length=2)
    card = serializers.CharField(max_length=8, help_text="RJ: a big joker.")


class TributeRecordSerializer(serializers.Serializer):
    """The tribute of a deal as it happened (G7): tributes and returns, or an anti-tribute."""

    tributes = TransferSerializer(many=True, required=False, default=list, max_length=2)
    returns = TransferSerializer(many=True, required=False, default=list, max_length=2)
    anti_tribute = JokerShownSerializer(
        many=True,
        required=False,
        allow_null=True,
        default=None,
        max_length=4,
        help_text="The big jokers shown.",
    )


class DealInputSerializer(serializers.Serializer):
    number = serializers.IntegerField(
        min_value=1, max_value=SMALLINT, help_text="Deals are numbered 1, 2, 3 … through the whole table."
    )
    finishing_order = serializers.ListField(
        child=serializers.CharField(max_length=2),
        min_length=1,
        max_length=4,
        required=False,
        help_text="Seats in the order they went out; two are enough for a 1-2 finish (G5.5).",
    )
    level = serializers.CharField(
        max_length=3, required=False, help_text="Optional check: the level the table played (G2)."
    )
    tribute = TributeRecordSerializer(required=False, allow_null=True, default=None)
    hands = serializers.DictField(
        child=_cards(),
        required=False,
        allow_null=True,
        default=None,
        help_text="The hands as dealt (27 each).",
    )
    leader = serializers.CharField(
        max_length=2,
        required=False,
        allow_null=True,
        default=None,
        help_text="Who led (first deal: a card draw).",
    )
    plays = ActionSerializer(many=True, required=False, allow_null=True, default=None, max_length=2000)
    played_at = serializers.DateTimeField(required=False, allow_null=True, default=None)

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        if value.get("plays") is not None:
            value["plays"] = [
                {"seat": p["seat"], "pass": True}
                if p.get("pass")
                else {k: v for k, v in p.items() if k != "pass"}
                for p in value["plays"]
            ]
        if value.get("tribute") is not None:
            value["tribute"] = {**value["tribute"]}
        if "finishing_order" not in value and value.get("plays") is None:
            raise serializers.ValidationError(
                {"finishing_order": [serializers.ErrorDetail("Give the finishing order.", "required")]}
            )
        return value


class DealSerializer(serializers.ModelSerializer):
    level = serializers.SerializerMethodField()
    finishing_order = serializers.ListField(child=serializers.ChoiceField(choices=SEATS))
    recorded_plays = serializers.SerializerMethodField()

    class Meta:
        model = Deal
        fields = [
            "number",
            "game",
            "level",
            "finishing_order",
            "tribute",
            "leader",
            "played_at",
            "recorded_plays",
            "created_at",
        ]
        read_only_fields = fields

    def get_level(self, deal: Deal) -> str:
        return format_level(deal.level)

    def get_recorded_plays(self, deal: Deal) -> bool:
        return deal.plays is not None


class LevelsSerializer(serializers.Serializer):
    NS = serializers.CharField(max_length=3)
    EW = serializers.CharField(max_length=3)


class LevelLineEntrySerializer(serializers.Serializer):
    deal = serializers.IntegerField()
    game = serializers.IntegerField()
    NS = serializers.CharField()
    EW = serializers.CharField()


class MatchStateSerializer(serializers.Serializer):
    """Where the match stands (G6, G8): what a scorekeeper's phone shows after every deal."""

    best_of = serializers.IntegerField()
    game = serializers.IntegerField(help_text="The game (局) being played, or the last one.")
    games_won = serializers.DictField(child=serializers.IntegerField())
    levels = LevelsSerializer(help_text="Both sides' levels now (A+ = passed A).")
    on_stage = serializers.ChoiceField(
        choices=["NS", "EW"], allow_null=True, help_text="The side on stage (台上)."
    )
    deal_level = serializers.CharField(help_text="The level of the next deal (G2).")
    next_deal = serializers.IntegerField(
        allow_null=True, help_text="The number of the next deal; null when over."
    )
    a_failures = serializers.DictField(child=serializers.IntegerField(), help_text="G6 failures at A.")
    needs_extra_deal = serializers.BooleanField()
    deals_played = serializers.IntegerField()
    finished = serializers.BooleanField(help_text="The match is over.")
    winner = serializers.ChoiceField(choices=["NS", "EW"], allow_null=True)
    draw = serializers.BooleanField()
    level_line = LevelLineEntrySerializer(many=True, help_text="Both levels after every deal (记级).")
    games = serializers.ListField(child=serializers.DictField(), help_text="Each game's full state.")


class DealPostedSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    deal = DealSerializer()
    state = MatchStateSerializer()
