"""Scorekeeping at a table (docs/scoring.md): deals, the result and its confirmation."""

from __future__ import annotations

from django.utils.translation import get_language, gettext
from drf_spectacular.utils import OpenApiParameter, PolymorphicProxySerializer, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from core.conditional import ConditionalMixin, etag_of
from core.fast import lean
from core.permissions import Permission
from core.problems import Problem
from core.schema import problems
from core.serializers import represent
from core.throttling import PinRateThrottle
from scoring.models import Deal, MatchResult
from scoring.permissions import ScoringPermission
from scoring.problems import Missing, NotAllowed, deal_voided
from scoring.selectors.deal_forms import next_deal_form
from scoring.selectors.deals import current_deal, current_deals, voided_deal_of
from scoring.selectors.matches import deal_history, match_results, match_sheet, state_answer
from scoring.selectors.table import table_match, table_stamps
from scoring.serializers.deals import (
    DealListEntrySerializer,
    DealPostedSerializer,
    DealSerializer,
    DealsVoidedSerializer,
    DealVersionSerializer,
    DealVoidSerializer,
    deal_body,
    deal_input_serializer,
    every_game,
)
from scoring.serializers.matches import MatchDetailSerializer, TableSerializer, results_document
from scoring.serializers.results import (
    MatchResultsSerializer,
    PinConfirmInputSerializer,
    ResultInputSerializer,
)
from scoring.services.deals import deal_correct, deal_submit, deals_void
from scoring.services.result_facts import ResultSubmission
from scoring.services.results import result_confirm, result_submit
from scoring.views.base import MatchScopedView
from tournaments.auth import TableUser
from tournaments.models import Match

HISTORY = OpenApiParameter(
    "history",
    bool,
    description="Staff: every version of every deal (replaced and voided ones too), by number then version.",
)


def _flag(value: str | None, name: str) -> bool:
    """A boolean query parameter: ``true``/``false`` (or ``1``/``0``); anything else is a 400."""
    if value in (None, "", "false", "0"):
        return False
    if value in ("true", "1"):
        return True
    raise Problem(f"{name} is true or false.", "invalid", field=name)


def _either(name: str, kind: str) -> PolymorphicProxySerializer:
    """A deal's body: each game's own (docs/scoring.md "Every game keeps its matches on a
    scoresheet"), its adapter's; the match's game decides (``deal_input_serializer``)."""
    return PolymorphicProxySerializer(
        component_name=name, serializers=every_game(kind), resource_type_field_name=None
    )


DEAL_INPUT = _either("DealInputAnyGame", "deal_input")
DEAL_CORRECTION = _either("DealCorrectionAnyGame", "deal_correction")


def _shown(match: Match) -> dict:
    """The context of a deal's serializer: the match's sheet, which shows each deal's record."""
    return {"sheet": match_sheet(match)}


def posted_answer(match: Match, posted) -> dict:
    posted.deal.match = match  # the deal's sheet is the match's, loaded (a deal posted again is read alone)
    return {
        "match": posted.deal.match_id,
        "deal": represent(DealSerializer, posted.deal),  # its fields built once per process
        "state": state_answer(match, posted.state),
    }


class MatchDealsView(MatchScopedView):
    """``/matches/{id}/deals/``: the deals of a match; a scorekeeper posts each as it is played."""

    read_permission = ScoringPermission.RESULTS
    atomic_post = True  # a post reads the match once, locked (MatchScopedView.get_match)
    reads_state = True  # with its derived state (scoring.services.sheet_store)

    def written_representation(self, response):
        # The answer is the match state around the deal; its ETag is the deal's own (GET …/deals/{n}).
        return response.data.get("deal") if isinstance(response.data, dict) else None

    def replay_refusal(self, answer):
        voided = voided_deal_of(answer.body)
        return None if voided is None else deal_voided(voided)

    @extend_schema(
        summary="List a match's deals (the table's scoresheet)",
        parameters=[HISTORY],
        responses={200: DealListEntrySerializer(many=True), **problems(400, 403, 404)},
        tags=["scorekeeping"],
    )
    def get(self, request, pk):
        match = self.get_match()
        if _flag(request.query_params.get("history"), "history") and self.actor.roles:
            return Response(DealVersionSerializer(deal_history(match), many=True, context=_shown(match)).data)
        return Response(DealSerializer(current_deals(match), many=True, context=_shown(match)).data)

    @extend_schema(
        summary="Post one deal as it was played (G5-G8; another game's own fields); answers the match state",
        request=DEAL_INPUT,
        responses={201: DealPostedSerializer, 200: DealPostedSerializer, **problems(400, 403, 404, 409, 422)},
        tags=["scorekeeping"],
    )
    def post(self, request, pk):
        match = self.get_match()
        # Plainly valid input checked without building the serializer (core.fast.lean); else its errors.
        data = lean.validated(deal_input_serializer(match.round.event.game), request.data)
        posted = deal_submit(
            match=match,
            number=data["number"],
            body=deal_body(data),
            played_at=data.get("played_at"),
            actor=self.actor,
            locked=True,  # get_match loaded it locked (atomic_post)
        )
        return Response(
            posted_answer(match, posted),
            status=status.HTTP_201_CREATED if posted.created else status.HTTP_200_OK,
        )


class MatchDealView(MatchScopedView):
    """``/matches/{id}/deals/{number}``: one deal of the record; ``PUT`` corrects it (a new version)."""

    read_permission = ScoringPermission.RESULTS

    def written_representation(self, response):
        # The answer is the match state around the deal; its ETag is the deal's own (GET …/deals/{n}).
        return response.data.get("deal") if isinstance(response.data, dict) else None

    def current(self, match, number: int) -> Deal:
        deal = current_deal(match, number)
        if deal is None:
            raise Missing(f"The match has no deal {number} (never posted, or voided).", "not_found")
        return deal

    @extend_schema(
        summary="Read a deal of a match",
        responses={200: DealSerializer, **problems(403, 404)},
        tags=["scorekeeping"],
    )
    def get(self, request, pk, number):
        match = self.get_match()
        return Response(DealSerializer(self.current(match, int(number)), context=_shown(match)).data)

    @extend_schema(
        summary="Correct a posted deal: a new version of it (the deals after it are checked again)",
        request=DEAL_CORRECTION,
        responses={
            201: DealPostedSerializer,
            200: DealPostedSerializer,
            **problems(400, 403, 404, 409, 412, 422),
        },
        tags=["scorekeeping"],
    )
    def put(self, request, pk, number):
        number = int(number)
        match = self.get_match()
        serializer = deal_input_serializer(match.round.event.game, correction=True)(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        if data.get("number") not in (None, number):
            raise Problem(
                f"The body names deal {data['number']}, the URL deal {number}.", "invalid", field="number"
            )
        posted = deal_correct(
            match=match,
            number=number,
            body=deal_body(data),
            played_at=data.get("played_at"),
            note=data.get("note") or "",
            corrects=data.get("corrects"),
            actor=self.actor,
            if_match=(
                lambda locked: self.check_if_match(
                    DealSerializer(self.current(locked, number), context=_shown(locked)).data
                )
            )
            if request.headers.get("If-Match")
            else None,
        )
        return Response(
            posted_answer(match, posted),
            status=status.HTTP_201_CREATED if posted.created else status.HTTP_200_OK,
        )


class DealsVoidView(MatchScopedView):
    """``/matches/{id}/deals/void``: void a deal and every later one (they stay in the history)."""

    write_answer_is_representation = False

    @extend_schema(
        summary="Void deal `from` and every later deal (a correction: the table posts them again)",
        request=DealVoidSerializer,
        responses={200: DealsVoidedSerializer, **problems(400, 403, 404, 409, 412)},
        tags=["scorekeeping"],
    )
    def post(self, request, pk):
        serializer = DealVoidSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        match = self.get_match()
        done = deals_void(
            match=match,
            first=data["from"],
            note=data["note"],
            actor=self.actor,
            if_match=(
                lambda locked: self.check_if_match(
                    DealSerializer(current_deals(locked), many=True, context=_shown(locked)).data
                )
            )
            if request.headers.get("If-Match")
            else None,
        )
        body = {
            "match": match.pk,
            "voided": DealSerializer(done.voided, many=True, context=_shown(match)).data,
            "state": state_answer(match, done.state),
        }
        return Response(body)


class MatchResultView(MatchScopedView):
    """``/matches/{id}/result``: the official result and its versions; submit or correct one."""

    read_permission = ScoringPermission.RESULTS
    write_answer_is_representation = True  # a submission answers what GET …/result reads
    atomic_post = True  # a post reads the match once, locked, with a table token (MatchScopedView.get_match)
    reads_state = True  # with its derived state, which a result is read from (scoring.services.sheet_store)

    def document(self, match: Match, versions: list[MatchResult] | None = None) -> dict:
        """What ``GET …/result`` reads: from ``versions`` when given (a write's, as it wrote them),
        else read."""
        versions = match_results(match) if versions is None else versions
        return results_document(match, versions, staff=self.actor.roles != frozenset())

    @extend_schema(
        summary="Read a match's result and its versions",
        responses={200: MatchResultsSerializer, **problems(403, 404)},
        tags=["scorekeeping"],
    )
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
        data = lean.validated(ResultInputSerializer, request.data)  # as a deal post's
        match = self.get_match()
        posted = result_submit(
            match=match,
            submission=ResultSubmission(**data),
            actor=self.actor,
            locked=True,  # get_match loaded it locked (atomic_post)
            if_match=(lambda locked: self.check_if_match(self.document(locked)))
            if request.headers.get("If-Match")
            else None,
        )
        return Response(
            self.document(match, posted.versions),  # answered from the rows written: not read again
            status=status.HTTP_201_CREATED if posted.created else status.HTTP_200_OK,
        )


class ResultConfirmView(MatchScopedView):
    """``/matches/{id}/result/confirm``: a referee, or the other side, makes a result official.

    The answer is what ``GET …/result`` reads, with its ETag: the next correction can send it as
    ``If-Match`` without reading again."""

    write_answer_is_representation = True
    # Guesses of a pair's PIN are counted per match (docs/scoring.md "One phone at the table").
    throttle_classes = [*MatchScopedView.throttle_classes, PinRateThrottle]
    atomic_post = True  # a post reads the match once, locked, with a table token (MatchScopedView.get_match)
    reads_state = True  # with its derived state, which a result is read from (scoring.services.sheet_store)

    @extend_schema(
        summary="Confirm a submitted result (double entry, the other pair's PIN, or a referee)",
        request=PinConfirmInputSerializer,
        responses={200: MatchResultsSerializer, **problems(400, 403, 404, 409, 412)},
        tags=["scorekeeping"],
    )
    def post(self, request, pk):
        data = lean.validated(PinConfirmInputSerializer, request.data)  # as a result post's
        match = self.get_match()
        posted = result_confirm(
            match=match,
            version=data["version"],
            side=data["side"] or "",
            pin=data["pin"],
            actor=self.actor,
            if_match=(
                lambda locked: self.check_if_match(
                    results_document(locked, match_results(locked), staff=True)
                )
            )
            if request.headers.get("If-Match")
            else None,
            locked=True,  # get_match loaded it locked (atomic_post)
        )
        # Answered from the rows written: not read again.
        return Response(results_document(match, posted.versions, staff=self.actor.roles != frozenset()))


class TableView(ConditionalMixin, APIView):
    """``GET /table/`` with a table token: this table's current match and its state (the QR code's app).

    Its ETag is worked out from the stamps of what it shows (``scoring.selectors.table``), in one
    query after the token's: a phone polling with ``If-None-Match`` is answered ``304`` without the
    match being read or built."""

    read_permission = Permission.AUTHENTICATED

    def _token(self, request):
        user = request.user
        if not isinstance(user, TableUser):
            raise NotAllowed(
                "This answers a table token (Authorization: Table <key>).", "table_token_required"
            )
        return user.token

    def get_etag(self, request, *args, **kwargs) -> str:
        token = self._token(request)
        stamps = table_stamps(token.event_id, token.table)
        if stamps is None:
            raise Missing(
                "No published round has a match at this table yet.", "no_match", extra={"table": token.table}
            )
        self._match_id = stamps[0]
        # The event (read with the token) stands for its pairs, players, rounds and settings.
        event = token.event
        return etag_of(["table", stamps, event.results_version, get_language()])

    @extend_schema(
        summary="My table's current match (table tokens)",
        responses={200: TableSerializer, **problems(401, 403, 404)},
        tags=["scorekeeping"],
    )
    def get(self, request):
        token = self._token(request)
        match = table_match(token.event_id, token.table, pk=getattr(self, "_match_id", None))
        if match is None:
            raise Missing(
                "No published round has a match at this table yet.", "no_match", extra={"table": token.table}
            )
        # What the phone's first screen needs, in this one read (docs/deploy.md "The table app's
        # costs": a round trip is 2 s on a slow network): the match, the event's name, the next
        # deal's form (``…/deal-form``'s) and the result (``…/result``'s), all named by the ETag's stamps.
        body = dict(MatchDetailSerializer(match, context={"request": request}).data)
        body["event_name"] = match.round.event.name
        body["deal_form"] = next_deal_form(match).to_dict(gettext)
        body["results"] = results_document(match, match_results(match), staff=True)
        return Response(body)
