"""The shapes of the standings and results tables, for the OpenAPI document (the views build dicts)."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.serializers.settings import ScoringSettingField, TiebreakChainField


class StandingPairSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    name = serializers.CharField()
    unit = serializers.CharField(allow_null=True)
    status = serializers.CharField()


class ColumnSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="match_points or a tiebreak key.")
    name = serializers.CharField(help_text="In the caller's language.")


class TableHeaderSerializer(serializers.Serializer):
    event = serializers.SlugField()
    rounds = serializers.ListField(child=serializers.IntegerField(), help_text="The rounds counted.")
    results_version = serializers.IntegerField(help_text="Moves on whenever the standings change.")
    match_points = ScoringSettingField(help_text="The effective scoring method of the match points (G9).")
    level_points = ScoringSettingField(help_text="The effective scoring method of the level points (G9).")
    tiebreaks = TiebreakChainField(help_text="The effective tiebreak chain (G10).")
    shared_places = serializers.BooleanField()
    lots_seed = serializers.IntegerField(help_text="The seed of the drawing of lots (G10), published.")


class StandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    shared = serializers.BooleanField(help_text="Shares its place with the rows of the same rank.")
    pair = StandingPairSerializer()
    match_points = serializers.FloatField(help_text="The total, penalty points included.")
    penalty_points = serializers.FloatField(
        help_text="Match points added or removed by referees' rulings (G12), part of match_points."
    )
    tiebreaks = serializers.DictField(
        child=serializers.FloatField(allow_null=True), help_text="Every tiebreak value, in chain order."
    )
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    decided_by = serializers.CharField(
        allow_null=True, help_text="What put this row above the next one: match_points or a tiebreak key."
    )
    decided_by_name = serializers.CharField(allow_null=True)


class StandingsSerializer(TableHeaderSerializer):
    as_of_round = serializers.IntegerField(allow_null=True)
    columns = ColumnSerializer(many=True)
    rows = StandingRowSerializer(many=True)


class StandingUnitSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    short_name = serializers.CharField()


class UnitRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    shared = serializers.BooleanField()
    unit = StandingUnitSerializer()
    match_points = serializers.FloatField()
    level_points = serializers.FloatField()
    pairs = serializers.ListField(child=serializers.IntegerField(), help_text="Pair numbers counted.")
    decided_by = serializers.CharField(allow_null=True)
    decided_by_name = serializers.CharField(allow_null=True)


class UnitStandingsSerializer(TableHeaderSerializer):
    as_of_round = serializers.IntegerField(allow_null=True)
    unit_best = serializers.IntegerField(allow_null=True)
    rows = UnitRowSerializer(many=True)


class ResultPairSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField(help_text="The pair number (对号).")
    name = serializers.CharField()


class SidesSerializer(serializers.Serializer):
    NS = serializers.FloatField(allow_null=True)
    EW = serializers.FloatField(allow_null=True)


class ResultSeatSerializer(serializers.Serializer):
    """One player's line at a table of four (docs/scoring.md "Tables of four")."""

    seat = serializers.ChoiceField(choices=["N", "E", "S", "W"])
    pair = ResultPairSerializer()
    points = serializers.FloatField(allow_null=True)
    deals_won = serializers.IntegerField(allow_null=True)
    landlord_won = serializers.IntegerField(allow_null=True)
    landlord_lost = serializers.IntegerField(allow_null=True)
    match_points = serializers.FloatField(allow_null=True)
    level_points = serializers.FloatField(allow_null=True)


class ResultRowSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    ns_pair = ResultPairSerializer(allow_null=True, help_text="null: a table of four (its seats).")
    ew_pair = ResultPairSerializer(allow_null=True, help_text="null: a bye, or a table of four.")
    seats = ResultSeatSerializer(many=True, help_text="A table of four's players by seat; empty otherwise.")
    status = serializers.CharField(help_text="The match's status, or bye.")
    levels = serializers.DictField(child=serializers.CharField(), allow_null=True)
    winner = serializers.ChoiceField(choices=["NS", "EW"], allow_null=True)
    level_difference = serializers.IntegerField(allow_null=True)
    points = serializers.DictField(
        child=serializers.FloatField(allow_null=True),
        allow_null=True,
        help_text="A point game's totals over the deals: per side (NS, EW: Daguai Luzi) or per seat "
        "(N, E, S, W: a table of four); null otherwise.",
    )
    deals_played = serializers.IntegerField(allow_null=True)
    forfeit = serializers.CharField(allow_null=True)
    match_points = SidesSerializer(allow_null=True)
    level_points = SidesSerializer(allow_null=True)


class ResultsTableSerializer(serializers.Serializer):
    event = serializers.SlugField()
    round = serializers.IntegerField(allow_null=True)
    results_version = serializers.IntegerField()
    rows = ResultRowSerializer(many=True)
