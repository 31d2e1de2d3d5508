from __future__ import annotations

from typing import Any

from rest_framework import serializers

from core.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictEmailField,
    StrictIntegerField,
    StrictPrimaryKeyRelatedField,
    column_max,
)
from core.serializers import StrictModelSerializer
from tournaments.models import Pair, PairStatus, Player, Unit
from tournaments.pins import pair_pin

PAIR_ID: dict[str, Any] = {"min_value": 1, "max_value": column_max(Pair, "id")}


class UnitSerializer(StrictModelSerializer):
    class Meta:
        model = Unit
        fields = ["id", "name", "short_name"]

    def validate_name(self, name: str) -> str:
        clash = Unit.objects.filter(event=self.context["event"], name=name)
        if self.instance is not None:
            clash = clash.exclude(pk=self.instance.pk)
        if clash.exists():
            raise serializers.ValidationError(f"The event has a unit named {name!r}.", code="unique")
        return name


MEMBER_HELP = "The club's member (会员) this entry is (docs/clubs.md); null in an event without a club."
MEMBER_NUMBER_HELP = (
    "In an event of a club: the club's member number (会员号). The live member holding it is this "
    "player; a number no member holds, or none, makes a new member (docs/clubs.md)."
)


class PublicPlayerSerializer(StrictModelSerializer):
    """What anyone may read about a player: never contact data."""

    class Meta:
        model = Player
        fields = ["id", "name", "unit", "seed", "member"]
        read_only_fields = ["member"]
        # The column's size on PostgreSQL, on every database: the document is the same on each.
        extra_kwargs = {
            "seed": {"min_value": 0, "max_value": column_max(Player, "seed")},
            "member": {"help_text": MEMBER_HELP},
        }

    # The lean twin for long lists: the same representation from a row of COLUMNS, without a model
    # object or a field per value (tests/tournaments/test_api_matches.py checks they agree).
    COLUMNS = ("id", "name", "unit_id", "seed", "member_id")

    @staticmethod
    def from_row(row) -> dict:
        id_, name, unit, seed, member = row
        return {"id": id_, "name": name, "unit": unit, "seed": seed, "member": member}


class PlayerSerializer(StrictModelSerializer):
    """The organiser's view, with contact data; also registers a single player."""

    member_number = StrictCharField(
        max_length=32, required=False, allow_blank=True, write_only=True, help_text=MEMBER_NUMBER_HELP
    )

    class Meta:
        model = Player
        fields = ["id", "name", "unit", "seed", "email", "phone", "member", "member_number"]
        read_only_fields = ["member"]
        extra_kwargs = {
            "seed": {"min_value": 0, "max_value": column_max(Player, "seed")},
            "member": {"help_text": MEMBER_HELP},
        }

    def validate_unit(self, unit):
        if unit is not None and unit.event_id != self.context["event"].pk:
            raise serializers.ValidationError("That unit belongs to another event.", code="does_not_exist")
        return unit


class PlayerInputSerializer(serializers.Serializer):
    name = StrictCharField(max_length=120)
    email = StrictEmailField(required=False, allow_blank=True, default="")
    phone = StrictCharField(max_length=32, required=False, allow_blank=True, default="")
    member_number = StrictCharField(
        max_length=32, required=False, allow_blank=True, default="", help_text=MEMBER_NUMBER_HELP
    )


class PairSerializer(StrictModelSerializer):
    # The staff's twin (PairPrivateSerializer) shows the players' own details instead.
    player_1: StrictModelSerializer = PublicPlayerSerializer(read_only=True)
    player_2: StrictModelSerializer = PublicPlayerSerializer(
        read_only=True, allow_null=True, help_text="Null for a player entered alone (a table-of-four game)."
    )
    player_3: StrictModelSerializer = PublicPlayerSerializer(
        read_only=True, allow_null=True, help_text="A team of three's third player; null for a pair."
    )
    display_name = StrictCharField(read_only=True)

    class Meta:
        model = Pair
        fields = [
            "id",
            "number",
            "name",
            "display_name",
            "player_1",
            "player_2",
            "player_3",
            "unit",
            "seed",
            "grade",
            "status",
            "status_reason",
        ]
        read_only_fields = fields

    # The lean twin, as PublicPlayerSerializer's: one row per pair, its two (or three) players joined.
    COLUMNS = (
        "id",
        "number",
        "name",
        "unit_id",
        "seed",
        "grade",
        "status",
        "status_reason",
        *tuple(f"player_1__{name}" for name in PublicPlayerSerializer.COLUMNS),
        *tuple(f"player_2__{name}" for name in PublicPlayerSerializer.COLUMNS),
        *tuple(f"player_3__{name}" for name in PublicPlayerSerializer.COLUMNS),
    )

    @staticmethod
    def from_row(row) -> dict:
        id_, number, name, unit, seed, grade, status, status_reason = row[:8]
        width = len(PublicPlayerSerializer.COLUMNS)
        first, second, third = (row[8 + width * slot : 8 + width * (slot + 1)] for slot in range(3))
        player_1 = PublicPlayerSerializer.from_row(first)
        player_2 = None if second[0] is None else PublicPlayerSerializer.from_row(second)
        player_3 = None if third[0] is None else PublicPlayerSerializer.from_row(third)
        players = [player for player in (player_1, player_2, player_3) if player is not None]
        return {
            "id": id_,
            "number": number,
            "name": name,
            "display_name": name or " / ".join(player["name"] for player in players),  # Pair.display_name
            "player_1": player_1,
            "player_2": player_2,
            "player_3": player_3,
            "unit": unit,
            "seed": seed,
            "grade": grade,
            "status": status,
            "status_reason": status_reason,
        }


class PairPrivateSerializer(PairSerializer):
    """A pair as organisers and the chief referee see it: with contacts, and the PIN its pair card
    carries (tournaments.pins)."""

    player_1 = PlayerSerializer(read_only=True)
    player_2 = PlayerSerializer(
        read_only=True, allow_null=True, help_text="Null for a player entered alone (a table-of-four game)."
    )
    player_3 = PlayerSerializer(
        read_only=True, allow_null=True, help_text="A team of three's third player; null for a pair."
    )
    confirm_pin = serializers.SerializerMethodField(
        help_text="The pair's PIN (6 digits), printed on its pair card: on the table's one phone, the "
        "pair confirms a result the other pair submitted with it (`POST …/result/confirm`)."
    )

    class Meta(PairSerializer.Meta):
        fields = [*PairSerializer.Meta.fields, "confirm_pin"]

    def get_confirm_pin(self, pair: Pair) -> str:
        return pair_pin(pair.pk)


class PairCreateSerializer(serializers.Serializer):
    number = StrictIntegerField(
        min_value=1,
        max_value=column_max(Pair, "number"),
        required=False,
        allow_null=True,
        default=None,
        help_text="The pair number (对号); left out: the next free number.",
    )
    name = StrictCharField(max_length=200, required=False, allow_blank=True, default="")
    player_1 = PlayerInputSerializer()
    player_2 = PlayerInputSerializer(
        required=False,
        allow_null=True,
        default=None,
        help_text="The second player: required for pairs and teams, refused where each player enters alone.",
    )
    player_3 = PlayerInputSerializer(
        required=False,
        allow_null=True,
        default=None,
        help_text="The third player: required in a game of teams of three (Daguai Luzi), refused otherwise.",
    )
    unit = StrictPrimaryKeyRelatedField(queryset=Unit.objects.all(), required=False, allow_null=True)
    seed = StrictIntegerField(
        min_value=1, max_value=column_max(Pair, "seed"), required=False, allow_null=True, default=None
    )
    grade = StrictCharField(max_length=32, required=False, allow_blank=True, default="")

    def validate_unit(self, unit):
        if unit is not None and unit.event_id != self.context["event"].pk:
            raise serializers.ValidationError("That unit belongs to another event.", code="does_not_exist")
        return unit


class PairUpdateSerializer(StrictModelSerializer):
    """Edit a pair: its name, unit, seed, grade and status (withdraw / disqualify keep its history)."""

    status = StrictChoiceField(choices=PairStatus.choices, required=False)

    class Meta:
        model = Pair
        fields = ["name", "unit", "seed", "grade", "status", "status_reason"]
        extra_kwargs = {"seed": {"min_value": 1, "max_value": column_max(Pair, "seed")}}

    def validate_unit(self, unit):
        if unit is not None and unit.event_id != self.instance.event_id:
            raise serializers.ValidationError("That unit belongs to another event.", code="does_not_exist")
        return unit


class PairImportSerializer(serializers.Serializer):
    # An empty file is the service's ``empty_file``, like a file with a header and no rows.
    file = serializers.FileField(
        allow_empty_file=True, help_text="CSV (UTF-8 or GB18030) or XLSX; columns in docs/events.md."
    )
    dry_run = StrictBooleanField(default=False, help_text="Check every row, import nothing.")


class SinglesDrawSerializer(serializers.Serializer):
    seed = StrictIntegerField(
        min_value=0,
        max_value=2**62,  # as a round's draw seed
        required=False,
        allow_null=True,
        default=None,
        help_text="Reproduce a lot: the same seed on the same waiting players gives the same pairs.",
    )
