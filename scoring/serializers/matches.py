from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.fields import StrictCharField, StrictIntegerField
from core.serializers import represent, represent_many
from scoring.models import MatchResult, ResultStatus
from scoring.permissions import results_visible
from scoring.selectors.matches import correction_deadline, match_state, official_result
from scoring.serializers.deals import match_state_schema
from scoring.serializers.forms import DealFormSerializer
from scoring.serializers.results import MatchResultsSerializer, ResultSerializer
from tournaments.clock import Clock, round_clock
from tournaments.models import Match
from tournaments.serializers.schedule import ClockSerializer, MatchSerializer
from tournaments.serializers.substitutes import PersonSerializer
from tournaments.substitutes import substitutions_of


class MatchSubstituteSerializer(serializers.Serializer):
    pair = StrictIntegerField(read_only=True, help_text="Pair id.")
    replaced = PersonSerializer(read_only=True)
    substitute = PersonSerializer(read_only=True)


def results_document(match: Match, versions: list[MatchResult], *, staff: bool) -> dict:
    """``GET /matches/{id}/result``: the official version, and every version for the event's staff."""
    official = next((v for v in versions if v.status == ResultStatus.CONFIRMED), None)
    live = {v.status for v in versions} - {ResultStatus.SUPERSEDED}
    state = (
        "confirmed"
        if official
        else "disputed"
        if ResultStatus.DISPUTED in live
        else "submitted"
        if live
        else "none"
    )
    for version in versions:
        version.match = match
    deadline = correction_deadline(match)
    return {
        "status": state,
        # The fields built once per process (core.serializers.represent): a result post answers this.
        "official": represent(ResultSerializer, official) if official else None,
        "versions": represent_many(ResultSerializer, versions) if staff else [],
        "correction_deadline": deadline.isoformat() if deadline else None,
    }


class MatchDetailSerializer(MatchSerializer):
    """``GET /matches/{id}/``: the table, with its level line (state) and its result (G8)."""

    state = serializers.SerializerMethodField(
        help_text="The match state from its deals (levels, level line)."
    )
    result = serializers.SerializerMethodField(help_text="The official result, once confirmed.")
    clock = serializers.SerializerMethodField(help_text="The clock of the table's round.")
    substitutes = serializers.SerializerMethodField(
        help_text='Who played at this table in a registered player\'s place (docs/events.md "Substitutes").'
    )

    class Meta(MatchSerializer.Meta):
        fields = [*MatchSerializer.Meta.fields, "state", "result", "clock", "substitutes"]
        read_only_fields = fields

    def _visible(self, match: Match) -> bool:
        request = self.context.get("request")
        return request is None or results_visible(request, match.round.event)

    @extend_schema_field(match_state_schema(allow_null=True))
    def get_state(self, match: Match):
        if match.is_bye or not self._visible(match):
            return None
        return match_state(match)

    @extend_schema_field(MatchSubstituteSerializer(many=True))
    def get_substitutes(self, match: Match) -> list[dict]:
        number = match.round.number
        return [
            {
                "pair": s.pair_id,
                "replaced": {"id": s.replaced_id, "name": s.replaced.name},
                "substitute": {"id": s.substitute_id, "name": s.substitute.name},
            }
            for subs in substitutions_of(match.pair_ids).values()
            for s in subs
            if s.covers(number)
        ]

    @extend_schema_field(ClockSerializer)
    def get_clock(self, match: Match) -> Clock:
        return round_clock(match.round)

    @extend_schema_field(ResultSerializer(allow_null=True))
    def get_result(self, match: Match):
        if not self._visible(match):
            return None
        official = official_result(match)
        if official is None:
            return None
        official.match = match
        return ResultSerializer(official).data


class TableSerializer(MatchDetailSerializer):
    """``GET /table/``: the table's match as ``GET /matches/{id}/`` reads it, with what the table app's
    first screen needs beside it, so that it waits for one read (docs/table-app.md)."""

    event_name = StrictCharField(read_only=True, help_text="The event's name.")
    deal_form = DealFormSerializer(read_only=True, help_text="The next deal's form (``…/deal-form``'s).")
    results = MatchResultsSerializer(read_only=True, help_text="The match's result (``GET …/result``).")

    class Meta(MatchDetailSerializer.Meta):
        fields = [*MatchDetailSerializer.Meta.fields, "event_name", "deal_form", "results"]
        read_only_fields = fields
