"""A club's rating table and a member's rating history (docs/ratings.md): public reads."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.generics import GenericAPIView
from rest_framework.response import Response

from core.conditional import ConditionalMixin
from core.permissions import Permission
from core.schema import problems
from seasons.histories import live_member_or_404
from seasons.selectors import ratings as selectors
from seasons.serializers.ratings import RatingHistorySerializer, RatingTableSerializer
from tournaments.club_selectors import club_or_404

EVENTS = OpenApiParameter(
    "events",
    str,
    description="Comma-separated slugs of the club's events: the table over those only (a month, say).",
)
SERIES = OpenApiParameter(
    "series",
    str,
    description="A slug of the club's published series: the table over its events only (docs/series.md).",
)


class RatingTableView(ConditionalMixin, GenericAPIView):
    """The club's members by rating, best first."""

    read_permission = Permission.PUBLIC
    serializer_class = RatingTableSerializer
    pagination_class = None
    filter_backends = ()

    @extend_schema(
        operation_id="club_ratings",
        parameters=[EVENTS, SERIES],
        responses={200: RatingTableSerializer, **problems(400)},
        summary="The club's rating table",
    )
    def get(self, request, club_slug: str):
        club = club_or_404(club_slug)
        events = selectors.scope(
            club,
            events=request.query_params.get("events") or "",
            series=request.query_params.get("series") or "",
        )
        run = selectors.run_of(club)
        rows = selectors.rating_table(club, None if events is None else [event.pk for event in events])
        return Response(
            {
                "club": {"slug": club.slug, "name": club.name},
                "events": None if events is None else sorted(event.slug for event in events),
                "computed_at": run.computed_at if run else None,
                "rated_matches": run.matches if run else 0,
                "rows": rows,
            }
        )


class MemberRatingsView(ConditionalMixin, GenericAPIView):
    """A member's rating now and before and after each rated match."""

    read_permission = Permission.PUBLIC
    serializer_class = RatingHistorySerializer
    pagination_class = None
    filter_backends = ()

    @extend_schema(operation_id="club_member_ratings", summary="A member's rating history")
    def get(self, request, club_slug: str, pk: int):
        # A merged record answers for the member it became (the same person).
        member = live_member_or_404(club_slug, int(pk))
        member = member.merged_into or member
        history = selectors.member_history(member)
        now = history[-1]["after"] if history else None
        return Response(
            {
                "member": {"id": member.pk, "name": member.name, "affiliation": member.affiliation},
                "rating": now,
                "matches": len(history),
                "history": history,
            }
        )
