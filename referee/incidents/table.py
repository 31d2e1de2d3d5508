"""What a table sees of its own incidents and their rulings (docs/table-app.md "Incidents and
rulings", issue 33): ``GET /matches/{id}/incidents`` with the table's token (or a keeper of that
table, or the event's referees).

Only what the public rulings page shows of a ruling, and the incident's own public facts: the
infraction (named in the caller's language), the seat or side accused, the deal, the status, and the
ruling's public effect — each penalty's kind, whom it hits, its amount and whether it still counts,
and whether the ruling waits for the chief referee, was appealed, overturned or dismissed. Never who
reported it, the reporter's words, the referee's note or any written reason (override, cancellation,
appeal, decision): those stay with the referees (``IncidentSerializer`` with ``sees_reporters``).

The table read (``GET /table/``) counts the match's incidents among its stamps (``incident_count``,
registered with scoring's ``Rulings``), so a phone's poll is a ``200`` once an incident is reported;
rulings, appeals, decisions and cancellations move the event's ``results_version``, which that read's
ETag holds too.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from core.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictDateTimeField,
    StrictIntegerField,
)
from core.schema import problems
from referee.incidents.seats import seats_hit
from referee.incidents.selectors import match_incidents
from referee.labels import effect_label, infraction_label
from referee.models import SEATS, SIDES, Incident, IncidentStatus, Ruling, RulingStatus
from scoring.permissions import ScoringPermission
from scoring.views.base import MatchScopedView


class TablePenaltySerializer(serializers.Serializer):
    kind = StrictCharField(help_text='The effect\'s kind (docs/referees.md "Effects"): levels, warning, …')
    kind_name = StrictCharField(help_text="The kind's name in the caller's language.")
    to = StrictCharField(help_text="Whom it hits, from the offender: offender, opponents, both.")
    side = StrictCharField(
        allow_blank=True, help_text="The side hit (NS, EW, both); blank at a table of four."
    )
    seats = serializers.ListField(
        child=StrictCharField(), help_text="At a table of four, the seats it hits; else []."
    )
    amount = StrictIntegerField(allow_null=True, help_text="Its signed amount (levels, points); null: none.")
    on_stage = StrictBooleanField()
    status = StrictCharField(help_text="active, cancelled (by the chief referee) or overturned.")


class TableRulingSerializer(serializers.Serializer):
    status = StrictCharField(help_text="standing, or overturned by the chief referee's decision.")
    dismissed = StrictBooleanField(help_text="No infraction: nothing applied.")
    rule = StrictCharField(help_text="The rule cited (as the public rulings page shows it).")
    flagged = StrictBooleanField(help_text="Waits for the chief referee's review.")
    made_at = StrictDateTimeField(read_only=True)
    penalties = TablePenaltySerializer(many=True)


class TableIncidentSerializer(serializers.Serializer):
    """One incident as its table sees it: its public facts and its ruling's public effect."""

    id = StrictIntegerField()
    deal = StrictIntegerField(allow_null=True)
    side = StrictChoiceField(
        choices=SIDES, allow_blank=True, help_text="The side accused; blank: a table of four."
    )
    seat = StrictChoiceField(choices=SEATS, allow_blank=True, help_text="The seat accused; blank: none.")
    infraction = StrictCharField()
    infraction_name = StrictCharField(help_text="The infraction's name in the caller's language.")
    status = StrictChoiceField(choices=IncidentStatus.choices)
    waits_for_chief = StrictBooleanField(
        help_text="Waits for the chief referee (裁判长): appealed, or its ruling flagged for review."
    )
    ruling = TableRulingSerializer(
        allow_null=True, help_text="The standing ruling, else the latest; null: none yet."
    )

    def to_representation(self, incident: Incident) -> dict:
        rulings = list(incident.rulings.all())
        standing = next((r for r in rulings if r.status == RulingStatus.STANDING), None)
        ruling = standing or (rulings[-1] if rulings else None)
        return {
            "id": incident.pk,
            "deal": incident.deal,
            "side": incident.side,
            "seat": incident.seat,
            "infraction": incident.infraction,
            "infraction_name": infraction_label(incident.infraction),
            "status": incident.status,
            "waits_for_chief": incident.status == IncidentStatus.APPEALED
            or bool(standing and standing.flagged),
            "ruling": None if ruling is None else _ruling(incident, ruling),
        }


def _ruling(incident: Incident, ruling: Ruling) -> dict:
    return {
        "status": ruling.status,
        "dismissed": ruling.dismissed,
        "rule": ruling.rule,
        "flagged": ruling.flagged,
        "made_at": StrictDateTimeField().to_representation(ruling.made_at),
        "penalties": [
            {
                "kind": p.kind,
                "kind_name": effect_label(p.kind),
                "to": p.to,
                "side": p.side,
                "seats": [] if p.side else list(seats_hit(p.to, incident.seat)),
                "amount": p.amount,
                "on_stage": p.on_stage,
                "status": p.status,
            }
            for p in ruling.penalties.all()
        ],
    }


class MatchIncidentsView(MatchScopedView):
    """``/matches/{id}/incidents``: the match's incidents and their rulings, as its table sees them."""

    read_permission = ScoringPermission.SCOREKEEPER

    @extend_schema(
        summary="A table's incidents and their rulings (what the table may see)",
        responses={200: TableIncidentSerializer(many=True), **problems(401, 403, 404)},
        tags=["referee"],
    )
    def get(self, request, pk):
        rows = match_incidents(self.get_match().pk)
        return Response(TableIncidentSerializer(rows, many=True).data)
