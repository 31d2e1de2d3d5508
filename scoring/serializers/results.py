from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.fields import empty

from core.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictDateTimeField,
    StrictFloatField,
    StrictIntegerField,
)
from core.serializers import StrictModelSerializer
from engine.levels import format_level
from scoring.models import MatchResult
from scoring.serializers.deals import SMALLINT, LevelsInputSerializer, LevelsSerializer
from tournaments.pins import PIN_DIGITS


class GameSheetSerializer(serializers.Serializer):
    """One game from the level sheet (记级): final levels and the number of deals (G8)."""

    levels = LevelsInputSerializer(help_text='Final levels, e.g. {"NS": "A+", "EW": "K"}.')
    deals_played = StrictIntegerField(min_value=1, max_value=SMALLINT)
    time_up = StrictBooleanField(required=False, default=False, help_text="The clock ended the game.")
    winner = StrictChoiceField(
        choices=["NS", "EW"],
        required=False,
        allow_null=True,
        default=None,
        help_text="Equal levels under extra_deal / last_deal_winner: the side that won that deal.",
    )


class ForfeitSerializer(serializers.Serializer):
    side = StrictChoiceField(choices=["NS", "EW", "both"], help_text="The side that forfeited.")
    kind = StrictChoiceField(
        choices=["forfeit", "withdrawal"],
        default="forfeit",
        help_text="forfeit: came too late (G11); withdrawal: withdrew before the match.",
    )


class ResultInputSerializer(serializers.Serializer):
    """A result: nothing (derived from the deals), the level sheet, or a forfeit; plus who says so."""

    time_up = StrictBooleanField(
        required=False, default=False, help_text="A timed match: the clock ran out (G8)."
    )
    levels = LevelsInputSerializer(required=False, help_text="One game's final levels (the level sheet).")
    deals_played = StrictIntegerField(min_value=1, max_value=SMALLINT, required=False)
    winner = StrictChoiceField(choices=["NS", "EW"], required=False, allow_null=True, default=None)
    # (ignore: a many=True serializer takes min_length and max_length since DRF 3.14; the stubs lack them)
    games = GameSheetSerializer(many=True, required=False, max_length=3, help_text="A best of three.")  # type: ignore[call-arg]
    forfeit = ForfeitSerializer(required=False, allow_null=True, default=None, help_text="Referees only.")
    finished_at = StrictDateTimeField(required=False, allow_null=True, default=None)
    side = StrictChoiceField(
        choices=["NS", "EW"],
        required=False,
        allow_null=True,
        default=None,
        help_text="The side you keep score for: a result is confirmed by the other side.",
    )
    corrects = StrictIntegerField(
        min_value=1,
        max_value=SMALLINT,
        required=False,
        allow_null=True,
        default=None,
        help_text="The version this submission corrects.",
    )
    note = StrictCharField(max_length=500, required=False, allow_blank=True, default="")
    confirm = StrictBooleanField(required=False, default=False, help_text="Referees: confirm at once.")
    set_aside_deals = StrictBooleanField(
        required=False,
        default=False,
        help_text="Referees, with levels or games: score the level sheet and set the posted deals aside "
        "(not checked against them; recorded on the version).",
    )

    @staticmethod
    def lean_accepts(attrs: dict) -> bool:
        """What ``validate`` lets through (also core.fast.lean's check of the fast path): the result given
        one way at most, the deals set aside only with the level sheet, a level sheet with its count
        of deals."""
        return (
            sum(1 for name in ("levels", "games", "forfeit") if attrs.get(name)) <= 1
            and (not attrs.get("set_aside_deals") or bool(attrs.get("levels") or attrs.get("games")))
            and (not attrs.get("levels") or "deals_played" in attrs)
        )

    def validate(self, attrs):
        if self.lean_accepts(attrs):
            return attrs
        given = [name for name in ("levels", "games", "forfeit") if attrs.get(name)]
        if len(given) > 1:
            raise serializers.ValidationError(
                "Give the result one way: levels, games or forfeit.", code="ambiguous_result"
            )
        if attrs.get("set_aside_deals") and not (attrs.get("levels") or attrs.get("games")):
            raise serializers.ValidationError(
                {
                    "set_aside_deals": [
                        serializers.ErrorDetail(
                            "Setting the deals aside goes with the level sheet: give levels or games.",
                            "sheet_required",
                        )
                    ]
                }
            )
        if attrs.get("levels") and "deals_played" not in attrs:
            raise serializers.ValidationError(
                {"deals_played": [serializers.ErrorDetail("Give the number of deals played.", "required")]}
            )
        return attrs


class ConfirmInputSerializer(serializers.Serializer):
    version = StrictIntegerField(
        min_value=1, max_value=SMALLINT, required=False, allow_null=True, default=None
    )
    side = StrictChoiceField(choices=["NS", "EW"], required=False, allow_null=True, default=None)


class PinConfirmInputSerializer(ConfirmInputSerializer):
    """``/result/confirm``'s body: on the phone that submitted the result, the other pair confirms
    with its PIN (docs/scoring.md "One phone at the table"); not taken in a ``/sync`` batch."""

    pin = StrictCharField(
        required=False,
        allow_null=True,
        default=None,
        min_length=PIN_DIGITS,
        max_length=PIN_DIGITS,
        help_text="The PIN of the pair on `side` (its pair card): the other pair than the submission's.",
    )

    PIN_ERROR = f"A PIN is {PIN_DIGITS} digits."

    # The digits are checked after the fields, not by a ``validate_pin``, so that core.fast.lean checks a
    # plain body without building the serializer (``lean_accepts``); the error is the field's own,
    # beside the other fields' errors, as a ``validate_pin``'s was.
    @staticmethod
    def lean_accepts(attrs: dict) -> bool:
        """A PIN, when given, is digits (its length is the field's)."""
        return attrs.get("pin") is None or attrs["pin"].isdigit()

    def to_internal_value(self, data):
        try:
            attrs = super().to_internal_value(data)
        except serializers.ValidationError as error:
            if isinstance(error.detail, dict) and "pin" not in error.detail and self._digits_refused(data):
                error.detail["pin"] = [serializers.ErrorDetail(self.PIN_ERROR, code="invalid")]
            raise
        if not self.lean_accepts(attrs):
            raise serializers.ValidationError(
                {"pin": [serializers.ErrorDetail(self.PIN_ERROR, code="invalid")]}
            )
        return attrs

    def _digits_refused(self, data) -> bool:
        """The body's PIN passes its field but is not digits (another field refused the body)."""
        try:
            pin = self.fields["pin"].run_validation(data.get("pin", empty))
        except (serializers.ValidationError, AttributeError):
            return False
        return not self.lean_accepts({"pin": pin})


def _level(value: int | None) -> str | None:
    return None if value is None else format_level(value)


class ResultSerializer(StrictModelSerializer):
    """One version of a match's result (G8)."""

    corrects = serializers.SerializerMethodField()
    levels = serializers.SerializerMethodField()
    passed_a = serializers.SerializerMethodField()
    level_difference = serializers.SerializerMethodField()
    winner = serializers.SerializerMethodField()
    winner_pair = serializers.SerializerMethodField()
    draw = serializers.SerializerMethodField()
    games = serializers.SerializerMethodField()
    points = serializers.SerializerMethodField(
        help_text="A point game's points per side over its deals (Daguai Luzi, docs/rules/daguai.md K5), "
        "per seat at a table of four (N, E, S, W: Dou Dizhu D8); null for a level game."
    )
    seats = serializers.SerializerMethodField(
        help_text="A table of four (docs/rules/doudizhu.md D10): per seat its points, deals won and "
        "landlord hands won and lost; null for a two-sided match."
    )
    first_outs = serializers.SerializerMethodField(
        help_text="A point game's deals each side's player went out first in (K7); null for a level game."
    )
    forfeit = serializers.SerializerMethodField()
    cause = serializers.DictField(
        allow_null=True,
        help_text="A version the service wrote itself because a ruling, an appeal decision or a "
        "cancellation changed what the result was read from (G12): ruling, incident, change; null "
        "for a version someone submitted.",
    )
    submitted_by = serializers.SerializerMethodField()
    confirmed_by = serializers.SerializerMethodField()
    set_aside_deals = StrictBooleanField(
        source="deals_set_aside", help_text="A referee scored the level sheet and set the posted deals aside."
    )

    class Meta:
        model = MatchResult
        fields = [
            "version",
            "corrects",
            "status",
            "source",
            "levels",
            "passed_a",
            "deals_played",
            "level_difference",
            "winner",
            "winner_pair",
            "draw",
            "end_reason",
            "games",
            "points",
            "first_outs",
            "seats",
            "forfeit",
            "set_aside_deals",
            "finished_at",
            "note",
            "cause",
            "side",
            "submitted_by",
            "created_at",
            "confirmed_by",
            "confirmed_at",
        ]
        read_only_fields = fields

    def get_corrects(self, result) -> int | None:
        return result.corrects.version if result.corrects_id else None

    @extend_schema_field(LevelsSerializer(allow_null=True))
    def get_levels(self, result):
        if result.ns_level is None:
            return None
        return {"NS": _level(result.ns_level), "EW": _level(result.ew_level)}

    @extend_schema_field(serializers.DictField(child=StrictBooleanField()))
    def get_passed_a(self, result):
        return {"NS": result.ns_level == 15, "EW": result.ew_level == 15}

    def get_level_difference(self, result) -> int | None:
        """G8 级差 of the last game: levels 2..14, passing A counts 15."""
        if result.ns_level is None:
            return None
        return abs(result.ns_level - result.ew_level)

    @extend_schema_field(StrictChoiceField(choices=["NS", "EW"], allow_null=True))
    def get_winner(self, result) -> str | None:
        return result.winner or None

    def get_winner_pair(self, result) -> int | None:
        match = result.match
        return {"NS": match.ns_pair_id, "EW": match.ew_pair_id}.get(result.winner)

    def get_draw(self, result) -> bool:
        return not result.winner and not result.forfeit_side

    @extend_schema_field(serializers.ListField(child=serializers.DictField()))
    def get_games(self, result):
        return [
            {
                "game": index,
                # a point game's result has no levels (docs/rules/daguai.md K5)
                "levels": None
                if g["ns_level"] is None
                else {"NS": _level(g["ns_level"]), "EW": _level(g["ew_level"])},
                "winner": g["winner"],
                "draw": g["draw"],
                "deals_played": g["deals_played"],
                "end_reason": g["end_reason"],
                "tiebreak": g["tiebreak"],
                "level_difference": None if g["ns_level"] is None else abs(g["ns_level"] - g["ew_level"]),
            }
            for index, g in enumerate(result.games, start=1)
        ]

    @extend_schema_field(serializers.DictField(child=StrictFloatField(), allow_null=True))
    def get_points(self, result):
        if result.seats is not None:
            return {seat: row["points"] for seat, row in result.seats.items()}
        if result.ns_points is None:
            return None
        return {"NS": result.ns_points, "EW": result.ew_points}

    @extend_schema_field(
        serializers.DictField(child=serializers.DictField(child=StrictFloatField()), allow_null=True)
    )
    def get_seats(self, result):
        return result.seats

    @extend_schema_field(serializers.DictField(child=StrictIntegerField(), allow_null=True))
    def get_first_outs(self, result):
        if result.ns_first_outs is None:
            return None
        return {"NS": result.ns_first_outs, "EW": result.ew_first_outs}

    @extend_schema_field(ForfeitSerializer(allow_null=True))
    def get_forfeit(self, result):
        return {"side": result.forfeit_side, "kind": result.forfeit_kind} if result.forfeit_side else None

    def get_submitted_by(self, result) -> str:
        return _who(result.submitted_by, result.table_token, result.party)

    def get_confirmed_by(self, result) -> str | None:
        if result.confirmed_at is None:
            return None
        return result.confirmed_by.username if result.confirmed_by else result.confirmed_party


def _who(user, token, party: str) -> str:
    if token is not None:
        return f"table {token.table}"
    return user.username if user is not None else party


class MatchResultsSerializer(serializers.Serializer):
    """The official result of a match and (for its staff) every version."""

    status = StrictChoiceField(
        choices=["none", "submitted", "disputed", "confirmed"], help_text="Where the result stands."
    )
    official = ResultSerializer(allow_null=True, help_text="The confirmed version: the one that counts.")
    versions = ResultSerializer(many=True, help_text="Every version, oldest first (staff only).")
    correction_deadline = StrictDateTimeField(allow_null=True)
