"""Input and output of the referee's records (docs/referees.md). Who reported an incident is shown
only to referees (the serializer context's ``sees_reporters``); the public never sees it. What the
table proposes is shown to the event's staff, the table's phone included (``sees_proposal``)."""

from __future__ import annotations

from typing import TypedDict

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictDateTimeField,
    StrictFloatField,
    StrictIntegerField,
)
from core.serializers import ClosedSerializer, StrictModelSerializer
from engine.penalties import NAMES, Infraction
from engine.registry import seat_codes
from referee.incidents.seats import seats_hit
from referee.incidents.selectors import proposal_for
from referee.models import Appeal, Incident, Penalty, Ruling

SEATS = list(seat_codes())  # every game's; the match's game refuses a seat its table lacks
SIDES = ["NS", "EW"]


class _TextOptions(TypedDict):
    """A free text's field options, typed so that ``**TEXT`` checks against the field's arguments."""

    max_length: int
    required: bool
    allow_blank: bool


TEXT: _TextOptions = {"max_length": 2000, "required": False, "allow_blank": True}


class EffectSerializer(serializers.Serializer):
    """One effect of a penalty, as the penalty tables write it (docs/referees.md "Effects")."""

    kind = StrictCharField(help_text="warning, violation, foul, remedy, lose_turn, levels, match_points, …")
    to = StrictCharField(help_text="offender (the default), opponents or both.")
    amount = StrictIntegerField(required=False, min_value=-100, max_value=100)
    on_stage = StrictBooleanField(required=False)


# ---- input ---------------------------------------------------------------------------------------


RULING = "the ruling (POST …/incidents/{id}/rule)"


class IncidentInputSerializer(ClosedSerializer):
    misplaced = {
        "minutes_late": RULING,
        "with_leave": RULING,
        "effects": RULING,
        "override_reason": RULING,
        "dismissed": RULING,
        "play_index": RULING,
        "violation_code": RULING,
    }

    match = StrictIntegerField(
        min_value=1, max_value=2**63 - 1, help_text="The match (table) it happened at."
    )
    deal = StrictIntegerField(required=False, allow_null=True, min_value=1, max_value=200)
    seat = StrictChoiceField(
        choices=SEATS,
        required=False,
        help_text="The seat accused (its table's: N, E, S, W; Daguai Luzi 1-6).",
    )
    side = StrictChoiceField(choices=SIDES, required=False, help_text="The side accused (or its seat).")
    infraction = StrictChoiceField(choices=[code.value for code in Infraction])
    description = StrictCharField(**TEXT)
    occurred_at = StrictDateTimeField(required=False)


class RulingInputSerializer(ClosedSerializer):
    effects = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        max_length=10,
        help_text="Left out: the table's proposal. Given and different: override_reason is required.",
    )
    override_reason = StrictCharField(**TEXT)
    dismissed = StrictBooleanField(required=False, help_text="No infraction: nothing applied or counted.")
    rule = StrictCharField(max_length=120, required=False, allow_blank=True)
    note = StrictCharField(**TEXT)
    play_index = StrictIntegerField(required=False, allow_null=True, min_value=0, max_value=1000)
    violation_code = StrictCharField(max_length=40, required=False, allow_blank=True)
    minutes_late = StrictIntegerField(required=False, allow_null=True, min_value=0, max_value=1440)
    with_leave = StrictBooleanField(required=False)


class AppealInputSerializer(ClosedSerializer):
    side = StrictChoiceField(choices=SIDES, required=False, help_text="The side that appeals.")
    seat = StrictChoiceField(
        choices=SEATS, required=False, help_text="At a table of four: the seat that appeals."
    )
    reason = StrictCharField(**TEXT)


class ProposalQuerySerializer(serializers.Serializer):
    """``GET …/matches/{id}/penalty-proposal``'s query: the offence and who would commit it."""

    offence = StrictChoiceField(choices=[code.value for code in Infraction], help_text="The infraction.")
    side = StrictChoiceField(choices=SIDES, required=False, help_text="The side (or name its seat).")
    seat = StrictChoiceField(choices=SEATS, required=False, help_text="The seat: always at a table of four.")
    minutes_late = StrictIntegerField(required=False, min_value=0, max_value=1440)
    with_leave = StrictBooleanField(required=False)


class ProposalSerializer(serializers.Serializer):
    """What the event's penalty table would propose for the next such offence (docs/referees.md §2)."""

    match = StrictIntegerField()
    side = StrictCharField(allow_null=True, help_text="The side accused; null at a table of four.")
    seat = StrictCharField(allow_null=True, help_text="The seat accused, if named.")
    infraction = StrictCharField()
    count = StrictIntegerField(help_text="This offence would be the count-th of its scope in the match.")
    scope = StrictCharField(help_text="What the count is over: seat, side or table.")
    effects = EffectSerializer(many=True)
    reason = StrictCharField()


class DecisionInputSerializer(ClosedSerializer):
    decision = StrictChoiceField(choices=["uphold", "overturn"])
    reason = StrictCharField(**TEXT)
    effects = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        max_length=10,
        help_text="With overturn: the penalty of a new ruling in place of the old one (empty: none).",
    )


class CancelInputSerializer(ClosedSerializer):
    reason = StrictCharField(**TEXT)


# ---- output --------------------------------------------------------------------------------------


def _username(user) -> str | None:
    return user.username if user is not None else None


class PenaltySerializer(StrictModelSerializer):
    cancelled_by = serializers.SerializerMethodField()
    seats = serializers.SerializerMethodField(
        help_text="At a table of four, the seats it hits (the offender's, the others' or all); else []."
    )
    match = StrictIntegerField(source="match_id")
    ruling = StrictIntegerField(source="ruling_id")

    class Meta:
        model = Penalty
        fields = [
            "id",
            "ruling",
            "match",
            "kind",
            "to",
            "side",
            "seats",
            "amount",
            "on_stage",
            "deal",
            "after_deal",
            "status",
            "cancelled_at",
            "cancelled_by",
            "cancel_reason",
        ]
        read_only_fields = fields

    def get_cancelled_by(self, penalty) -> str | None:
        return _username(penalty.cancelled_by)

    def get_seats(self, penalty) -> list[str]:
        if penalty.side:
            return []
        return list(seats_hit(penalty.to, penalty.ruling.incident.seat))


class RulingSerializer(StrictModelSerializer):
    made_by = serializers.SerializerMethodField()
    penalties = PenaltySerializer(many=True)
    proposed = serializers.DictField(help_text="The table's proposal: infraction, count, scope, effects.")
    effects = EffectSerializer(many=True)
    replaces = StrictIntegerField(source="replaces_id", allow_null=True)

    class Meta:
        model = Ruling
        fields = [
            "id",
            "status",
            "dismissed",
            "rule",
            "note",
            "count",
            "proposed",
            "effects",
            "overrides_table",
            "override_reason",
            "flagged",
            "play_index",
            "violation_code",
            "minutes_late",
            "with_leave",
            "replaces",
            "made_by",
            "made_at",
            "overturned_at",
            "penalties",
        ]
        read_only_fields = fields

    def get_made_by(self, ruling) -> str | None:
        return _username(ruling.made_by)


class AppealSerializer(StrictModelSerializer):
    decided_by = serializers.SerializerMethodField()
    ruling = StrictIntegerField(source="ruling_id")
    # Declared, like the incident's seat: blank where it does not apply (a review has no side, an
    # appeal at a table of four no side, a pair's appeal no seat), which the model's field would hide.
    seat = StrictChoiceField(
        choices=SEATS, allow_blank=True, read_only=True, help_text="At a table of four: the seat appealing."
    )

    class Meta:
        model = Appeal
        fields = [
            "id",
            "ruling",
            "side",
            "seat",
            "reason",
            "status",
            "lodged_at",
            "decision",
            "decided_by",
            "decided_at",
        ]
        read_only_fields = fields

    def get_decided_by(self, appeal) -> str | None:
        return _username(appeal.decided_by)


class IncidentPairSerializer(serializers.Serializer):
    id = StrictIntegerField()
    number = StrictIntegerField()


class IncidentSerializer(StrictModelSerializer):
    match = StrictIntegerField(source="match_id")
    round = StrictIntegerField(source="match.round.number")
    table = StrictIntegerField(source="match.table")
    pair = IncidentPairSerializer()
    # Declared: the model's read-only field loses ``allow_blank``, so the document would not allow
    # the blank that an incident without an accused seat answers.
    seat = StrictChoiceField(
        choices=SEATS, allow_blank=True, read_only=True, help_text="The seat accused; blank: none."
    )
    side = StrictChoiceField(
        choices=SIDES, allow_blank=True, read_only=True, help_text="The side accused; blank: a table of four."
    )
    infraction_name = serializers.SerializerMethodField(help_text="Its Chinese name (G12).")
    reported_by = serializers.SerializerMethodField(help_text="Who reported it: shown to referees only.")
    rulings = RulingSerializer(many=True, help_text="Every ruling, the standing one last.")
    appeals = AppealSerializer(many=True)

    class Meta:
        model = Incident
        fields = [
            "id",
            "match",
            "round",
            "table",
            "deal",
            "side",
            "seat",
            "pair",
            "infraction",
            "infraction_name",
            "description",
            "occurred_at",
            "status",
            "reported_by",
            "created_at",
            "rulings",
            "appeals",
        ]
        read_only_fields = fields

    def get_infraction_name(self, incident) -> str:
        return NAMES[Infraction(incident.infraction)]

    @extend_schema_field(StrictCharField(allow_null=True))
    def get_reported_by(self, incident) -> str | None:
        if not self.context.get("sees_reporters"):
            return None
        if incident.reported_token_id:
            return f"table {incident.reported_token.table}"
        return _username(incident.reported_by)


class IncidentDetailSerializer(IncidentSerializer):
    proposal = serializers.SerializerMethodField(
        help_text=(
            "To the event's staff (the table's phone included), while the incident waits for a ruling:"
            " what the event's penalty table proposes."
        )
    )

    class Meta(IncidentSerializer.Meta):
        fields = [*IncidentSerializer.Meta.fields, "proposal"]
        read_only_fields = fields

    @extend_schema_field(serializers.DictField(allow_null=True))
    def get_proposal(self, incident) -> dict | None:
        if not self.context.get("sees_proposal") or incident.status != "reported":
            return None
        return proposal_for(incident).to_dict()


# ---- the referee's desk: what a ruling may apply, and what it would do -------------------------------


class AmountRangeSerializer(serializers.Serializer):
    min = StrictIntegerField()
    max = StrictIntegerField()


class EffectChoiceSerializer(serializers.Serializer):
    kind = StrictCharField(help_text='The effect\'s kind (docs/referees.md "Effects").')
    targets = serializers.ListField(
        child=StrictCharField(), help_text="Whom it may hit (from the offender): offender, opponents, both."
    )
    amount = AmountRangeSerializer(allow_null=True, help_text="Its signed amount's range; null: it has none.")
    on_stage = StrictBooleanField(help_text="Whether it may also put the side on stage (台上).")
    decides = StrictBooleanField(
        help_text="It decides the match or the entrant's event: another referee's goes to the chief referee."
    )


class RulingChoicesSerializer(serializers.Serializer):
    """``GET …/incidents/{id}/choices``: what a ruling on this incident may apply at its match (the
    event's game and the table's shape allow), and what the penalty table proposes now."""

    incident = StrictIntegerField()
    effects = EffectChoiceSerializer(many=True)
    proposal = serializers.DictField(
        allow_null=True, help_text="Waiting for a ruling: the table's proposal (count, scope, effects)."
    )


class PreviewResultSerializer(serializers.Serializer):
    version = StrictIntegerField()
    status = StrictCharField()
    source = StrictCharField()  # type: ignore[assignment]  # a declared field, popped by the metaclass
    winner = StrictCharField(allow_blank=True, help_text="NS, EW, or blank for a draw.")
    ns_level = StrictIntegerField(allow_null=True)
    ew_level = StrictIntegerField(allow_null=True)
    ns_points = StrictFloatField(allow_null=True)
    ew_points = StrictFloatField(allow_null=True)
    deals_played = StrictIntegerField()


class PreviewMatchSerializer(serializers.Serializer):
    status = StrictCharField()
    winner = StrictIntegerField(allow_null=True, help_text="The winning pair's number.")
    result = PreviewResultSerializer(allow_null=True, help_text="Its current result (official first).")


class PreviewMatchesSerializer(serializers.Serializer):
    before = PreviewMatchSerializer()
    after = PreviewMatchSerializer()


class PreviewStandingSerializer(serializers.Serializer):
    rank = StrictIntegerField()
    match_points = StrictFloatField()
    penalty_points = StrictFloatField()
    provisional = StrictBooleanField()


class PreviewPairSerializer(serializers.Serializer):
    id = StrictIntegerField()
    number = StrictIntegerField()
    name = StrictCharField(allow_blank=True)


class PreviewChangeSerializer(serializers.Serializer):
    pair = PreviewPairSerializer()
    before = PreviewStandingSerializer(allow_null=True)
    after = PreviewStandingSerializer()


class PreviewPenaltySerializer(serializers.Serializer):
    kind = StrictCharField()
    to = StrictCharField()
    side = StrictCharField(allow_blank=True)
    amount = StrictIntegerField(allow_null=True)
    status = StrictCharField()


class PreviewRulingSerializer(serializers.Serializer):
    dismissed = StrictBooleanField()
    rule = StrictCharField()
    count = StrictIntegerField()
    proposed = serializers.DictField()
    effects = EffectSerializer(many=True)
    overrides_table = StrictBooleanField()
    flagged = StrictBooleanField(help_text="It would wait for the chief referee's review.")
    penalties = PreviewPenaltySerializer(many=True)


class PreviewSerializer(serializers.Serializer):
    """What the change would do, made and rolled back (nothing of it is kept): the ruling that would
    stand, the match's result before and after, and the standings rows it moves."""

    ruling = PreviewRulingSerializer(allow_null=True)
    match = PreviewMatchesSerializer()
    standings = PreviewChangeSerializer(many=True)
