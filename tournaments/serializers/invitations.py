"""Invitations to a role in an event, their acceptance, and a person's own password change."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.fields import StrictCharField, StrictChoiceField, StrictIntegerField
from core.serializers import StrictModelSerializer
from tournaments.models import Invitation, Match, Role
from tournaments.serializers.registration import column_max

TABLE: dict[str, Any] = {"min_value": 1, "max_value": column_max(Match, "table")}
STATES = ["pending", "used", "revoked", "expired"]


class InvitationInputSerializer(serializers.Serializer):
    role = StrictChoiceField(choices=Role.choices)
    tables = serializers.ListField(
        child=StrictIntegerField(**TABLE),
        required=False,
        default=list,
        max_length=1000,
        help_text="Scorekeepers: the tables they may keep; empty = all.",
    )
    name = StrictCharField(max_length=120, required=False, allow_blank=True, default="")
    hours = StrictIntegerField(
        min_value=1, max_value=30 * 24, required=False, default=72, help_text="How long the link stays good."
    )


class InvitationSerializer(StrictModelSerializer):
    state = serializers.SerializerMethodField(help_text="pending, used, revoked or expired.")

    @extend_schema_field(StrictChoiceField(choices=STATES))
    def get_state(self, invitation: Invitation) -> str:
        return invitation.state()

    used_by = StrictCharField(source="used_by.username", read_only=True, allow_null=True, default=None)

    class Meta:
        model = Invitation
        fields = [
            "id",
            "role",
            "tables",
            "name",
            "state",
            "created_at",
            "expires_at",
            "used_at",
            "used_by",
            "revoked_at",
        ]
        read_only_fields = fields


class NewInvitationSerializer(InvitationSerializer):
    """The answer of a new invitation: the only time its link is shown."""

    key = StrictCharField(read_only=True, help_text="The link's key; shown once, never again.")
    url = StrictCharField(read_only=True, help_text="The one-time link to send to the invitee.")

    class Meta(InvitationSerializer.Meta):
        fields = [*InvitationSerializer.Meta.fields, "key", "url"]
        read_only_fields = fields


class PasswordChangeSerializer(serializers.Serializer):
    old_password = StrictCharField(max_length=128, trim_whitespace=False)
    new_password = StrictCharField(max_length=128, trim_whitespace=False)
