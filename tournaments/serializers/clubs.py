"""Clubs, their staff and their members (docs/clubs.md). What the public reads of a member is its
name and affiliation; the member number and contact data are the club organisers'."""

from __future__ import annotations

from rest_framework import serializers

from core.fields import StrictCharField, StrictChoiceField, StrictIntegerField, column_max
from core.serializers import StrictModelSerializer
from tournaments.models import Club, ClubRole, ClubStaff, Member


class ClubSerializer(StrictModelSerializer):
    class Meta:
        model = Club
        fields = ["slug", "name"]
        extra_kwargs = {"slug": {"help_text": "Short name used in URLs, unique; it never changes."}}


class ClubUpdateSerializer(StrictModelSerializer):
    class Meta:
        model = Club
        fields = ["name"]


class ClubStaffSerializer(StrictModelSerializer):
    username = StrictCharField(source="user.username")
    role = StrictChoiceField(choices=ClubRole.choices, default=ClubRole.ORGANIZER)

    class Meta:
        model = ClubStaff
        fields = ["id", "username", "role", "created_at"]
        read_only_fields = ["id", "created_at"]


class ClubPrivateSerializer(ClubSerializer):
    """A club as its organisers read it: with its staff."""

    staff = ClubStaffSerializer(many=True, read_only=True)

    class Meta(ClubSerializer.Meta):
        fields = [*ClubSerializer.Meta.fields, "staff"]


MERGED_HELP = "Set when this record was merged into another: the id of the member it became."


class PublicMemberSerializer(StrictModelSerializer):
    """What anyone reads of a member: never the member number or contact data."""

    class Meta:
        model = Member
        fields = ["id", "name", "affiliation", "merged_into"]
        read_only_fields = fields
        extra_kwargs = {"merged_into": {"help_text": MERGED_HELP}}


class MemberSerializer(StrictModelSerializer):
    """A member as the club's organisers read and write it."""

    class Meta:
        model = Member
        fields = ["id", "member_number", "name", "affiliation", "email", "phone", "merged_into", "created_at"]
        read_only_fields = ["id", "merged_into", "created_at"]
        extra_kwargs = {"merged_into": {"help_text": MERGED_HELP}}


class MemberMergeSerializer(serializers.Serializer):
    into = StrictIntegerField(
        min_value=1, max_value=column_max(Member, "id"), help_text="The member (id) this one becomes."
    )
