"""The calls on the wire (docs/referees.md "Calling a referee")."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.fields import StrictCharField, StrictChoiceField, StrictIntegerField, StrictSlugField
from core.serializers import StrictModelSerializer
from engine.penalties import Infraction
from referee.labels import infraction_label
from referee.models import CallStatus, RefereeCall

INFRACTIONS = [(code.value, code.value) for code in Infraction]


class CallInputSerializer(serializers.Serializer):
    about = StrictCharField(
        max_length=500,
        required=False,
        default="",
        allow_blank=True,
        trim_whitespace=True,
        help_text="What about, in the table's words (or give the infraction; or both).",
    )
    infraction = StrictChoiceField(
        choices=INFRACTIONS,
        required=False,
        allow_null=True,
        default=None,
        help_text="A known infraction (G12), or null.",
    )

    def validate(self, attrs):
        attrs["infraction"] = attrs.get("infraction") or ""
        return attrs


def _credential(user, token) -> str | None:
    if token is not None:
        return f"table {token.table}"
    return user.username if user is not None else None


class CallSerializer(StrictModelSerializer):
    event = StrictSlugField(source="event.slug", read_only=True)
    round = StrictIntegerField(source="match.round.number", read_only=True)
    table = StrictIntegerField(source="match.table", read_only=True)
    infraction = StrictChoiceField(choices=INFRACTIONS, allow_null=True, read_only=True)
    infraction_name = serializers.SerializerMethodField(
        help_text="The infraction's name in the caller's language (Accept-Language)."
    )
    status = StrictChoiceField(choices=CallStatus.choices, read_only=True)
    called_by = serializers.SerializerMethodField(help_text="Who called: `table <n>` or an account's name.")
    closed_by = serializers.SerializerMethodField(
        help_text="Who cancelled it, or the referee who answered it; null while open."
    )

    class Meta:
        model = RefereeCall
        fields = [
            "id",
            "event",
            "match",
            "round",
            "table",
            "about",
            "infraction",
            "infraction_name",
            "status",
            "called_by",
            "created_at",
            "closed_by",
            "closed_at",
        ]
        read_only_fields = fields

    def to_representation(self, instance):
        data = super().to_representation(instance)
        data["infraction"] = instance.infraction or None
        return data

    @extend_schema_field(StrictCharField(allow_null=True))
    def get_infraction_name(self, call: RefereeCall) -> str | None:
        return infraction_label(call.infraction)

    @extend_schema_field(StrictCharField(allow_null=True))
    def get_called_by(self, call: RefereeCall) -> str | None:
        return _credential(call.called_by, call.called_token)

    @extend_schema_field(StrictCharField(allow_null=True))
    def get_closed_by(self, call: RefereeCall) -> str | None:
        return _credential(call.closed_by, call.closed_token)
