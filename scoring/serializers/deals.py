from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from drf_spectacular.utils import (
    PolymorphicProxySerializer,
    extend_schema_field,
    extend_schema_serializer,
)
from rest_framework import serializers

from core.fields import (
    JSONObjectField,
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictDateTimeField,
    StrictIntegerField,
)
from core.serializers import StrictModelSerializer
from engine.guandan.cards import format_level
from engine.sheets import SERVICE_FIELDS
from scoring.adapters import adapter, adapters
from scoring.models import Deal
from scoring.selectors.matches import match_sheet
from scoring.serializers.plays import SEATS, ActionSerializer, LevelField, TransferSerializer, _cards

SMALLINT = 32767


class JokerShownSerializer(serializers.Serializer):
    """One big joker shown for an anti-tribute (抗贡, G7)."""

    seat = StrictCharField(max_length=2)
    card = StrictCharField(max_length=8, help_text="RJ: a big joker.")


class TributeRecordSerializer(serializers.Serializer):
    """The tribute of a deal as it happened (G7): tributes and returns, or an anti-tribute."""

    # (ignore: a many=True serializer takes min_length and max_length since DRF 3.14; the stubs lack them)
    tributes = TransferSerializer(many=True, required=False, default=list, max_length=2)  # type: ignore[call-arg]
    returns = TransferSerializer(many=True, required=False, default=list, max_length=2)  # type: ignore[call-arg]
    anti_tribute = JokerShownSerializer(  # type: ignore[call-arg]
        many=True,
        required=False,
        allow_null=True,
        default=None,
        max_length=4,
        help_text="The big jokers shown.",
    )


class DealInputSerializer(serializers.Serializer):
    number = StrictIntegerField(
        min_value=1, max_value=SMALLINT, help_text="Deals are numbered 1, 2, 3 … through the whole table."
    )
    finishing_order = serializers.ListField(
        child=StrictCharField(max_length=2),
        min_length=1,
        max_length=4,
        required=False,
        help_text="Seats in the order they went out; two are enough for a 1-2 finish (G5.5).",
    )
    level = StrictCharField(
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
    leader = StrictCharField(
        max_length=2,
        required=False,
        allow_null=True,
        default=None,
        help_text="Who led (first deal: a card draw).",
    )
    # (ignore: a many=True serializer takes min_length and max_length since DRF 3.14; the stubs lack them)
    plays = ActionSerializer(many=True, required=False, allow_null=True, default=None, max_length=2000)  # type: ignore[call-arg]
    played_at = StrictDateTimeField(required=False, allow_null=True, default=None)

    def to_internal_value(self, data):
        return self.lean_finish(super().to_internal_value(data))

    @staticmethod
    def lean_finish(value: dict) -> dict:
        """What follows the fields (also core.fast.lean's on the fast path): a play without its ``pass``
        flag when it is none, the finishing order or the plays required."""
        # ``allow_null`` on the list reaches its items too: a null play is not a play.
        missing = [index for index, play in enumerate(value.get("plays") or ()) if play is None]
        if missing:
            # (ignore: DRF keys a list's errors by the item's index, which its stubs do not allow)
            raise serializers.ValidationError(
                {"plays": {missing[0]: [serializers.ErrorDetail("A play is an object.", "null")]}}  # type: ignore[dict-item]
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


def _url_number() -> StrictIntegerField:
    return StrictIntegerField(
        min_value=1, max_value=SMALLINT, required=False, help_text="Optional: the number in the URL."
    )


class CorrectionFields(serializers.Serializer):
    """What a correction (``PUT /matches/{id}/deals/{number}``) adds to a deal's body, every game's:
    ``note`` says why, ``corrects`` is the version read (the number is the URL's: ``_url_number``)."""

    note = StrictCharField(
        max_length=500, required=False, allow_blank=True, default="", help_text="Why the deal is corrected."
    )
    corrects = StrictIntegerField(
        min_value=1,
        max_value=SMALLINT,
        required=False,
        allow_null=True,
        default=None,
        help_text="The version read; a correction of a version that is no longer current is a 409.",
    )


class DealCorrectionSerializer(DealInputSerializer, CorrectionFields):
    """``PUT /matches/{id}/deals/{number}``: deal ``number`` as it really was, and why."""

    number = _url_number()


class SheetDealInputSerializer(serializers.Serializer):
    """A deal of a game kept on a scoresheet (every game but Guandan): ``number`` and the game's own
    fields (docs/rules/<game>.md, "Scorekeeping"), which its sheet reads and checks; a malformed one
    is a 400 naming its path."""

    number = StrictIntegerField(
        min_value=1, max_value=SMALLINT, help_text="Deals are numbered 1, 2, 3 … through the match."
    )
    played_at = StrictDateTimeField(required=False, allow_null=True, default=None)

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        # The game's own fields go to its sheet as posted (``MatchSheet.record`` reads and checks them).
        return {**{k: v for k, v in data.items() if k not in value}, **value}


class SheetDealCorrectionSerializer(SheetDealInputSerializer, CorrectionFields):
    """``PUT /matches/{id}/deals/{number}`` of a game with an open body: deal ``number`` as it really
    was, and why."""

    number = _url_number()


def deal_input_serializer(game: str, *, correction: bool = False) -> type[serializers.Serializer]:
    """The serializer of a deal's body (a post, or a correction) of ``game``: its adapter's."""
    entry = adapter(game)
    return entry.deal_correction if correction else entry.deal_input


def every_game(kind: str) -> Callable[[], list[type[serializers.Serializer]]]:
    """Each registered game's serializer of ``kind`` (an adapter's ``deal_input``,
    ``deal_correction`` or ``match_state``), once each, in the adapters' order: read when the OpenAPI
    document is written, after the adapters are registered."""

    def members() -> list[type[serializers.Serializer]]:
        return list(dict.fromkeys(getattr(entry, kind) for entry in adapters()))

    return members


def deal_body(validated: Mapping[str, Any]) -> dict[str, Any]:
    """A posted deal's own fields, which its game's scoresheet reads; the service's fields
    (``engine.sheets.SERVICE_FIELDS``: number, played_at, note, corrects) go to the service apart."""
    return {name: value for name, value in validated.items() if name not in SERVICE_FIELDS}


class DealVoidSerializer(serializers.Serializer):
    """``POST /matches/{id}/deals/void``: void deal ``from`` and every later deal."""

    note = StrictCharField(
        max_length=500, required=False, allow_blank=True, default="", help_text="Why the deals are voided."
    )

    def get_fields(self):
        fields = super().get_fields()
        fields["from"] = StrictIntegerField(  # a Python keyword: not a class attribute
            min_value=1, max_value=SMALLINT, help_text="The first deal to void; every later deal goes too."
        )
        return fields


class DealSerializer(StrictModelSerializer):
    """One deal of the match's record (its current version)."""

    level = serializers.SerializerMethodField(
        help_text="The level the deal was played at (A+: past A; a Shuangkou no-trump deal); null: the "
        "game has no levels."
    )
    # The record's members as the game's sheet shows them (``MatchSheet.deal_answer``): Guandan's
    # apart, another game's record whole.
    finishing_order = serializers.SerializerMethodField()
    tribute = serializers.SerializerMethodField(help_text="The tribute record (G7), as checked.")
    leader = serializers.SerializerMethodField(
        help_text="Who led the deal's first play, if recorded; else null."
    )
    record = serializers.SerializerMethodField(
        help_text="The deal's record as its game's sheet keeps it (docs/rules/<game>.md); null for Guandan, "
        "whose record is the deal's own members.",
    )
    recorded_plays = serializers.SerializerMethodField()
    corrects = serializers.SerializerMethodField(help_text="The version this one replaced.")
    # A plain string in the schema: an enum named "status" collides with the other status enums,
    # which only the project's ENUM_NAME_OVERRIDES can name apart.
    status = StrictCharField(
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

    @extend_schema_field(LevelField(allow_null=True))
    def get_level(self, deal: Deal) -> str | None:
        return None if deal.level is None else format_level(deal.level)

    def _shown(self, deal: Deal) -> dict[str, Any]:
        """The deal's record as its game's sheet shows it, once per deal: the sheet the caller gives
        (``context["sheet"]``, for a list) or the deal's match's (loaded with the deal it posted)."""
        shown = deal.__dict__.get("_shown")
        if shown is None:
            sheet = self.context.get("sheet") or match_sheet(deal.match)
            shown = deal.__dict__["_shown"] = sheet.deal_answer(deal.record)
        return shown

    @extend_schema_field(serializers.ListField(child=StrictChoiceField(choices=SEATS)))
    def get_finishing_order(self, deal: Deal) -> list[str]:
        return self._shown(deal)["finishing_order"]

    @extend_schema_field(JSONObjectField(allow_null=True))
    def get_tribute(self, deal: Deal) -> dict | None:
        return self._shown(deal)["tribute"]

    @extend_schema_field(StrictChoiceField(choices=SEATS, allow_null=True))
    def get_leader(self, deal: Deal) -> str | None:
        return self._shown(deal)["leader"]

    @extend_schema_field(serializers.JSONField())
    def get_record(self, deal: Deal) -> Any:
        return self._shown(deal)["record"]

    def get_recorded_plays(self, deal: Deal) -> bool:
        return self._shown(deal)["recorded_plays"]

    def get_corrects(self, deal: Deal) -> int | None:
        # no query without a corrected deal: Django answers None for a null foreign key
        return deal.corrects.version if deal.corrects is not None else None


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


class DealListEntrySerializer(DealSerializer):
    """An entry of ``GET /matches/{id}/deals/`` as the OpenAPI document shows it: a deal
    (``DealSerializer``), and with ``?history=true`` for staff who posted and voided it
    (``DealVersionSerializer``). Only the document uses it: the members of the history are optional
    here, where a required member would be missing from every answer without it."""

    submitted_by = StrictCharField(
        required=False, allow_null=True, help_text="`?history=true` only: who posted this version."
    )
    voided_at = StrictDateTimeField(required=False, allow_null=True, help_text="`?history=true` only.")
    voided_by = StrictCharField(
        required=False, allow_null=True, help_text="`?history=true` only: who voided it."
    )
    void_note = StrictCharField(required=False, help_text="`?history=true` only.")
    absent_in_answers = ("submitted_by", "voided_at", "voided_by", "void_note")  # core.schema

    class Meta(DealVersionSerializer.Meta):
        read_only_fields = DealSerializer.Meta.fields


def _who(user, token) -> str | None:
    if token is not None:
        return f"table {token.table}"
    return user.username if user is not None else None


class LevelsSerializer(serializers.Serializer):
    """Both sides' levels as the server writes them (``LevelEnum``)."""

    NS = LevelField()
    EW = LevelField()


# The same members sent: strings, as input also takes ``T``, lower case…; plain char fields, which
# core.lean checks without building the serializer (a LevelField is a subclass it does not know).
@extend_schema_serializer(component_name="Levels")
class LevelsInputSerializer(serializers.Serializer):
    NS = StrictCharField(max_length=3)
    EW = StrictCharField(max_length=3)


class LevelLineEntrySerializer(serializers.Serializer):
    deal = StrictIntegerField(help_text="The deal; for a referee's level change, the deal before it.")
    game = StrictIntegerField()
    NS = LevelField()
    EW = LevelField()
    change = StrictIntegerField(
        required=False, help_text="A referee's level change (G12): the penalty that made this entry."
    )


class MatchStateSerializer(serializers.Serializer):
    """Where the match stands (G6, G8): what a scorekeeper's phone shows after every deal."""

    best_of = StrictIntegerField()
    game = StrictIntegerField(help_text="The game (局) being played, or the last one.")
    games_won = serializers.DictField(child=StrictIntegerField())
    levels = LevelsSerializer(help_text="Both sides' levels now (A+ = passed A).")
    on_stage = StrictChoiceField(choices=["NS", "EW"], allow_null=True, help_text="The side on stage (台上).")
    deal_level = LevelField(help_text="The level of the next deal (G2).")
    next_deal = StrictIntegerField(allow_null=True, help_text="The number of the next deal; null when over.")
    a_failures = serializers.DictField(child=StrictIntegerField(), help_text="G6 failures at A.")
    needs_extra_deal = StrictBooleanField()
    deals_played = StrictIntegerField()
    finished = StrictBooleanField(help_text="The match is over.")
    winner = StrictChoiceField(choices=["NS", "EW"], allow_null=True)
    draw = StrictBooleanField()
    level_line = LevelLineEntrySerializer(many=True, help_text="Both levels after every deal (记级).")
    games = serializers.ListField(child=serializers.DictField(), help_text="Each game's full state.")


SHEET_STATE_HELP = "The game's match state (its sheet's, docs/rules/<game>.md): levels or points, the end."


class SheetStateSerializer(serializers.Serializer):
    """A match state as every game's sheet has it (``engine.sheets.SheetState``); the rest is the game's
    own (docs/rules/<game>.md "Scorekeeping")."""

    deals = StrictIntegerField(help_text="Deals played.")
    finished = StrictBooleanField(help_text="The match is over.")
    winner = StrictChoiceField(choices=["NS", "EW"], allow_null=True, help_text="null: playing, or a draw.")


def match_state_schema(**kwargs) -> PolymorphicProxySerializer:
    """A match state as the game's sheet answers it: each game's adapter's ``match_state``."""
    return PolymorphicProxySerializer(
        component_name="MatchStateAnyGame",
        serializers=every_game("match_state"),
        resource_type_field_name=None,
        **kwargs,
    )


@extend_schema_serializer(component_name="DealPostedAnyGame")
class DealPostedSerializer(serializers.Serializer):
    """The answer to a deal (posted or corrected): the deal and the match after it."""

    match = StrictIntegerField()
    deal = DealSerializer()
    state = serializers.SerializerMethodField(help_text="The match after deals 1 … this deal's number.")

    @extend_schema_field(match_state_schema())
    def get_state(self, posted) -> dict:
        return posted["state"]


@extend_schema_serializer(component_name="DealsVoidedAnyGame")
class DealsVoidedSerializer(serializers.Serializer):
    match = StrictIntegerField()
    voided = DealSerializer(many=True, help_text="The deals voided now (none: they were void already).")
    state = serializers.SerializerMethodField(help_text="The match after the deals that stay.")

    @extend_schema_field(match_state_schema())
    def get_state(self, voided) -> dict:
        return voided["state"]
