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

from core.conditional import ConditionalMixin
from core.fast import lean
from core.permissions import Permission
from core.problems import engine_message
from core.schema import problems
from engine import all_profiles
from engine.errors import BadInput
from engine.penalties import NAMES
from engine.registry import GAMES, referee_game
from referee.api import games
from referee.api.serializers import InfractionSerializer, RulesetSerializer
from referee.labels import INFRACTION_LABELS
from scoring.adapters import adapters


class RefereeQuestion(APIView):
    """Anyone may ask: a referee question is a POST only because its body is large; it stores nothing."""

    read_permission = Permission.PUBLIC
    write_permission = Permission.PUBLIC
    changes_nothing = True


class EveryGameQuestion(RefereeQuestion):
    """A question every game answers: the body names its ``game`` (Guandan's when omitted), whose
    adapter's wire answers it its own way (``ask``: Guandan's lean path) or through
    ``referee.api.games`` (``common``)."""

    ask: str  # the wire's own way of asking, if it has one
    common: Callable[..., dict]

    def post(self, request):
        game, wire = games.asked(request.data)  # decided before anything of the game's is built
        own = getattr(wire, self.ask)
        if own is not None:
            return own(request, request.data)
        return Response(self.common(game, wire, request.data))


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
    question_examples=games.examples("play"),
)
class PlayValidateView(EveryGameQuestion):
    ask = "ask_play"
    common = staticmethod(games.validate_play)


@every_game(
    "Replay a whole deal and find the first violation (G5; D2-D8, K4-K6, S3-S9)",
    request=games.REPLAY_REQUEST,
    answer=games.REPLAY_ANSWER,
    question_examples=games.examples("replay"),
)
class DealReplayView(EveryGameQuestion):
    ask = "ask_replay"
    common = staticmethod(games.replay_deal)


_TRIBUTE_REQUEST, _TRIBUTE_ANSWER = games.documented("tribute")  # Guandan's (its adapter's)
_BIDDING_REQUEST, _BIDDING_ANSWER = games.documented("bidding")  # Dou Dizhu's


class TributeValidateView(RefereeQuestion):
    @extend_schema(
        summary="Check tributes and returns, anti-tribute, and who leads (G7)",
        request=_TRIBUTE_REQUEST,
        responses={200: _TRIBUTE_ANSWER, **problems(400)},
        examples=games.examples("tribute"),
        tags=["referee"],
    )
    def post(self, request):
        named = referee_game(games.game_code(request.data))
        serializer = games.tribute_request(named)  # a game with no tribute: 400 (G7 is Guandan's)
        data = lean.validated(serializer, request.data)
        game, profile = games.named_profile(data)
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
        return Response(body)  # the tribute answer's shape (TributeVerdictSerializer)


class BiddingValidateView(RefereeQuestion):
    @extend_schema(
        summary="Check a Dou Dizhu bidding: landlord, bid and the farmers' bomb allowances (D2, D3)",
        request=_BIDDING_REQUEST,
        responses={200: _BIDDING_ANSWER, **problems(400)},
        examples=games.examples("bidding"),
        tags=["referee"],
    )
    def post(self, request):
        return Response(games.check_bidding(request.data))


# Each question's input check is compiled when the views load, not by the first request to ask it.
for _adapter in adapters():
    if _adapter.referee is not None:
        for _serializer in (_adapter.referee.play_request, _adapter.referee.replay_request):
            lean.shape(_serializer)
        for _own in (_adapter.referee.bidding_request, _adapter.referee.tribute_request):
            if _own is not None:
                lean.shape(_own)


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
        examples=[OpenApiExample("standard", value=games.ruleset_example(), response_only=True)],
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
