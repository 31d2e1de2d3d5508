"""Guandan's deal body, its correction and its match state (docs/scoring.md; G5-G8): declared field
by field, so the OpenAPI document shows them; Guandan's adapter carries them (``adapters.guandan``).
A new deal field is its field here and its name in ``engine/guandan/posted.py`` (docs/index.md
"How to add … a Guandan deal field")."""

from __future__ import annotations

from rest_framework import serializers

from adapters.guandan.wire import ActionSerializer
from core.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictDateTimeField,
    StrictIntegerField,
)
from scoring.serializers.deals import (
    GAME_CODE_HELP,
    SMALLINT,
    CorrectionFields,
    LevelLineEntrySerializer,
    LevelsSerializer,
    url_number,
)
from scoring.serializers.plays import LevelField, TransferSerializer, _cards


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


class DealCorrectionSerializer(DealInputSerializer, CorrectionFields):
    """``PUT /matches/{id}/deals/{number}``: deal ``number`` as it really was, and why."""

    number = url_number()


class MatchStateSerializer(serializers.Serializer):
    """Where the match stands (G6, G8): what a scorekeeper's phone shows after every deal."""

    game_code = StrictCharField(help_text=GAME_CODE_HELP)
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
