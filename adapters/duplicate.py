"""Duplicate Guandan's adapter (docs/duplicate.md): its deal body is the sheet's own (the finishing
order, and the hands, leader, plays, level and board a table may add), checked against the round's
deal set; its referee questions are Guandan's questions and answers, judged by the event's play
rules (engine/duplicate/__init__.py), on the common path of referee.api.games."""

from __future__ import annotations

from rest_framework.response import Response

from adapters.common import open_body
from adapters.guandan import answers
from adapters.guandan.wire import (
    DealReplayRequest,
    DealReplaySerializer,
    PlayValidateRequest,
    PlayVerdictSerializer,
)
from core.fast import lean
from engine import duplicate
from engine.guandan.readings import reading_to_dict
from referee.api.serializers import enum
from scoring.adapters import GameAdapter, RefereeWire

CODE = duplicate.GAME.code
STATE = "A duplicate Guandan table's match state (docs/duplicate.md)."


class DuplicatePlayValidate(PlayValidateRequest):
    game = enum([CODE], max_length=32, help_text=f"The game: {CODE}.")


class DuplicatePlayVerdictSerializer(PlayVerdictSerializer):
    game = enum([CODE])


class DuplicateDealReplay(DealReplayRequest):
    game = enum([CODE], max_length=32, help_text=f"The game: {CODE}.")


class DuplicateReplaySerializer(DealReplaySerializer):
    game = enum([CODE])


def _profile(data: dict) -> object:
    return duplicate.GAME.profile(data.get("ruleset"), data.get("rules") or None)


def validate_play(request, raw) -> Response:
    """``plays/validate`` of a duplicate event's play (G3, G4): Guandan's verdict and answer."""
    data = lean.validated(DuplicatePlayValidate, raw)
    profile = _profile(data)
    verdict = duplicate.GAME.validate_play(
        data["cards"],
        level=data["level"],
        previous=data["previous"],
        declared=data["declared"],
        previous_declared=data["previous_declared"],
        profile=profile,
    )
    body = {"game": CODE, "ruleset": profile.key, **verdict.to_dict(reading_to_dict)}  # type: ignore[attr-defined]
    if verdict.reason is not None:
        body["reason"] = answers.reason(str(verdict.reason), verdict.detail)
    return Response(body)


def replay_deal(request, raw) -> Response:
    """``deals/replay`` of a duplicate deal (G5): Guandan's replay, answered in its shape."""
    data = lean.validated(DuplicateDealReplay, raw)
    profile = _profile(data)
    replay = duplicate.GAME.replay_deal(
        level=data["level"], hands=data["hands"], leader=data["leader"], plays=data["plays"], profile=profile
    )
    return Response({**answers.replay_body(profile.key, replay), "game": CODE})  # type: ignore[attr-defined]


ADAPTER = GameAdapter(
    game=duplicate.GAME,
    **open_body("DuplicateGuandanState", STATE),
    referee=RefereeWire(
        play_request=DuplicatePlayValidate,
        play_answer=DuplicatePlayVerdictSerializer,
        replay_request=DuplicateDealReplay,
        replay_answer=DuplicateReplaySerializer,
        ask_play=validate_play,
        ask_replay=replay_deal,
    ),
)
