from __future__ import annotations

from rest_framework import serializers

from tournaments.models import Pair, PairStatus, Player, Unit


class UnitSerializer(serializers.ModelSerializer):
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


class PublicPlayerSerializer(serializers.ModelSerializer):
    """What anyone may read about a player: never contact data."""

    class Meta:
        model = Player
        fields = ["id", "name", "unit", "seed"]


class PlayerSerializer(serializers.ModelSerializer):
    """The organiser's view, with contact data; also registers a single player."""

    class Meta:
        model = Player
        fields = ["id", "name", "unit", "seed", "email", "phone"]

    def validate_unit(self, unit):
        if unit is not None and unit.event_id != self.context["event"].pk:
            raise serializers.ValidationError("That unit belongs to another event.", code="does_not_exist")
        return unit


class PlayerInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    email = serializers.EmailField(required=False, allow_blank=True, default="")
    phone = serializers.CharField(max_length=32, required=False, allow_blank=True, default="")


class PairSerializer(serializers.ModelSerializer):
    player_1 = PublicPlayerSerializer(read_only=True)
    player_2 = PublicPlayerSerializer(read_only=True)
    display_name = serializers.CharField(read_only=True)

    class Meta:
        model = Pair
        fields = [
            "id",
            "number",
            "name",
            "display_name",
            "player_1",
            "player_2",
            "unit",
            "seed",
            "grade",
            "status",
            "status_reason",
        ]
        read_only_fields = fields


class PairPrivateSerializer(PairSerializer):
    player_1 = PlayerSerializer(read_only=True)
    player_2 = PlayerSerializer(read_only=True)


class PairCreateSerializer(serializers.Serializer):
    number = serializers.IntegerField(min_value=1, required=False, allow_null=True, default=None)
    name = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    player_1 = PlayerInputSerializer()
    player_2 = PlayerInputSerializer()
    unit = serializers.PrimaryKeyRelatedField(queryset=Unit.objects.all(), required=False, allow_null=True)
    seed = serializers.IntegerField(min_value=1, required=False, allow_null=True, default=None)
    grade = serializers.CharField(max_length=32, required=False, allow_blank=True, default="")

    def validate_unit(self, unit):
        if unit is not None and unit.event_id != self.context["event"].pk:
            raise serializers.ValidationError("That unit belongs to another event.", code="does_not_exist")
        return unit


class PairUpdateSerializer(serializers.ModelSerializer):
    """Edit a pair: its name, unit, seed, grade and status (withdraw / disqualify keep its history)."""

    status = serializers.ChoiceField(choices=PairStatus.choices, required=False)

    class Meta:
        model = Pair
        fields = ["name", "unit", "seed", "grade", "status", "status_reason"]

    def validate_unit(self, unit):
        if unit is not None and unit.event_id != self.instance.event_id:
            raise serializers.ValidationError("That unit belongs to another event.", code="does_not_exist")
        return unit


class PairImportSerializer(serializers.Serializer):
    # An empty file is the service's ``empty_file``, like a file with a header and no rows.
    file = serializers.FileField(
        allow_empty_file=True, help_text="CSV (UTF-8 or GB18030) or XLSX; columns in docs/events.md."
    )
    dry_run = serializers.BooleanField(default=False, help_text="Check every row, import nothing.")


class SinglesDrawSerializer(serializers.Serializer):
    seed = serializers.IntegerField(min_value=0, required=False, allow_null=True, default=None)
