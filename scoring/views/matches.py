"""Scorekeeping at a table (docs/scoring.md): deals, the result and its confirmation."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from core.conditional import ConditionalMixin
from core.schema import problems
from scoring.models import Deal
from scoring.problems import Missing, NotAllowed
from scoring.selectors.matches import result_versions
from scoring.serializers.deals import DealInputSerializer, DealPostedSerializer, DealSerializer
from scoring.serializers.matches import MatchDetailSerializer, results_document
from scoring.serializers.results import ConfirmInputSerializer, MatchResultsSerializer, ResultInputSerializer
from scoring.services.deals import deal_submit
from scoring.services.results import result_confirm, result_submit
from scoring.views.base import MatchScopedView
from tournaments.auth import TableUser
from tournaments.models import Match, RoundStatus


class MatchDealsView(MatchScopedView):
    """``/matches/{id}/deals/``: the deals of a match; a scorekeeper posts each as it is played."""

    read_permission = "event.results"

    @extend_schema(responses={200: DealSerializer(many=True), **problems(403, 404)}, tags=["scorekeeping"])
    def get(self, request, pk):
        deals = Deal.objects.filter(match=self.get_match()).order_by("number")
        return Response(DealSerializer(deals, many=True).data)

    @extend_schema(
        summary="Post one deal as it was played (G5-G8); answers the match state",
        request=DealInputSerializer,
        responses={201: DealPostedSerializer, 200: DealPostedSerializer, **problems(400, 403, 404, 409, 422)},
        tags=["scorekeeping"],
    )
    def post(self, request, pk):
        serializer = DealInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        posted = deal_submit(match=self.get_match(), data=serializer.validated_data, actor=self.actor)
        body = {
            "match": posted.deal.match_id,
            "deal": DealSerializer(posted.deal).data,
            "state": posted.state.to_dict(),
        }
        return Response(body, status=status.HTTP_201_CREATED if posted.created else status.HTTP_200_OK)


class MatchResultView(MatchScopedView):
    """``/matches/{id}/result``: the official result and its versions; submit or correct one."""

    read_permission = "event.results"

    def document(self, match: Match) -> dict:
        return results_document(match, result_versions(match), staff=self.actor.roles != frozenset())

    @extend_schema(responses={200: MatchResultsSerializer, **problems(403, 404)}, tags=["scorekeeping"])
    def get(self, request, pk):
        return Response(self.document(self.get_match()))

    @extend_schema(
        summary="Submit, confirm by agreement, or correct a match result (G8)",
        request=ResultInputSerializer,
        responses={
            201: MatchResultsSerializer,
            200: MatchResultsSerializer,
            **problems(400, 403, 404, 409, 412, 422),
        },
        tags=["scorekeeping"],
    )
    def post(self, request, pk):
        serializer = ResultInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        posted = result_submit(
            match=self.get_match(),
            data=serializer.validated_data,
            actor=self.actor,
            if_match=(lambda locked: self.check_if_match(self.document(locked)))
            if request.headers.get("If-Match")
            else None,
        )
        return Response(
            self.document(self.get_match()),
            status=status.HTTP_201_CREATED if posted.created else status.HTTP_200_OK,
        )


class ResultConfirmView(MatchScopedView):
    """``/matches/{id}/result/confirm``: a referee, or the other side, makes a result official."""

    @extend_schema(
        summary="Confirm a submitted result (double entry, or a referee)",
        request=ConfirmInputSerializer,
        responses={200: MatchResultsSerializer, **problems(400, 403, 404, 409, 412)},
        tags=["scorekeeping"],
    )
    def post(self, request, pk):
        serializer = ConfirmInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        result_confirm(
            match=self.get_match(),
            version=data["version"],
            side=data["side"] or "",
            actor=self.actor,
            if_match=(
                lambda locked: self.check_if_match(
                    results_document(locked, result_versions(locked), staff=True)
                )
            )
            if request.headers.get("If-Match")
            else None,
        )
        return Response(results_document(self.get_match(), result_versions(self.get_match()), staff=True))


class TableView(ConditionalMixin, APIView):
    """``GET /table/`` with a table token: this table's current match and its state (the QR code's app)."""

    read_permission = "authenticated"

    @extend_schema(
        summary="My table's current match (table tokens)",
        responses={200: MatchDetailSerializer, **problems(401, 403, 404)},
        tags=["scorekeeping"],
    )
    def get(self, request):
        user = request.user
        if not isinstance(user, TableUser):
            raise NotAllowed(
                "This answers a table token (Authorization: Table <key>).", "table_token_required"
            )
        token = user.token
        matches = Match.objects.filter(
            round__event=token.event_id,
            table=token.table,
            round__status__in=(RoundStatus.PUBLISHED, RoundStatus.CLOSED),
        ).select_related(
            "round__event",
            "round__stage",
            "ns_pair__player_1",
            "ns_pair__player_2",
            "ew_pair__player_1",
            "ew_pair__player_2",
        )
        match = matches.filter(round__status=RoundStatus.PUBLISHED).order_by("-round__number").first()
        match = match or matches.order_by("-round__number").first()
        if match is None:
            raise Missing(
                "No published round has a match at this table yet.", "no_match", extra={"table": token.table}
            )
        data = MatchDetailSerializer(match, context={"request": request}).data
        return Response(data)
