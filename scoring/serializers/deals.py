from __future__ import annotations

from rest_framework import serializers

from engine.guandan.cards import format_level
from scoring.models import Deal
from scoring.serializers.plays import SEATS, ActionSerializer, TransferSerializer, _cards

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
        # ``allow_null`` on the list reaches its items too: a null play is not a play.
        missing = [index for index, play in enumerate(value.get("plays") or ()) if play is None]
        if missing:
            raise serializers.ValidationError(
                {"plays": {missing[0]: [serializers.ErrorDetail("A play is an object.", "null")]}}
            )
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


class DealCorrectionSerializer(DealInputSerializer):
    """``PUT /matches/{id}/deals/{number}``: deal ``number`` as it really was, and why."""

    number = serializers.IntegerField(
        min_value=1, max_value=SMALLINT, required=False, help_text="Optional: the number in the URL."
    )
    note = serializers.CharField(
        max_length=500, required=False, allow_blank=True, default="", help_text="Why the deal is corrected."
    )
    corrects = serializers.IntegerField(
        min_value=1,
        max_value=SMALLINT,
        required=False,
        allow_null=True,
        default=None,
        help_text="The version read; a correction of a version that is no longer current is a 409.",
    )


class SheetDealInputSerializer(serializers.Serializer):
    """A deal of a game kept on a scoresheet (every game but Guandan): ``number`` and the game's own
    fields (docs/rules/<game>.md, "Scorekeeping"), which its sheet reads and checks; a malformed one
    is a 400 naming its path."""

    number = serializers.IntegerField(
        min_value=1, max_value=SMALLINT, help_text="Deals are numbered 1, 2, 3 … through the match."
    )
    played_at = serializers.DateTimeField(required=False, allow_null=True, default=None)

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        # The game's own fields go to its sheet as posted (``MatchSheet.record`` reads and checks them).
        return {**{k: v for k, v in data.items() if k not in value}, **value}


class SheetDealCorrectionSerializer(SheetDealInputSerializer):
    """``PUT /matches/{id}/deals/{number}`` of a sheet game: deal ``number`` as it really was, and why."""

    number = serializers.IntegerField(
        min_value=1, max_value=SMALLINT, required=False, help_text="Optional: the number in the URL."
    )
    note = serializers.CharField(
        max_length=500, required=False, allow_blank=True, default="", help_text="Why the deal is corrected."
    )
    corrects = serializers.IntegerField(
        min_value=1,
        max_value=SMALLINT,
        required=False,
        allow_null=True,
        default=None,
        help_text="The version read; a correction of a version that is no longer current is a 409.",
    )


class DealVoidSerializer(serializers.Serializer):
    """``POST /matches/{id}/deals/void``: void deal ``from`` and every later deal."""

    note = serializers.CharField(
        max_length=500, required=False, allow_blank=True, default="", help_text="Why the deals are voided."
    )

    def get_fields(self):
        fields = super().get_fields()
        fields["from"] = serializers.IntegerField(  # a Python keyword: not a class attribute
            min_value=1, max_value=SMALLINT, help_text="The first deal to void; every later deal goes too."
        )
        return fields


class DealSerializer(serializers.ModelSerializer):
    """One deal of the match's record (its current version)."""

    level = serializers.SerializerMethodField(
        help_text="The level the deal was played at (A+: past A; a Shuangkou no-trump deal); null: the "
        "game has no levels."
    )
    finishing_order = serializers.ListField(child=serializers.ChoiceField(choices=SEATS))
    record = serializers.JSONField(
        read_only=True,
        help_text="A sheet game's deal as its sheet keeps it (docs/rules/<game>.md); null for Guandan.",
    )
    recorded_plays = serializers.SerializerMethodField()
    corrects = serializers.SerializerMethodField(help_text="The version this one replaced.")
    # A plain string in the schema: an enum named "status" collides with the other status enums,
    # which only the project's ENUM_NAME_OVERRIDES can name apart.
    status = serializers.CharField(
        read_only=True,
        help_text="current (the record), replaced (a later version replaced it) or voided (voided with "
        "the deals after it).",
    )

    class Meta:
        model = Deal
        fields = [
            "number",
            "version",
            "status",
            "corrects",
            "game",
            "level",
            "finishing_order",
            "tribute",
            "leader",
            "played_at",
            "recorded_plays",
            "record",
            "note",
            "created_at",
        ]
        read_only_fields = fields

    def get_level(self, deal: Deal) -> str | None:
        return None if deal.level is None else format_level(deal.level)

    def get_recorded_plays(self, deal: Deal) -> bool:
        return deal.plays is not None

    def get_corrects(self, deal: Deal) -> int | None:
        return deal.corrects.version if deal.corrects_id else None


class DealVersionSerializer(DealSerializer):
    """Any version of a deal, as the history shows it (staff): who posted it, who voided it."""

    submitted_by = serializers.SerializerMethodField()
    voided_by = serializers.SerializerMethodField()

    class Meta(DealSerializer.Meta):
        fields = [*DealSerializer.Meta.fields, "submitted_by", "voided_at", "voided_by", "void_note"]
        read_only_fields = fields

    def get_submitted_by(self, deal: Deal) -> str | None:
        return _who(deal.submitted_by, deal.table_token)

    def get_voided_by(self, deal: Deal) -> str | None:
        return _who(deal.voided_by, deal.voided_token) if deal.voided_at else None


def _who(user, token) -> str | None:
    if token is not None:
        return f"table {token.table}"
    return user.username if user is not None else None


class LevelsSerializer(serializers.Serializer):
    NS = serializers.CharField(max_length=3)
    EW = serializers.CharField(max_length=3)


class LevelLineEntrySerializer(serializers.Serializer):
    deal = serializers.IntegerField(help_text="The deal; for a referee's level change, the deal before it.")
    game = serializers.IntegerField()
    NS = serializers.CharField()
    EW = serializers.CharField()
    change = serializers.IntegerField(
        required=False, help_text="A referee's level change (G12): the penalty that made this entry."
    )


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
    state = MatchStateSerializer(help_text="The match after deals 1 … this deal's number.")


class DealsVoidedSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    voided = DealSerializer(many=True, help_text="The deals voided now (none: they were void already).")
    state = MatchStateSerializer(help_text="The match after the deals that stay.")


SHEET_STATE_HELP = "The game's match state (its sheet's, docs/rules/<game>.md): levels or points, the end."


class SheetStateSerializer(serializers.Serializer):
    """A sheet game's match state: the game's own object (docs/rules/<game>.md "Scorekeeping"); every
    game's has these members (``engine.sheets.SheetState``)."""

    deals = serializers.IntegerField(help_text="Deals played.")
    finished = serializers.BooleanField(help_text="The match is over.")
    winner = serializers.ChoiceField(
        choices=["NS", "EW"], allow_null=True, help_text="null: playing, or a draw."
    )


class SheetDealPostedSerializer(serializers.Serializer):
    """The answer to a sheet game's deal: the deal and the match after it."""

    match = serializers.IntegerField()
    deal = DealSerializer()
    state = SheetStateSerializer(help_text=SHEET_STATE_HELP)


class SheetDealsVoidedSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    voided = DealSerializer(many=True, help_text="The deals voided now (none: they were void already).")
    state = SheetStateSerializer(help_text=SHEET_STATE_HELP)
