"""The shapes of a member's history (seasons.histories; docs/clubs.md "A member's history")."""

from __future__ import annotations

from rest_framework import serializers

from core.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictDateField,
    StrictFloatField,
    StrictIntegerField,
    StrictSlugField,
)
from scoring.serializers.plays import LevelField
from scoring.serializers.standings import ResultPairSerializer
from tournaments.models import EventStatus


class HistoryMemberSerializer(serializers.Serializer):
    id = StrictIntegerField()
    name = StrictCharField()
    affiliation = StrictCharField()


class HistoryEventSerializer(serializers.Serializer):
    slug = StrictSlugField()
    name = StrictCharField()
    starts_on = StrictDateField(allow_null=True)
    game = StrictCharField()
    status = StrictChoiceField(choices=EventStatus.choices)


class HistoryPairSerializer(serializers.Serializer):
    id = StrictIntegerField()
    number = StrictIntegerField()
    name = StrictCharField(help_text="The pair's name, or its players' names.")


class PartnerSerializer(serializers.Serializer):
    name = StrictCharField(help_text="As the partner was registered in that event.")
    member = StrictIntegerField(allow_null=True, help_text="The partner's member id (its own history).")


class PlacingSerializer(serializers.Serializer):
    rank = StrictIntegerField(help_text="The place in the event's standings (G10).")
    shared = StrictBooleanField(help_text="The place is shared with others.")
    of = StrictIntegerField(help_text="Rows of the standings.")
    match_points = StrictFloatField()
    provisional = StrictBooleanField(help_text="A result of the pair waits for the chief referee.")


class HistoryResultSerializer(serializers.Serializer):
    match = StrictIntegerField()
    round = StrictIntegerField()
    table = StrictIntegerField()
    side = StrictChoiceField(
        choices=["NS", "EW", "N", "E", "S", "W"], help_text="The member's side, or seat at a table of four."
    )
    partner = ResultPairSerializer(
        allow_null=True,
        help_text="At a table of an individual event: the player beside the member (null elsewhere).",
    )
    opponents = ResultPairSerializer(
        many=True,
        help_text="The other side; the three others at a table of four; the other side's two players at "
        "an individual event's table.",
    )
    outcome = StrictChoiceField(
        choices=["win", "loss", "draw", "bye"],
        allow_null=True,
        help_text="Null: no confirmed result yet, or a table of four (its points say it).",
    )
    levels = serializers.DictField(child=LevelField(), allow_null=True, help_text="Final levels by side.")
    points = serializers.DictField(child=StrictFloatField(allow_null=True), allow_null=True)
    forfeit = StrictCharField(allow_null=True)
    match_points = StrictFloatField(allow_null=True, help_text="The member's side's match points (G9).")
    level_points = StrictFloatField(allow_null=True)


class HistorySubstitutionSerializer(serializers.Serializer):
    replaced = PartnerSerializer(help_text="The registered player whose place was taken.")
    substitute = PartnerSerializer(help_text="Who played in their place (替补).")
    from_round = StrictIntegerField()
    until_round = StrictIntegerField(allow_null=True, help_text="Null: to the end.")


class HistoryEntrySerializer(serializers.Serializer):
    event = HistoryEventSerializer()
    pair = HistoryPairSerializer(
        help_text="The member's entry: their pair, team, or themselves alone; or the entry they "
        "played in as a substitute."
    )
    partners = PartnerSerializer(many=True, help_text="Who played beside the member (substitutes included).")
    substitutions = HistorySubstitutionSerializer(
        many=True,
        help_text="The substitutions that concern the member: they were replaced, or played as "
        "the substitute. The results list only the rounds the member really played.",
    )
    placing = PlacingSerializer(allow_null=True, help_text="Null: standings not published, or not placed.")
    results = HistoryResultSerializer(many=True, allow_null=True, help_text="Null: results not published.")


class MemberHistorySerializer(serializers.Serializer):
    member = HistoryMemberSerializer()
    club = StrictSlugField()
    events = HistoryEntrySerializer(many=True, help_text="Latest event first.")
