"""Duplicate events (docs/duplicate.md "API"): thin views over scoring/services/duplicate.py and
scoring/selectors/duplicate.py."""

from __future__ import annotations

from django.db.models import Count
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import NotFound
from core.schema import problems
from scoring.actors import actor_of
from scoring.permissions import ScoringPermission
from scoring.selectors import duplicate as selectors
from scoring.selectors import duplicate_teams as team_selectors
from scoring.serializers.duplicate import (
    DealSetDetailSerializer,
    DealSetImportSerializer,
    DealSetMakeSerializer,
    DealSetSerializer,
    DuplicateStandingsSerializer,
    RoundDealsInputSerializer,
    RoundDealsSerializer,
    TeamMatchSerializer,
    TeamStandingsSerializer,
    TravellerSerializer,
)
from scoring.services import duplicate as services
from scoring.services import duplicate_teams as team_services
from tournaments.models import Round
from tournaments.permissions import EventPermission, is_staff
from tournaments.selectors.visibility import visible_rounds
from tournaments.views.base import EventScopedMixin

TAGS = ["duplicate"]


def _set_data(deal_set, deals=None) -> dict:
    data = {
        "id": deal_set.pk,
        "name": deal_set.name,
        "source": deal_set.source,
        "seed": deal_set.seed,
        "algorithm": deal_set.algorithm,
        "deal_count": getattr(deal_set, "deal_count", None) or deal_set.deals.count(),
        "created_at": deal_set.created_at,
    }
    if deals is not None:
        data["deals"] = deals
    return data


class DealSetMaking(EventScopedMixin):
    """A view that makes a deal set (from a seed, or from a file): the body checked by its input
    serializer, the set made by ``make`` (a service), answered as a 201 with the set."""

    def made(self, request, input_serializer: type, make) -> Response:
        serializer = input_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        event = self.get_event()
        deal_set = make(event=event, **serializer.validated_data, actor=actor_of(request, event))
        return Response(DealSetSerializer(_set_data(deal_set)).data, status=status.HTTP_201_CREATED)


class DealSetsView(DealSetMaking, APIView):
    """``/events/{slug}/deal-sets/``: the event's deal sets (its staff), and a new one made from a seed."""

    read_permission = EventPermission.STAFF
    write_permission = EventPermission.ORGANIZER

    @extend_schema(
        summary="List the event's deal sets (its staff)",
        responses={200: DealSetSerializer(many=True), **problems(403, 404)},
        tags=TAGS,
    )
    def get(self, request, event_slug):
        sets = selectors.deal_sets(self.get_event()).annotate(deal_count=Count("deals"))
        return Response(DealSetSerializer([_set_data(s) for s in sets], many=True).data)

    @extend_schema(
        summary="Make a deal set from a seed",
        request=DealSetMakeSerializer,
        responses={201: DealSetSerializer, **problems(400, 403, 404, 409)},
        tags=TAGS,
    )
    def post(self, request, event_slug):
        return self.made(request, DealSetMakeSerializer, services.deal_set_make)


class DealSetImportView(DealSetMaking, APIView):
    """``POST /events/{slug}/deal-sets/import``: a deal set read from a file (JSON or plain text)."""

    write_permission = EventPermission.ORGANIZER

    @extend_schema(
        summary="Import a deal set (JSON or plain text; refused row by row)",
        request=DealSetImportSerializer,
        responses={201: DealSetSerializer, **problems(400, 403, 404, 409)},
        tags=TAGS,
    )
    def post(self, request, event_slug):
        return self.made(request, DealSetImportSerializer, services.deal_set_import)


class DealSetView(EventScopedMixin, APIView):
    """``GET /events/{slug}/deal-sets/{id}/``: a set with its deals: every one for the staff, the
    played ones (a closed round's) for anyone who may read the results."""

    read_permission = ScoringPermission.RESULTS

    @extend_schema(
        summary="Read a deal set and the deals the caller may see",
        responses={200: DealSetDetailSerializer, **problems(403, 404)},
        tags=TAGS,
    )
    def get(self, request, event_slug, pk):
        event = self.get_event()
        deal_set = selectors.deal_set_of(event, int(pk))
        deals = selectors.set_deals(deal_set, staff=is_staff(request, event))
        return Response(DealSetDetailSerializer(_set_data(deal_set, deals)).data)


class DuplicateOnlyMixin(EventScopedMixin):
    """The reads that only a duplicate event has (standings by percentage, travellers, team
    matches): another event's is a ``409 not_duplicate``, as its deal sets' writes are."""

    def get_event(self):
        event = super().get_event()
        if not getattr(self, "swagger_fake_view", False):
            services.require_duplicate(event)
        return event


class RoundScopedMixin(EventScopedMixin):
    def get_round(self) -> Round:
        if getattr(self, "swagger_fake_view", False):
            return Round(pk=0, number=1)
        rounds = visible_rounds(self.request, self.get_event()).prefetch_related(None)  # no tables needed
        found = rounds.select_related("event").filter(number=self.kwargs["number"]).first()
        if found is None:
            raise NotFound(f"The event has no round {self.kwargs['number']}.", "round_not_found")
        return found


class RoundDealsView(RoundScopedMixin, APIView):
    """``/events/{slug}/rounds/{n}/deals/``: which deals of which set the round plays."""

    read_permission = ScoringPermission.RESULTS
    write_permission = EventPermission.ORGANIZER

    @extend_schema(
        summary="Read which deals the round plays",
        responses={200: RoundDealsSerializer, **problems(403, 404)},
        tags=TAGS,
    )
    def get(self, request, event_slug, number):
        boards = selectors.round_boards(self.get_round())
        if boards is None:
            raise NotFound("This round plays no deal set.", "no_deal_set")
        data = {
            "round": boards.round,
            "deal_set_id": boards.deal_set.pk,
            "first": boards.first,
            "count": boards.count,
        }
        return Response(RoundDealsSerializer(data).data)

    @extend_schema(
        summary="Give the round its deals (a deal set, its first deal)",
        request=RoundDealsInputSerializer,
        responses={200: RoundDealsSerializer, **problems(400, 403, 404, 409, 422)},
        tags=TAGS,
    )
    def put(self, request, event_slug, number):
        serializer = RoundDealsInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        played = services.round_deals_set(
            round=self.get_round(), **serializer.validated_data, actor=actor_of(request, self.get_event())
        )
        return Response(RoundDealsSerializer(played).data)


class TravellerView(DuplicateOnlyMixin, RoundScopedMixin, APIView):
    """``GET /events/{slug}/rounds/{n}/deals/{board}/traveller``: every table's result on one deal."""

    read_permission = ScoringPermission.RESULTS

    @extend_schema(
        summary="Read a deal's traveller (every table's result on it)",
        responses={200: TravellerSerializer, **problems(403, 404, 409)},
        tags=TAGS,
    )
    def get(self, request, event_slug, number, board):
        # The selector's answer is already the Traveller shape (plain values): serialising 500 lines
        # field by field again would cost more than reading them.
        return Response(selectors.deal_traveller(self.get_round(), int(board)))


class DuplicateStandingsView(DuplicateOnlyMixin, EventScopedMixin, APIView):
    """``GET /events/{slug}/duplicate/standings/``: the pairs by percentage (or difference points)."""

    read_permission = ScoringPermission.STANDINGS

    @extend_schema(
        summary="Read the duplicate standings (percentages over the deals played)",
        responses={200: DuplicateStandingsSerializer, **problems(403, 404, 409)},
        tags=TAGS,
    )
    def get(self, request, event_slug):
        return Response(DuplicateStandingsSerializer(selectors.duplicate_standings(self.get_event())).data)


class TeamDrawView(RoundScopedMixin, APIView):
    """``POST /events/{slug}/rounds/{n}/team-draw``: a draft round drawn as the next round of the
    teams' round robin (two tables a team match)."""

    write_permission = EventPermission.ORGANIZER

    @extend_schema(
        summary="Draw the round as the next round of the teams' round robin",
        request=None,
        responses={200: TeamMatchSerializer(many=True), **problems(400, 403, 404, 409)},
        tags=TAGS,
    )
    def post(self, request, event_slug, number):
        drawn = team_services.team_round_draw(
            round_=self.get_round(), actor=actor_of(request, self.get_event())
        )
        return Response(TeamMatchSerializer(team_selectors.round_team_matches(drawn), many=True).data)


class TeamMatchesView(DuplicateOnlyMixin, RoundScopedMixin, APIView):
    """``GET /events/{slug}/rounds/{n}/team-matches/``: the round's team matches and their swings."""

    read_permission = ScoringPermission.RESULTS

    @extend_schema(
        summary="Read the round's team matches",
        responses={200: TeamMatchSerializer(many=True), **problems(403, 404, 409)},
        tags=TAGS,
    )
    def get(self, request, event_slug, number):
        return Response(
            TeamMatchSerializer(team_selectors.round_team_matches(self.get_round()), many=True).data
        )


class TeamStandingsView(DuplicateOnlyMixin, EventScopedMixin, APIView):
    """``GET /events/{slug}/duplicate/teams/standings/``: the teams by match points."""

    read_permission = ScoringPermission.STANDINGS

    @extend_schema(
        summary="Read the teams' standings",
        responses={200: TeamStandingsSerializer, **problems(403, 404, 409)},
        tags=TAGS,
    )
    def get(self, request, event_slug):
        return Response(TeamStandingsSerializer(team_selectors.team_standings(self.get_event())).data)
