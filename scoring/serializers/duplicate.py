"""Duplicate events on the wire (docs/duplicate.md "API"): deal sets, a round's deals, travellers
and the duplicate standings."""

from __future__ import annotations

from rest_framework import serializers

from core.fields import (
    StrictBigIntegerField,
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictDateTimeField,
    StrictFloatField,
    StrictIntegerField,
)
from engine.duplicate.dealing import MAX_DEALS
from engine.duplicate.importing import FORMATS
from engine.levels import format_level, parse_level
from tournaments.serializers.settings import TiebreakChainField

LEVELS = [(code, code) for code in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]


class DealSetMakeSerializer(serializers.Serializer):
    name = StrictCharField(max_length=120, help_text="What the staff call the set (e.g. 'Session 1').")
    count = StrictIntegerField(min_value=1, max_value=MAX_DEALS, help_text="How many deals.")
    seed = StrictBigIntegerField(
        min_value=0, max_value=2**53 - 1, help_text="The generator's seed: the same seed, the same deals."
    )
    level = StrictChoiceField(
        choices=LEVELS, required=False, help_text="The level every deal is played at (G2); 2 when omitted."
    )

    def validate_level(self, value: str) -> int:
        return parse_level(value)


class DealSetImportSerializer(serializers.Serializer):
    name = StrictCharField(max_length=120)
    format = StrictChoiceField(
        choices=[(f, f) for f in FORMATS], help_text="json or text (docs/duplicate.md)."
    )
    content = StrictCharField(
        max_length=2_000_000, trim_whitespace=False, help_text="The file's text, in that format."
    )


class RoundDealsInputSerializer(serializers.Serializer):
    deal_set = StrictIntegerField(min_value=1, help_text="The id of one of the event's deal sets.")
    first = StrictIntegerField(
        min_value=1,
        max_value=MAX_DEALS,
        required=False,
        default=1,
        help_text="The round's first deal (1 when omitted).",
    )
    count = StrictIntegerField(
        min_value=1,
        max_value=MAX_DEALS,
        required=False,
        help_text="How many deals (the event's deals_per_round when omitted; no other number is taken).",
    )


class SetDealSerializer(serializers.Serializer):
    number = StrictIntegerField(read_only=True)
    level = serializers.SerializerMethodField(help_text="The level it is played at (G2), as a code.")
    leader = StrictCharField(read_only=True, help_text="The seat that leads.")
    hands = serializers.DictField(
        child=serializers.ListField(child=StrictCharField()),
        read_only=True,
        help_text="Seat -> its 27 cards as dealt.",
    )

    def get_level(self, deal) -> str:
        return format_level(deal.level)


class DealSetSerializer(serializers.Serializer):
    id = StrictIntegerField(read_only=True)
    name = StrictCharField(read_only=True)
    # ``source`` is the set's origin; a field named so shadows Field.source only in the stubs' types.
    source = StrictCharField(read_only=True, help_text="generated or imported.")  # type: ignore[assignment]
    seed = StrictBigIntegerField(read_only=True, allow_null=True)
    algorithm = StrictIntegerField(read_only=True, allow_null=True, help_text="The generator's version.")
    deal_count = StrictIntegerField(read_only=True)
    created_at = StrictDateTimeField(read_only=True)


class DealSetDetailSerializer(DealSetSerializer):
    deals = SetDealSerializer(many=True, read_only=True, help_text="The deals the caller may read.")


class RoundDealsSerializer(serializers.Serializer):
    round = StrictIntegerField(source="round.number", read_only=True)
    deal_set = StrictIntegerField(source="deal_set_id", read_only=True)
    first = StrictIntegerField(read_only=True)
    count = StrictIntegerField(read_only=True)


class PairRefSerializer(serializers.Serializer):
    id = StrictIntegerField(read_only=True)
    number = StrictIntegerField(read_only=True)
    name = StrictCharField(read_only=True)


class TravellerLineSerializer(serializers.Serializer):
    table = StrictIntegerField(read_only=True)
    ns = PairRefSerializer(read_only=True, allow_null=True)
    ew = PairRefSerializer(read_only=True, allow_null=True)
    finishing_order = serializers.ListField(child=StrictCharField(), read_only=True)
    ns_points = StrictIntegerField(read_only=True)
    ew_points = StrictIntegerField(read_only=True)
    ns_score = StrictIntegerField(read_only=True, help_text="NS's points less EW's.")
    ns_value = StrictFloatField(read_only=True, help_text="NS's matchpoints (or difference points).")
    ew_value = StrictFloatField(read_only=True)
    ns_percent = StrictFloatField(read_only=True, allow_null=True)
    ew_percent = StrictFloatField(read_only=True, allow_null=True)


class TravellerSerializer(serializers.Serializer):
    round = StrictIntegerField(read_only=True)
    board = StrictIntegerField(read_only=True, help_text="The deal's number in the set.")
    comparison = StrictCharField(read_only=True, help_text="matchpoints or difference.")
    tables = TravellerLineSerializer(many=True, read_only=True)


class DuplicateRowSerializer(serializers.Serializer):
    place = StrictIntegerField(read_only=True)
    pair = PairRefSerializer(read_only=True)
    deals = StrictIntegerField(read_only=True)
    total = StrictFloatField(read_only=True, help_text="Matchpoints (or difference points) in all.")
    tops = StrictIntegerField(read_only=True, help_text="The matchpoints of a top on every deal played.")
    percent = StrictFloatField(read_only=True, allow_null=True)
    shared = StrictBooleanField(read_only=True, help_text="Shares its place with the rows of the same place.")
    tiebreaks = serializers.DictField(
        child=StrictFloatField(allow_null=True),
        read_only=True,
        help_text="The event's tiebreak values (G10), in chain order, read from the tables' match results.",
    )
    decided_by = StrictCharField(
        read_only=True,
        allow_null=True,
        help_text="What put this row above the next one: percent, total or a tiebreak key (lots).",
    )


class DuplicateStandingsSerializer(serializers.Serializer):
    event = StrictCharField(read_only=True)
    comparison = StrictCharField(read_only=True)
    tiebreaks = TiebreakChainField(read_only=True, help_text="The event's tiebreak chain (G10).")
    shared_places = StrictBooleanField(read_only=True)
    lots_seed = StrictIntegerField(read_only=True, help_text="The seed of the drawing of lots (G10).")
    rows = DuplicateRowSerializer(many=True, read_only=True)


class TeamRefSerializer(serializers.Serializer):
    id = StrictIntegerField(read_only=True, help_text="The team's unit.")
    name = StrictCharField(read_only=True)


class TeamDealSerializer(serializers.Serializer):
    board = StrictIntegerField(read_only=True)
    swing = StrictIntegerField(read_only=True, help_text="Team A's gain on the deal (its two pairs' scores).")
    counted = StrictFloatField(
        read_only=True, help_text="The swing as the match counts it (the difference scale)."
    )


class TeamMatchSerializer(serializers.Serializer):
    tables = serializers.ListField(child=StrictIntegerField(), read_only=True)
    a = TeamRefSerializer(read_only=True)
    b = TeamRefSerializer(read_only=True)
    deals = TeamDealSerializer(many=True, read_only=True)
    a_total = StrictFloatField(read_only=True)
    b_total = StrictFloatField(read_only=True)
    winner = StrictCharField(read_only=True, allow_null=True, help_text="A, B, or null for a draw.")
    a_match_points = StrictFloatField(read_only=True)
    b_match_points = StrictFloatField(read_only=True)


class TeamRowSerializer(serializers.Serializer):
    place = StrictIntegerField(read_only=True)
    team = TeamRefSerializer(read_only=True)
    matches = StrictIntegerField(read_only=True)
    match_points = StrictFloatField(read_only=True)
    difference = StrictFloatField(read_only=True, help_text="Swings won less swings lost.")


class TeamStandingsSerializer(serializers.Serializer):
    event = StrictCharField(read_only=True)
    rows = TeamRowSerializer(many=True, read_only=True)
