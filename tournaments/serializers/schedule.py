from __future__ import annotations

import json
from collections import Counter
from typing import Any

from django.db.models import Max, TextField
from django.db.models.functions import Cast
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.fields import (
    StrictBooleanField,
    StrictChoiceField,
    StrictDateTimeField,
    StrictIntegerField,
    StrictPrimaryKeyRelatedField,
    StrictSlugField,
)
from core.serializers import StrictModelSerializer
from tournaments.clock import (
    CLOCK_STATES,
    EXTEND_MAX_MINUTES,
    Clock,
    round_clock,
)
from tournaments.models import Attendance, Match, Round, Stage
from tournaments.serializers.checkin import CheckInCountsSerializer
from tournaments.serializers.registration import PAIR_ID, PairSerializer, column_max

TABLE: dict[str, Any] = {"min_value": 1, "max_value": column_max(Match, "table")}
ROUND_NUMBER: dict[str, Any] = {"min_value": 1, "max_value": column_max(Round, "number")}
STAGE_ORDER_MAX = column_max(Stage, "order")


class StageSerializer(StrictModelSerializer):
    class Meta:
        model = Stage
        fields = ["id", "name", "kind", "order", "advance_count", "first_round", "group_count", "best_of"]
        extra_kwargs = {
            "order": {
                "required": False,
                "min_value": 0,
                "max_value": STAGE_ORDER_MAX,
                "help_text": "Place among the event's stages; by default the next.",
            },
            "advance_count": {"min_value": 1, "max_value": column_max(Stage, "advance_count")},
            "group_count": {"min_value": 1, "max_value": column_max(Stage, "group_count")},
            "best_of": {"min_value": 1, "max_value": 3},
        }

    def validate_best_of(self, value: int) -> int:
        if value not in (1, 3):
            raise serializers.ValidationError(
                "A knockout tie is one match or a best of three.", code="invalid_choice"
            )
        return value

    def validate_order(self, value: int) -> int:
        event = self.context["event"]
        clash = Stage.objects.filter(event=event, order=value)
        if self.instance is not None:
            clash = clash.exclude(pk=self.instance.pk)
        if clash.exists():
            raise serializers.ValidationError(f"Stage order {value} is taken.", code="unique")
        return value

    # What a stage's rounds were drawn by: fixed once the stage has a round.
    FIXED_ONCE_STARTED = ("kind", "order", "first_round", "group_count", "best_of")

    def validate(self, attrs):
        if self.instance is None and "order" not in attrs:
            top = Stage.objects.filter(event=self.context["event"]).aggregate(top=Max("order"))["top"]
            attrs["order"] = (top or 0) + 1
            if attrs["order"] > STAGE_ORDER_MAX:  # a stage placed last by hand: no next order
                raise serializers.ValidationError(
                    {
                        "order": [
                            serializers.ErrorDetail(
                                f"The last stage's order is {top}, the largest there is: give an order.",
                                "stage_orders_exhausted",
                            )
                        ]
                    }
                )
        if self.instance is not None and self.instance.rounds.exists():
            changed = [
                n for n in self.FIXED_ONCE_STARTED if n in attrs and attrs[n] != getattr(self.instance, n)
            ]
            if changed:
                raise serializers.ValidationError(
                    {
                        name: [
                            serializers.ErrorDetail("The stage has rounds: this is fixed.", "stage_started")
                        ]
                        for name in changed
                    }
                )
        return attrs


class ClockSerializer(serializers.Serializer):
    """The round clock (docs/events.md "The round clock"): never depends on when it is read.

    While ``running``, the time left is ``ends_at`` − now; otherwise ``remaining_seconds``."""

    state = StrictChoiceField(choices=CLOCK_STATES, read_only=True)
    limit_minutes = StrictIntegerField(
        read_only=True, allow_null=True, help_text="The rules' time limit of a match (G8); null: no clock."
    )
    extended_minutes = StrictIntegerField(read_only=True, help_text="Added to the limit by the staff.")
    started_at = StrictDateTimeField(read_only=True, allow_null=True, help_text="The first start.")
    paused_at = StrictDateTimeField(read_only=True, allow_null=True, help_text="Set while paused.")
    paused_seconds = StrictIntegerField(read_only=True, help_text="The pauses that ended, in all.")
    ends_at = StrictDateTimeField(
        read_only=True, allow_null=True, help_text="Running with a limit: when the time is up."
    )
    remaining_seconds = StrictIntegerField(
        read_only=True,
        allow_null=True,
        help_text="Not running, with a limit: the time left (0 or less: time is up).",
    )


class ClockExtendSerializer(serializers.Serializer):
    minutes = StrictIntegerField(
        min_value=1, max_value=EXTEND_MAX_MINUTES, help_text="Minutes added to the round's time limit."
    )


class RoundSerializer(StrictModelSerializer):
    stage = StrictPrimaryKeyRelatedField(queryset=Stage.objects.all())
    match_count = StrictIntegerField(read_only=True, source="matches.count")
    clock = serializers.SerializerMethodField(help_text="The round clock.")
    check_in = serializers.SerializerMethodField(
        help_text="How many pairs are checked in present, late and absent (the sheet: …/check-in)."
    )

    @extend_schema_field(CheckInCountsSerializer)
    def get_check_in(self, round_: Round) -> dict[str, int]:
        by_status = Counter(round_.check_ins.values_list("status", flat=True))
        return {status.value: by_status.get(status.value, 0) for status in Attendance}

    @extend_schema_field(ClockSerializer)
    def get_clock(self, round_: Round) -> Clock:
        return round_clock(round_)

    class Meta:
        model = Round
        fields = [
            "number",
            "stage",
            "status",
            "starts_at",
            "draw_seed",
            "draw_system",
            "relaxed",
            "match_count",
            "drawn_at",
            "published_at",
            "closed_at",
            "clock",
            "check_in",
            "updated_at",
        ]
        read_only_fields = [
            "status",
            "draw_seed",
            "draw_system",
            "relaxed",
            "drawn_at",
            "published_at",
            "closed_at",
            "updated_at",
        ]
        extra_kwargs = {"number": {"required": False, **ROUND_NUMBER}}

    def validate_stage(self, stage: Stage) -> Stage:
        if stage.event_id != self.context["event"].pk:
            raise serializers.ValidationError("That stage belongs to another event.", code="does_not_exist")
        return stage


class RoundUpdateSerializer(serializers.Serializer):
    """What a PATCH of a round may change: its start time, and its stage while it is a draft."""

    stage = StrictPrimaryKeyRelatedField(queryset=Stage.objects.all(), required=False)
    starts_at = StrictDateTimeField(required=False, allow_null=True)

    def validate_stage(self, stage: Stage) -> Stage:
        if stage.event_id != self.context["event"].pk:
            raise serializers.ValidationError("That stage belongs to another event.", code="does_not_exist")
        return stage


class TableSeatSerializer(serializers.Serializer):
    """One player's seat at a table of four (docs/events.md "Tables of four")."""

    seat = StrictChoiceField(choices=["N", "E", "S", "W"], read_only=True)
    pair = PairSerializer(read_only=True, help_text="The entrant (one player) in that seat.")


class MatchSerializer(StrictModelSerializer):
    round = StrictIntegerField(source="round.number", read_only=True)
    event = StrictSlugField(source="round.event.slug", read_only=True)
    ns_pair = PairSerializer(
        read_only=True, allow_null=True, help_text="Null for a table of four (its seats)."
    )
    ew_pair = PairSerializer(read_only=True, allow_null=True)
    is_bye = StrictBooleanField(read_only=True)
    seats = serializers.SerializerMethodField(
        help_text="A table of four (four-player Dou Dizhu): its players by seat, N, E, S, W; empty otherwise."
    )

    class Meta:
        model = Match
        fields = [
            "id",
            "event",
            "round",
            "table",
            "ns_pair",
            "ew_pair",
            "is_bye",
            "seats",
            "status",
            "flags",
            "bracket_slot",
            "best_of",
            "winner",
        ]
        read_only_fields = fields

    @extend_schema_field(TableSeatSerializer(many=True))
    def get_seats(self, match: Match) -> list[dict]:
        if match.ns_pair_id is not None:  # a two-sided match: no query
            return []
        # The stubs give .data a ReturnDict even with many=True, which gives a ReturnList.
        return TableSeatSerializer(match.seats.select_related("pair__player_1"), many=True).data  # type: ignore[return-value]

    # The lean twin for lists (as PairSerializer's): a match row of COLUMNS (a queryset annotated
    # with ANNOTATIONS), its pairs' rows by id. The flags come as their JSON text: a 304 hashes the
    # rows without decoding fifty lists (a tenth of its time); an answer decodes them.
    ANNOTATIONS = {"flags_json": Cast("flags", TextField())}
    COLUMNS = (
        "id",
        "round__number",
        "table",
        "ns_pair_id",
        "ew_pair_id",
        "status",
        "flags_json",
        "bracket_slot",
        "best_of",
        "winner_id",
    )

    @staticmethod
    def pair_ids(row) -> tuple[int, ...]:
        """The two sides' pair ids of a row (none for a table of four: its seats are read apart)."""
        return tuple(pk for pk in (row[3], row[4]) if pk is not None)

    @staticmethod
    def from_row(row, *, event: str, pairs: dict[int, dict], seats: dict[int, list] | None = None) -> dict:
        """``seats``: match id → ``(seat, pair id)`` of the tables of four among the rows."""
        id_, round_, table, ns_pair, ew_pair, status, flags, bracket_slot, best_of, winner = row
        seated = (seats or {}).get(id_, ()) if ns_pair is None else ()
        return {
            "id": id_,
            "event": event,
            "round": round_,
            "table": table,
            "ns_pair": None if ns_pair is None else pairs[ns_pair],
            "ew_pair": None if ew_pair is None else pairs[ew_pair],
            "is_bye": ns_pair is not None and ew_pair is None,
            "seats": [{"seat": seat, "pair": pairs[pair]} for seat, pair in seated],
            "status": status,
            "flags": json.loads(flags),
            "bracket_slot": bracket_slot,
            "best_of": best_of,
            "winner": winner,
        }


class MatchWriteSerializer(serializers.Serializer):
    """A table of a draft round, set by hand: who sits NS and who EW (no EW pair: a bye)."""

    ns_pair = StrictIntegerField(**PAIR_ID, help_text="Pair id")
    ew_pair = StrictIntegerField(**PAIR_ID, allow_null=True, help_text="Pair id, or null for a bye")


class MatchCreateSerializer(MatchWriteSerializer):
    round = StrictIntegerField(**ROUND_NUMBER, help_text="Round number (a draft round)")
    table = StrictIntegerField(**TABLE)


class DrawRequestSerializer(serializers.Serializer):
    seed = StrictIntegerField(
        min_value=0,
        max_value=2**62,
        required=False,
        allow_null=True,
        default=None,
        help_text="Reproduce a draw: the same seed on the same history gives the same pairings.",
    )


class SwapSerializer(serializers.Serializer):
    """Either ``pair_a`` and ``pair_b`` (two pairs trade places) or ``table`` and ``to_table``."""

    pair_a = StrictIntegerField(**PAIR_ID, required=False, help_text="Pair id: trade places with pair_b.")
    pair_b = StrictIntegerField(**PAIR_ID, required=False, help_text="Pair id: trade places with pair_a.")
    table = StrictIntegerField(**TABLE, required=False, help_text="Move the match at this table …")
    to_table = StrictIntegerField(**TABLE, required=False, help_text="… to this table.")

    EDITS = (("pair_a", "pair_b"), ("table", "to_table"))

    def validate(self, attrs):
        # Half an edit names what it lacks, whatever else came with it.
        missing = {
            name: [serializers.ErrorDetail(f"{name} is required with {given}.", "required")]
            for edit in self.EDITS
            for given, name in (edit, edit[::-1])
            if given in attrs and name not in attrs
        }
        if missing:
            raise serializers.ValidationError(missing)
        given = [edit for edit in self.EDITS if edit[0] in attrs]
        if len(given) != 1:
            raise serializers.ValidationError(
                "Give either pair_a and pair_b (swap two pairs) or table and to_table (move a table).",
                code="invalid_edit",
            )
        return attrs
