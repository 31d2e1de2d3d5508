"""The referee questions of the games beside Guandan, through the game registry (docs/referee.md).

A question names its game with ``game`` in the body; without it (or with ``"guandan"``, the
registry's ``DEFAULT_GAME``) it is Guandan's, and the view takes its own lean path untouched
(``named`` returns None before anything is built). For another game, ``named`` finds the
registry's ``Game`` (``referee_game``: every registered engine answers the stateless questions, in
service for events or not) and this module's wire entry for it, which names its game's registry
entry: the request serializer of each question, the answer's documented serializer, and how the
engine's verdict is written. Nothing here knows a rule: the engine's ``validate_play``,
``replay_deal`` and ``check_bidding`` take the question's members as keyword arguments (their names
are the wire names), and their verdicts write themselves (``to_dict``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, overload

from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers
from rest_framework.exceptions import ValidationError

from core.fast import lean
from core.fields import EXPECTED
from core.problems import engine_message
from core.schema_extensions import AnyOfProxySerializer
from engine import daguai, doudizhu, shuangkou
from engine.errors import BadInput
from engine.game import Game
from engine.plays import PlayVerdict
from engine.registry import DEFAULT_GAME, referee_game
from referee.api import game_serializers as wire
from referee.api.serializers import (
    DealReplayRequest,
    DealReplaySerializer,
    PlayValidateRequest,
    PlayVerdictSerializer,
)

_QUESTION = ("game", "ruleset", "rules")  # the members that pick the engine, not the engine's arguments


@dataclass(frozen=True)
class Wire:
    """One game's questions on the wire: request and answer serializers, per question."""

    game: Game
    play_request: type[serializers.Serializer]
    play_answer: type[serializers.Serializer]
    replay_request: type[serializers.Serializer]
    replay_answer: type[serializers.Serializer]
    bidding_request: type[serializers.Serializer] | None = None
    bidding_answer: type[serializers.Serializer] | None = None


_WIRES = (
    Wire(
        doudizhu.GAME,
        wire.DoudizhuPlayRequest,
        wire.DoudizhuPlayVerdictSerializer,
        wire.DoudizhuReplayRequest,
        wire.DoudizhuReplaySerializer,
        wire.DoudizhuBiddingRequest,
        wire.DoudizhuBiddingVerdictSerializer,
    ),
    Wire(
        daguai.GAME,
        wire.DaguaiPlayRequest,
        wire.DaguaiPlayVerdictSerializer,
        wire.DaguaiReplayRequest,
        wire.DaguaiReplaySerializer,
    ),
    Wire(
        shuangkou.GAME,
        wire.ShuangkouPlayRequest,
        wire.ShuangkouPlayVerdictSerializer,
        wire.ShuangkouReplayRequest,
        wire.ShuangkouReplaySerializer,
    ),
)
#: The wire entries by game code, in the order the OpenAPI document lists the games' bodies.
WIRES: dict[str, Wire] = {entry.game.code: entry for entry in _WIRES}
#: The game of a bidding question that names none: Dou Dizhu, the first game with a bidding.
BIDDING_GAME = doudizhu.GAME.code


@overload
def game_code(data: Any, default: str = DEFAULT_GAME) -> str: ...
@overload
def game_code(data: Any, default: None) -> str | None: ...
def game_code(data: Any, default: str | None = DEFAULT_GAME) -> str | None:
    """The code of the game a question body names (``default`` when it names none)."""
    code = data.get("game") if isinstance(data, dict) else None
    if code is None:
        return default
    if type(code) is not str:
        raise ValidationError({"game": [serializers.ErrorDetail(str(EXPECTED["string"]), "invalid_type")]})
    return code


def named(data: Any) -> tuple[Game, Wire] | None:
    """The game a question names and its wire entry; None for Guandan (the view's own path)."""
    code = game_code(data)
    if code == DEFAULT_GAME:
        return None
    game = referee_game(code)  # an unknown code: a 400 at ``game``
    found = WIRES.get(game.code)
    if found is None:  # registered, but with no wire entry yet
        raise BadInput("not_supported", f"{game.name} has no referee questions yet.", field="game")
    return game, found


def localized(value: Any) -> Any:
    """Every ``{"code", "detail"}`` in an answer with its detail in the caller's language."""
    if isinstance(value, dict):
        code = value.get("code")
        if isinstance(code, str) and isinstance(value.get("detail"), str):
            value["code"] = str(code)  # an engine's code enum, as its plain value
            value["detail"] = engine_message(value["code"], value["detail"])
        for item in value.values():
            if isinstance(item, dict | list):
                localized(item)
    elif isinstance(value, list):
        for item in value:
            localized(item)
    return value


def _ask(
    game: Game, request_serializer: type[serializers.Serializer], data: Any, question: Callable[..., Any]
) -> tuple[Any, Any]:
    """Check the shape, pick the profile, ask the engine: (profile, verdict)."""
    checked = lean.validated(request_serializer, data)
    profile = game.profile(checked.get("ruleset"), checked.get("rules") or None)
    arguments = {name: value for name, value in checked.items() if name not in _QUESTION}
    return profile, question(**arguments, profile=profile)


def _answer(game: Game, profile: Any, body: dict[str, Any]) -> dict[str, Any]:
    return localized({"game": game.code, "ruleset": profile.key, **body})


def validate_play(game: Game, wire_entry: Wire, data: Any) -> dict[str, Any]:
    """``plays/validate`` for ``game``: the verdict's wire form, readings in the game's own."""
    profile, verdict = _ask(game, wire_entry.play_request, data, game.validate_play)
    if isinstance(verdict, PlayVerdict):
        assert game.reading_to_dict is not None
        return _answer(game, profile, verdict.to_dict(game.reading_to_dict))
    return _answer(game, profile, verdict.to_dict())


def replay_deal(game: Game, wire_entry: Wire, data: Any) -> dict[str, Any]:
    """``deals/replay`` for ``game``."""
    profile, replay = _ask(game, wire_entry.replay_request, data, game.replay_deal)
    return _answer(game, profile, replay.to_dict())


def check_bidding(data: Any) -> dict[str, Any]:
    """``bidding/validate``: the games with a bidding (Dou Dizhu, the default)."""
    game = referee_game(game_code(data, default=BIDDING_GAME))
    wire_entry = WIRES.get(game.code)
    if game.check_bidding is None or wire_entry is None or wire_entry.bidding_request is None:
        raise BadInput("not_supported", f"{game.name} has no bidding.", field="game")
    profile, verdict = _ask(game, wire_entry.bidding_request, data, game.check_bidding)
    return _answer(game, profile, verdict.to_dict())


def _any_game(
    name: str, guandan: type | None, question: str, *, discriminated: bool
) -> PolymorphicProxySerializer:
    """The OpenAPI ``oneOf`` of every game's body for one question."""
    members = [guandan] if guandan else []
    members += [getattr(entry, question) for entry in WIRES.values() if getattr(entry, question) is not None]
    if discriminated:
        codes = [DEFAULT_GAME] * bool(guandan) + [
            code for code, entry in WIRES.items() if getattr(entry, question)
        ]
        return PolymorphicProxySerializer(
            component_name=name,
            serializers=dict(zip(codes, members, strict=True)),
            resource_type_field_name="game",
        )
    return AnyOfProxySerializer(component_name=name, serializers=members, resource_type_field_name=None)


# The OpenAPI document of each question: a request body per game (``game`` omitted is Guandan, so
# no discriminator: an ``anyOf``), an answer per game told apart by ``game``.
PLAY_REQUEST = _any_game("PlayQuestion", PlayValidateRequest, "play_request", discriminated=False)
PLAY_ANSWER = _any_game("PlayAnswer", PlayVerdictSerializer, "play_answer", discriminated=True)
REPLAY_REQUEST = _any_game("ReplayQuestion", DealReplayRequest, "replay_request", discriminated=False)
REPLAY_ANSWER = _any_game("ReplayAnswer", DealReplaySerializer, "replay_answer", discriminated=True)
