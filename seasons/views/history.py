"""``GET /clubs/{club_slug}/members/{id}/history``: a member's history (docs/clubs.md)."""

from __future__ import annotations

from django.http import HttpResponsePermanentRedirect
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from core.conditional import ConditionalMixin
from core.permissions import Permission
from core.schema import problems
from seasons.histories import live_member_or_404, member_history
from seasons.serializers.history import MemberHistorySerializer


class MemberHistoryView(ConditionalMixin, APIView):
    """The events a member played in the club's events the caller sees, with partners, placings and
    results as each event publishes them."""

    read_permission = Permission.PUBLIC

    @extend_schema(
        summary="Read a member's history in the club's events",
        responses={
            200: MemberHistorySerializer,
            301: OpenApiResponse(description="A merged member: `Location` is the survivor's history."),
            **problems(404),
        },
        operation_id="club_member_history",
    )
    def get(self, request, club_slug: str, pk: int):
        member = live_member_or_404(club_slug, pk)
        if member.merged_into_id is not None:  # merges never chain: the survivor is live
            return HttpResponsePermanentRedirect(
                f"/api/v1/clubs/{club_slug}/members/{member.merged_into_id}/history"
            )
        return Response(MemberHistorySerializer(member_history(request, member)).data)
