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
from engine.levels import format_level
from engine.sheets import SERVICE_FIELDS
from scoring.adapters import adapter, adapters
from scoring.models import Deal
from scoring.selectors.matches import match_sheet
from scoring.serializers.plays import SEATS, LevelField

SMALLINT = 32767


def url_number() -> StrictIntegerField:
    return StrictIntegerField(
        min_value=1, max_value=SMALLINT, required=False, help_text="Optional: the number in the URL."
    )


class CorrectionFields(serializers.Serializer):
    """What a correction (``PUT /matches/{id}/deals/{number}``) adds to a deal's body, every game's:
    ``note`` says why, ``corrects`` is the version read (the number is the URL's: ``url_number``)."""

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

    number = url_number()


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
        help_text="The deal's record as its game's sheet keeps it (docs/rules/<game>.md); for Guandan, "
        "whose record is the deal's own members, only the members kept as posted (null when none).",
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


GAME_CODE_HELP = "The match's game: which game's state this is (the discriminator of the states)."


SHEET_STATE_HELP = "The game's match state (its sheet's, docs/rules/<game>.md): levels or points, the end."


class SheetStateSerializer(serializers.Serializer):
    """A match state as every game's sheet has it (``engine.sheets.SheetState``); the rest is the game's
    own (docs/rules/<game>.md "Scorekeeping")."""

    game_code = StrictCharField(help_text=GAME_CODE_HELP)
    deals = StrictIntegerField(help_text="Deals played.")
    finished = StrictBooleanField(help_text="The match is over.")
    winner = StrictChoiceField(choices=["NS", "EW"], allow_null=True, help_text="null: playing, or a draw.")


def game_state(name: str, doc: str) -> type[serializers.Serializer]:
    """A game's own match state component (``name``: ``DoudizhuState`` …): what every sheet's state has
    (``SheetStateSerializer``), its ``game_code`` the game's; the rest is the game's own (``doc``)."""
    state = type(name, (SheetStateSerializer,), {"__doc__": doc})
    return extend_schema_serializer(component_name=name)(state)


def _states_by_game() -> dict[str, serializers.Serializer | type[serializers.Serializer]]:
    return {entry.code: entry.match_state for entry in adapters()}


def match_state_schema(**kwargs) -> PolymorphicProxySerializer:
    """A match state as the game's sheet answers it: each game's adapter's ``match_state``, told apart
    by ``game_code``."""
    return PolymorphicProxySerializer(
        component_name="MatchStateAnyGame",
        serializers=_states_by_game,
        resource_type_field_name="game_code",
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
