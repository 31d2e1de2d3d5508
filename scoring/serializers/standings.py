"""The shapes of the standings and results tables, for the OpenAPI document (the views build dicts)."""

from __future__ import annotations

from rest_framework import serializers

from core.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictFloatField,
    StrictIntegerField,
    StrictSlugField,
)
from scoring.serializers.plays import LevelField
from tournaments.serializers.settings import ScoringSettingField, TiebreakChainField


class StandingPairSerializer(serializers.Serializer):
    id = StrictIntegerField()
    number = StrictIntegerField()
    name = StrictCharField()
    unit = StrictCharField(allow_null=True)
    status = StrictCharField()


class ColumnSerializer(serializers.Serializer):
    key = StrictCharField(help_text="match_points or a tiebreak key.")
    name = StrictCharField(help_text="In the caller's language.")


class TableHeaderSerializer(serializers.Serializer):
    event = StrictSlugField()
    rounds = serializers.ListField(child=StrictIntegerField(), help_text="The rounds counted.")
    results_version = StrictIntegerField(help_text="Moves on whenever the standings change.")
    match_points = ScoringSettingField(help_text="The effective scoring method of the match points (G9).")
    level_points = ScoringSettingField(help_text="The effective scoring method of the level points (G9).")
    tiebreaks = TiebreakChainField(help_text="The effective tiebreak chain (G10).")
    shared_places = StrictBooleanField()
    lots_seed = StrictIntegerField(help_text="The seed of the drawing of lots (G10), published.")


class StandingRowSerializer(serializers.Serializer):
    rank = StrictIntegerField()
    shared = StrictBooleanField(help_text="Shares its place with the rows of the same rank.")
    pair = StandingPairSerializer()
    match_points = StrictFloatField(help_text="The total, penalty points included.")
    penalty_points = StrictFloatField(
        help_text="Match points added or removed by referees' rulings (G12), part of match_points."
    )
    tiebreaks = serializers.DictField(
        child=StrictFloatField(allow_null=True), help_text="Every tiebreak value, in chain order."
    )
    played = StrictIntegerField()
    wins = StrictIntegerField()
    draws = StrictIntegerField()
    losses = StrictIntegerField()
    decided_by = StrictCharField(
        allow_null=True, help_text="What put this row above the next one: match_points or a tiebreak key."
    )
    decided_by_name = StrictCharField(allow_null=True)
    provisional = StrictBooleanField(
        help_text="A result of this pair waits for the chief referee's decision (G12): it may change."
    )


class ProvisionalMatchSerializer(serializers.Serializer):
    match = StrictIntegerField()
    round = StrictIntegerField()
    table = StrictIntegerField()


class StandingsSerializer(TableHeaderSerializer):
    as_of_round = StrictIntegerField(allow_null=True)
    columns = ColumnSerializer(many=True)
    provisional = ProvisionalMatchSerializer(
        many=True,
        help_text="The matches whose result waits for the chief referee: an appeal, or a ruling flagged "
        "for review (a ruling that decides the match, or other than the penalty table's).",
    )
    rows = StandingRowSerializer(many=True)


class StandingUnitSerializer(serializers.Serializer):
    id = StrictIntegerField()
    name = StrictCharField()
    short_name = StrictCharField()


class UnitRowSerializer(serializers.Serializer):
    rank = StrictIntegerField()
    shared = StrictBooleanField()
    unit = StandingUnitSerializer()
    match_points = StrictFloatField()
    level_points = StrictFloatField()
    pairs = serializers.ListField(child=StrictIntegerField(), help_text="Pair numbers counted.")
    decided_by = StrictCharField(allow_null=True)
    decided_by_name = StrictCharField(allow_null=True)


class UnitStandingsSerializer(TableHeaderSerializer):
    as_of_round = StrictIntegerField(allow_null=True)
    unit_best = StrictIntegerField(allow_null=True)
    rows = UnitRowSerializer(many=True)


class ResultPairSerializer(serializers.Serializer):
    id = StrictIntegerField()
    number = StrictIntegerField(help_text="The pair number (对号).")
    name = StrictCharField()


class SidesSerializer(serializers.Serializer):
    NS = StrictFloatField(allow_null=True)
    EW = StrictFloatField(allow_null=True)


class ResultSeatSerializer(serializers.Serializer):
    """One player's line at a table of four (docs/scoring.md "Tables of four")."""

    seat = StrictChoiceField(choices=["N", "E", "S", "W"])
    pair = ResultPairSerializer()
    points = StrictFloatField(allow_null=True)
    deals_won = StrictIntegerField(allow_null=True)
    landlord_won = StrictIntegerField(allow_null=True)
    landlord_lost = StrictIntegerField(allow_null=True)
    match_points = StrictFloatField(allow_null=True)
    level_points = StrictFloatField(allow_null=True)
    penalty_points = StrictFloatField(
        allow_null=True, help_text="Points a referee's ruling gave or took at this table (G12); null: none."
    )


class ResultRowSerializer(serializers.Serializer):
    match = StrictIntegerField()
    round = StrictIntegerField()
    table = StrictIntegerField()
    ns_pair = ResultPairSerializer(allow_null=True, help_text="null: a table of four (its seats).")
    ew_pair = ResultPairSerializer(allow_null=True, help_text="null: a bye, or a table of four.")
    seats = ResultSeatSerializer(many=True, help_text="A table of four's players by seat; empty otherwise.")
    status = StrictCharField(help_text="The match's status, or bye.")
    levels = serializers.DictField(child=LevelField(), allow_null=True)
    winner = StrictChoiceField(choices=["NS", "EW"], allow_null=True)
    level_difference = StrictIntegerField(allow_null=True)
    points = serializers.DictField(
        child=StrictFloatField(allow_null=True),
        allow_null=True,
        help_text="A point game's totals over the deals: per side (NS, EW: Daguai Luzi) or per seat "
        "(N, E, S, W: a table of four); null otherwise.",
    )
    deals_played = StrictIntegerField(allow_null=True)
    forfeit = StrictCharField(allow_null=True)
    match_points = SidesSerializer(allow_null=True)
    level_points = SidesSerializer(allow_null=True)
    penalty_points = SidesSerializer(
        allow_null=True,
        help_text="Match points the referees' rulings gave or took in this match, per side (G12; also "
        "part of the standings' total); null: none. At a table of four, per seat in ``seats``.",
    )
    played = serializers.DictField(
        child=serializers.ListField(child=StrictCharField()),
        allow_null=True,
        help_text="Who really played for each side (NS, EW) when a substitute did (替补): the "
        "players' names, the substitute's in the place of the one replaced; null: as registered.",
    )


class ResultsTableSerializer(serializers.Serializer):
    event = StrictSlugField()
    round = StrictIntegerField(allow_null=True)
    results_version = StrictIntegerField()
    rows = ResultRowSerializer(many=True)
