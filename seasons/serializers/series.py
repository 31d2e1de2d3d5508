"""The series API's bodies (docs/series.md): settings checked against the series ranking's registry."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from core.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictDateField,
    StrictFloatField,
    StrictIntegerField,
    StrictSlugField,
    column_max,
)
from core.serializers import StrictModelSerializer
from engine.scoring.methods import SettingError
from engine.scoring.ranking.series import SERIES_TIEBREAK_KEYS, validate_placing_points, validate_series_chain
from seasons.models import QualifyBy, Series, SeriesEvent, SeriesLink
from tournaments.models import Pair


def _slugs(attrs: dict[str, Any], *names: str) -> dict[str, Any]:
    """``attrs`` with each of ``names`` given (a ``source="<name>.slug"`` field, which DRF nests as
    ``{"slug": …}``) as the slug itself, which the services take."""
    for name in names:
        if name in attrs:
            attrs[name] = attrs[name]["slug"]
    return attrs


def _setting_error(exc: SettingError, name: str) -> serializers.ValidationError:
    error = serializers.ErrorDetail(exc.detail, exc.code)
    index = exc.field.split(".", 1)[1] if exc.field.startswith(f"{name}.") else None
    return serializers.ValidationError({index: [error]} if index else [error])


class SeriesSerializer(StrictModelSerializer):
    club = StrictSlugField(source="club.slug", help_text="The club the series belongs to (its slug).")
    placing_points = serializers.ListField(
        child=StrictFloatField(min_value=0),
        required=False,
        help_text="Points of the 1st, 2nd, … place; below: none.",
    )
    tiebreaks = serializers.ListField(
        child=StrictCharField(),
        required=False,
        # Checked by validate_series_chain (unknown_metric, duplicate_metric on ``tiebreaks.<i>``); an
        # enum here would collide in the document with the events' chain, a field of the same name.
        help_text=f"The series' tiebreak chain, of: {', '.join(SERIES_TIEBREAK_KEYS)}.",
    )

    class Meta:
        model = Series
        fields = [
            "slug",
            "name",
            "club",
            "status",
            "points",
            "placing_points",
            "best_of",
            "tiebreaks",
            "shared_places",
            "lots_seed",
            "created_at",
            "updated_at",
        ]
        read_only_fields = ["created_at", "updated_at"]
        extra_kwargs = {
            "best_of": {"min_value": 1, "max_value": column_max(Series, "best_of")},
            "lots_seed": {"min_value": 0, "max_value": 2**53 - 1},
        }

    def validate_placing_points(self, value):
        try:
            return list(validate_placing_points(value))
        except SettingError as exc:
            raise _setting_error(exc, "placing_points") from exc

    def validate_tiebreaks(self, value):
        try:
            return list(validate_series_chain(value))
        except SettingError as exc:
            raise _setting_error(exc, "tiebreaks") from exc

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        return _slugs(attrs, "club")


class SeriesUpdateSerializer(SeriesSerializer):
    """An edit: the slug and the club stay."""

    club = StrictSlugField(source="club.slug", read_only=True)

    class Meta(SeriesSerializer.Meta):
        read_only_fields = ["slug", "club", "created_at", "updated_at"]


class SeriesEventSerializer(StrictModelSerializer):
    event = StrictSlugField(source="event.slug", help_text="The slug of one of the club's events.")
    name = StrictCharField(source="event.name", read_only=True)
    status = StrictCharField(source="event.status", read_only=True)
    starts_on = StrictDateField(source="event.starts_on", read_only=True, allow_null=True)

    class Meta:
        model = SeriesEvent
        fields = ["id", "event", "name", "status", "starts_on", "position", "stage", "counts"]
        extra_kwargs = {
            "position": {"min_value": 1, "max_value": column_max(SeriesEvent, "position"), "required": False},
        }

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        return _slugs(attrs, "event")


class SeriesEventUpdateSerializer(SeriesEventSerializer):
    event = StrictSlugField(source="event.slug", read_only=True)

    class Meta(SeriesEventSerializer.Meta):
        read_only_fields = ["event"]


class SeriesLinkSerializer(StrictModelSerializer):
    feeder = StrictSlugField(source="feeder.slug", help_text="The event whose top entrants go on.")
    final = StrictSlugField(source="final.slug", help_text="The event they go on to.")
    by = StrictChoiceField(choices=QualifyBy.choices, required=False)
    declined = serializers.ListField(
        child=StrictIntegerField(min_value=1, max_value=column_max(Pair, "id")),
        required=False,
        help_text="Feeder pairs (ids) that do not go on: the next in the standings goes instead.",
    )

    class Meta:
        model = SeriesLink
        fields = ["id", "feeder", "final", "top", "by", "declined"]
        extra_kwargs = {"top": {"min_value": 1, "max_value": 10_000}}

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        return _slugs(attrs, "feeder", "final")


class SeriesLinkUpdateSerializer(SeriesLinkSerializer):
    feeder = StrictSlugField(source="feeder.slug", read_only=True)
    final = StrictSlugField(source="final.slug", read_only=True)

    class Meta(SeriesLinkSerializer.Meta):
        read_only_fields = ["feeder", "final"]


# ---- answers ------------------------------------------------------------------------------------
class EntrantSerializer(serializers.Serializer):
    key = StrictCharField(help_text="`m:<member ids>` across events, or `p:<pair id>` for one event.")
    name = StrictCharField(help_text="The pair's name in its latest event.")
    players = serializers.ListField(child=StrictCharField())


class EventResultSerializer(serializers.Serializer):
    event = StrictSlugField()
    place = StrictIntegerField()
    points = StrictFloatField()
    counted = StrictBooleanField(help_text="Among the best `best_of` events.")


class StandingsRowSerializer(serializers.Serializer):
    rank = StrictIntegerField()
    shared = StrictBooleanField()
    entrant = EntrantSerializer()
    points = StrictFloatField(help_text="The total of the counted events.")
    events_played = StrictIntegerField()
    results = EventResultSerializer(many=True)
    tiebreaks = serializers.DictField(
        child=serializers.JSONField(), help_text="Each tiebreak's value (null where none was needed)."
    )
    decided_by = StrictCharField(allow_null=True)


class StandingsEventSerializer(serializers.Serializer):
    slug = StrictSlugField()
    name = StrictCharField()
    position = StrictIntegerField()
    stage = StrictCharField(allow_blank=True)
    counted = StrictBooleanField(help_text="Its placings score (it counts and publishes its standings).")


class SeriesStandingsSerializer(serializers.Serializer):
    series = StrictSlugField()
    as_of = StrictSlugField(allow_null=True)
    points = StrictCharField()
    placing_points = serializers.ListField(child=StrictFloatField())
    best_of = StrictIntegerField(allow_null=True)
    tiebreaks = serializers.ListField(child=StrictCharField())
    shared_places = StrictBooleanField()
    lots_seed = StrictIntegerField()
    events = StandingsEventSerializer(many=True)
    rows = StandingsRowSerializer(many=True)


class GoesWithSerializer(serializers.Serializer):
    """The qualifier a passed-over pair's people go on with (docs/series.md "Links: who goes on")."""

    feeder = StrictSlugField()
    pair = StrictIntegerField(help_text="The qualifier's pair id in its feeder.")
    place = StrictIntegerField()
    name = StrictCharField(allow_blank=True)
    players = serializers.ListField(child=StrictCharField())


class SkippedSerializer(serializers.Serializer):
    pair = StrictIntegerField()
    number = StrictIntegerField()
    name = StrictCharField(allow_blank=True)
    players = serializers.ListField(child=StrictCharField())
    place = StrictIntegerField()
    reason = StrictChoiceField(
        choices=["withdrawn", "disqualified", "declined", "already_qualified", "member_qualified"],
        help_text="already_qualified: the same partnership goes on, better placed; member_qualified: "
        "one of its members goes on with another pair, better placed (one person plays a final once).",
    )
    member = StrictIntegerField(
        allow_null=True, help_text="member_qualified: the member who goes on with another pair."
    )
    player = StrictCharField(allow_null=True, help_text="member_qualified: that member's name in this pair.")
    goes_with = GoesWithSerializer(
        allow_null=True,
        help_text="The qualifier its people go on with (already_qualified, member_qualified).",
    )


class FeederSerializer(serializers.Serializer):
    event = StrictSlugField()
    link = StrictIntegerField()
    top = StrictIntegerField()
    by = StrictCharField()
    closed = StrictBooleanField(help_text="Its last round is closed: its placings are final.")
    qualified = StrictIntegerField()
    skipped = SkippedSerializer(many=True)


class QualifiedPairSerializer(serializers.Serializer):
    pair = StrictIntegerField(help_text="The pair's id in the feeder.")
    number = StrictIntegerField()
    name = StrictCharField(allow_blank=True)
    unit_name = StrictCharField(allow_null=True)


class QualifierSerializer(serializers.Serializer):
    seed = StrictIntegerField()
    feeder = StrictSlugField()
    place = StrictIntegerField()
    pair = QualifiedPairSerializer()
    players = serializers.ListField(child=StrictCharField())
    entrant = StrictCharField()


class QualifiersSerializer(serializers.Serializer):
    final = StrictSlugField()
    closed = StrictBooleanField()
    feeders = FeederSerializer(many=True)
    qualifiers = QualifierSerializer(many=True)


class RegisteredSerializer(serializers.Serializer):
    seed = StrictIntegerField()
    feeder_pair = StrictIntegerField(source="source_id", help_text="The pair's id in its feeder.")
    pair = StrictIntegerField(source="pair_id", help_text="The pair's id in the final.")


class RegistrationSerializer(serializers.Serializer):
    final = StrictSlugField()
    created = StrictBooleanField(help_text="False: registered by an earlier call, answered again.")
    pairs = RegisteredSerializer(many=True)
