"""The shape of a round's pairings in figures (``GET …/rounds/{n}/explain``,
tournaments.selectors.explain), for the OpenAPI document."""

from __future__ import annotations

from rest_framework import serializers

from core.fields import StrictCharField, StrictFloatField, StrictIntegerField


class ScoreGroupSerializer(serializers.Serializer):
    group = StrictIntegerField(read_only=True, help_text="1: the pairs with the most points.")
    points = StrictFloatField(read_only=True, help_text="The match points the group's pairs carried in.")
    pairs = StrictIntegerField(read_only=True, help_text="How many pairs of the round have them.")


class ExplainedPairSerializer(serializers.Serializer):
    number = StrictIntegerField(read_only=True)
    points = StrictFloatField(read_only=True, help_text="Match points of the rounds before (G9).")
    group = StrictIntegerField(read_only=True, help_text="The pair's score group.")


class ExplainedTableSerializer(serializers.Serializer):
    table = StrictIntegerField(read_only=True)
    pairs = ExplainedPairSerializer(many=True, read_only=True)
    flags = serializers.ListField(child=StrictCharField(), read_only=True)
    float_points = StrictFloatField(read_only=True, help_text="The pairs' points apart (0: no float).")
    float_groups = StrictIntegerField(read_only=True, help_text="How many score groups apart they are.")


class DrawFiguresSerializer(serializers.Serializer):
    round = StrictIntegerField(read_only=True)
    groups = ScoreGroupSerializer(many=True, read_only=True)
    tables = ExplainedTableSerializer(many=True, read_only=True)
