"""The shapes of the rating table and of a member's rating history, for the OpenAPI document (the
views build dicts)."""

from __future__ import annotations

from rest_framework import serializers

from core.fields import (
    StrictCharField,
    StrictDateTimeField,
    StrictFloatField,
    StrictIntegerField,
    StrictSlugField,
)


class RatingClubSerializer(serializers.Serializer):
    slug = StrictSlugField()
    name = StrictCharField()


class RatingRowSerializer(serializers.Serializer):
    rank = StrictIntegerField()
    member = StrictIntegerField(help_text="The member's id (its history: members/{id}/ratings/).")
    name = StrictCharField()
    affiliation = StrictCharField(help_text="The club or unit shown beside the name; may be empty.")
    rating = StrictFloatField(help_text="mu - 3 sigma: what the table ranks by.")
    mu = StrictFloatField(help_text="The rating model's mean.")
    sigma = StrictFloatField(help_text="The rating model's uncertainty.")
    matches = StrictIntegerField(help_text="Rated matches (within the events asked for, if any).")


class RatingTableSerializer(serializers.Serializer):
    club = RatingClubSerializer()
    events = serializers.ListField(
        child=StrictSlugField(),
        allow_null=True,
        help_text="The events the table is over; null: all the club's.",
    )
    computed_at = StrictDateTimeField(allow_null=True, help_text="The last recomputation; null: none yet.")
    rated_matches = StrictIntegerField(help_text="Matches rated by the last recomputation.")
    rows = RatingRowSerializer(many=True)


class SkillSerializer(serializers.Serializer):
    rating = StrictFloatField()
    mu = StrictFloatField()
    sigma = StrictFloatField()


class RatedEventSerializer(serializers.Serializer):
    slug = StrictSlugField()
    name = StrictCharField()


class RatingChangeSerializer(serializers.Serializer):
    event = RatedEventSerializer()
    match = StrictIntegerField()
    round = StrictIntegerField()
    table = StrictIntegerField()
    before = SkillSerializer()
    after = SkillSerializer()


class RatedMemberSerializer(serializers.Serializer):
    id = StrictIntegerField()
    name = StrictCharField()
    affiliation = StrictCharField()


class RatingHistorySerializer(serializers.Serializer):
    member = RatedMemberSerializer(help_text="The member asked for, or the one it was merged into.")
    rating = SkillSerializer(allow_null=True, help_text="Where the member stands now; null: not rated yet.")
    matches = StrictIntegerField()
    history = RatingChangeSerializer(many=True)
