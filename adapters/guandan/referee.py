"""Guandan's referee questions (docs/referee.md): its own lean path, no DRF serializer on the way
through (referee.api.views' docstring says why): the shape is checked by ``core.fast.lean``, the
answer is the verdict's dict, the replay's written from kept fragments (adapters.guandan.answers)."""

from __future__ import annotations

from rest_framework.response import Response

from adapters.guandan import answers
from adapters.guandan.wire import DealReplayRequest, PlayValidateRequest
from core.conditional import RenderedResponse
from core.fast import lean
from engine.guandan.readings import reading_to_dict
from referee.api.games import named_profile


def validate_play(request, raw) -> Response:
    """``plays/validate`` (G3, G4): the verdict, its readings in Guandan's wire form."""
    data = lean.validated(PlayValidateRequest, raw)
    game, profile = named_profile(data)
    verdict = game.validate_play(
        data["cards"],
        level=data["level"],
        previous=data["previous"],
        declared=data["declared"],
        previous_declared=data["previous_declared"],
        profile=profile,
    )
    body = {"game": game.code, "ruleset": profile.key, **verdict.to_dict(reading_to_dict)}
    if verdict.reason is not None:
        body["reason"] = answers.reason(str(verdict.reason), verdict.detail)
    return Response(body)  # PlayVerdictSerializer's shape (tests/referee/test_api_lean.py)


def replay_deal(request, raw) -> Response:
    """``deals/replay`` (G5): every action's verdict, the first violation, the finish."""
    data = lean.validated(DealReplayRequest, raw)
    game, profile = named_profile(data)
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
