"""The stateless referee questions and the rule profiles (docs/referee.md).

Thin views: check the JSON shape, ask the engine, translate its verdict. A malformed
value is the engine's ``BadInput`` (a 400 problem); a broken rule is a 200 verdict.

The engine already speaks plain dicts and the engine's parsers point at the exact field, so the
questions use no DRF serializer on the way through: the shape is checked by ``core.fast.lean`` (the
request serializer itself runs only when the input is not plainly valid, so errors are its own),
and the answer is the verdict's dict. The serializers stay the documented contract (OpenAPI),
and tests check each answer against its serializer. Building DRF fields per request was 80% of
a ``plays/validate`` and more of a ``deals/replay``; the engine is a few percent.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import generics
from rest_framework.response import Response
from rest_framework.views import APIView

from core.conditional import ConditionalMixin, RenderedResponse
from core.fast import lean
from core.permissions import Permission
from core.problems import engine_message
from core.schema import problems
from engine import all_profiles
from engine.errors import BadInput
from engine.guandan.readings import reading_to_dict
from engine.penalties import NAMES
from engine.registry import GAMES, referee_game
from referee.api import answers, examples, games
from referee.api.game_serializers import DoudizhuBiddingRequest, DoudizhuBiddingVerdictSerializer
from referee.api.serializers import (
    DealReplayRequest,
    InfractionSerializer,
    PlayValidateRequest,
    RulesetSerializer,
    TributeValidateRequest,
    TributeVerdictSerializer,
)
from referee.labels import INFRACTION_LABELS


def _engine(data: dict):
    """The game and rule profile a question names (``guandan-standard`` by default)."""
    key = data.get("ruleset") or "guandan-standard"
    found = all_profiles().get(key)
    if found is None:
        raise BadInput("unknown_ruleset", f"Unknown ruleset {key!r}.", field="ruleset")
    game, _ = found
    profile = game.profile(key, data.get("rules") or None)
    return game, profile


class RefereeQuestion(APIView):
    """Anyone may ask: a referee question is a POST only because its body is large; it stores nothing."""

    read_permission = Permission.PUBLIC
    write_permission = Permission.PUBLIC
    changes_nothing = True
    request_serializer: type

    def parsed(self, request) -> dict:
        return lean.validated(self.request_serializer, request.data)


class EveryGameQuestion(RefereeQuestion):
    """A question every game answers: the body names its ``game``; another game's is asked through
    ``referee.api.games`` (``other_game``), Guandan's takes its own lean path: each question's
    ``guandan(request, data, game, profile)``."""

    other_game: Callable[..., dict]
    guandan: Callable[..., Response]

    def post(self, request):
        other = games.named(request.data)  # another game: decided before anything of Guandan's is built
        if other is not None:
            return Response(self.other_game(*other, request.data))
        data = self.parsed(request)
        game, profile = _engine(data)
        return self.guandan(request, data, game, profile)


def every_game(summary: str, *, request, answer, question_examples):
    """The OpenAPI document of an ``EveryGameQuestion``: a body per game, an answer per game."""
    return extend_schema_view(
        post=extend_schema(
            summary=summary,
            description="The body names its `game` (Guandan when omitted); each game has its own members.",
            request=request,
            responses={200: answer, **problems(400)},
            examples=question_examples,
            tags=["referee"],
        )
    )


@every_game(
    "Is this play legal, and does it beat the play on the table? (G3, G4; D4-D5, K2-K3, S5)",
    request=games.PLAY_REQUEST,
    answer=games.PLAY_ANSWER,
    question_examples=examples.PLAY_VALIDATE,
)
class PlayValidateView(EveryGameQuestion):
    request_serializer = PlayValidateRequest
    other_game = staticmethod(games.validate_play)

    def guandan(self, request, data, game, profile):
        verdict = game.validate_play(
            data["cards"],
            level=data["level"],
            previous=data["previous"],
            declared=data["declared"],
            previous_declared=data["previous_declared"],
            profile=profile,
        )
        body = {"game": games.DEFAULT_GAME, "ruleset": profile.key, **verdict.to_dict(reading_to_dict)}
        if verdict.reason is not None:
            body["reason"] = answers.reason(str(verdict.reason), verdict.detail)
        return Response(body)  # PlayVerdictSerializer's shape (tests/referee/test_api_lean.py)


@every_game(
    "Replay a whole deal and find the first violation (G5; D2-D8, K4-K6, S3-S9)",
    request=games.REPLAY_REQUEST,
    answer=games.REPLAY_ANSWER,
    question_examples=examples.DEAL_REPLAY,
)
class DealReplayView(EveryGameQuestion):
    request_serializer = DealReplayRequest
    other_game = staticmethod(games.replay_deal)

    def guandan(self, request, data, game, profile):
        replay = game.replay_deal(
            level=data["level"],
            hands=data["hands"],
            leader=data["leader"],
            plays=data["plays"],
            profile=profile,
        )
        if answers.renders_plainly(request):  # the same bytes, written from kept fragments
            return RenderedResponse(answers.replay_json(profile.key, replay))
        return Response(answers.replay_body(profile.key, replay))  # DealReplaySerializer's shape


class TributeValidateView(RefereeQuestion):
    request_serializer = TributeValidateRequest

    @extend_schema(
        summary="Check tributes and returns, anti-tribute, and who leads (G7)",
        request=TributeValidateRequest,
        responses={200: TributeVerdictSerializer, **problems(400)},
        examples=examples.TRIBUTE_VALIDATE,
        tags=["referee"],
    )
    def post(self, request):
        code = games.game_code(request.data)
        if code != games.DEFAULT_GAME:
            game = referee_game(code)
            raise BadInput("not_supported", f"{game.name} has no tribute.", field="game")
        data = self.parsed(request)
        game, profile = _engine(data)
        if game.validate_tributes is None:
            raise BadInput("not_supported", f"{game.name} has no tribute.", field="ruleset")
        verdict = game.validate_tributes(
            level=data["level"],
            finishing_order=data["finishing_order"],
            hands=data["hands"],
            tributes=data["tributes"],
            returns=data["returns"],
            profile=profile,
        )
        body = {"ruleset": profile.key, **verdict.to_dict()}
        for item in (*body["tributes"], *body["returns"], *body["missing"]):
            if item["code"]:
                item["detail"] = engine_message(item["code"], item["detail"])
        return Response(body)  # TributeVerdictSerializer's shape


class BiddingValidateView(RefereeQuestion):
    request_serializer = DoudizhuBiddingRequest

    @extend_schema(
        summary="Check a Dou Dizhu bidding: landlord, bid and the farmers' bomb allowances (D2, D3)",
        request=DoudizhuBiddingRequest,
        responses={200: DoudizhuBiddingVerdictSerializer, **problems(400)},
        examples=examples.BIDDING_VALIDATE,
        tags=["referee"],
    )
    def post(self, request):
        return Response(games.check_bidding(request.data))


# Each question's input check is compiled when the views load, not by the first request to ask it.
for _question in (PlayValidateView, DealReplayView, TributeValidateView):
    lean.shape(_question.request_serializer)
for _wire in games.WIRES.values():
    for _serializer in (_wire.play_request, _wire.replay_request, _wire.bidding_request):
        if _serializer is not None:
            lean.shape(_serializer)


def _ruleset(key: str, game, profile) -> dict:
    return {"key": key, "game": game.code, "name": profile.name, "settings": profile.to_dict()}


class RulesetListView(ConditionalMixin, generics.ListAPIView):
    """The built-in rule profiles, with every setting (docs/rules/guandan.md)."""

    serializer_class = RulesetSerializer
    read_permission = Permission.PUBLIC
    filter_backends: list = []

    def get_queryset(self):
        # No game named: Guandan's, as before other games were in service.
        code = games.game_code(self.request.query_params, default=None) or games.DEFAULT_GAME
        game = referee_game(code)  # an unknown game: a 400 at ``game``
        return [_ruleset(key, game, profile) for key, profile in game.profiles.items()]

    @extend_schema(
        summary="List a game's rule profiles",
        tags=["rules"],
        parameters=[
            OpenApiParameter(
                "game",
                str,
                enum=sorted(GAMES),
                description="The game whose profiles to list; omitted: Guandan's.",
            )
        ],
        examples=[OpenApiExample("standard", value=examples.RULESET, response_only=True)],
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class RulesetDetailView(ConditionalMixin, APIView):
    """One built-in rule profile, with every setting (docs/rules/guandan.md)."""

    read_permission = Permission.PUBLIC

    @extend_schema(
        summary="Read a rule profile", responses={200: RulesetSerializer, **problems(404)}, tags=["rules"]
    )
    def get(self, request, key: str):
        found = all_profiles(pending=True).get(key)  # any game's: keys are unique across games
        if found is None:
            raise Http404
        return Response(RulesetSerializer(_ruleset(key, *found)).data)


class InfractionListView(ConditionalMixin, APIView):
    """The infractions the penalty tables know (G12), named in the caller's language: what a table
    picks from when it calls a referee (docs/referees.md "Calling a referee"), and what incidents name."""

    read_permission = Permission.PUBLIC

    @extend_schema(
        summary="List the infractions, named in the caller's language",
        responses={200: InfractionSerializer(many=True)},
        tags=["rules"],
    )
    def get(self, request):
        rows = [
            {"code": code.value, "name": str(label), "name_zh": NAMES[code]}
            for code, label in INFRACTION_LABELS.items()
        ]
        return Response(InfractionSerializer(rows, many=True).data)
