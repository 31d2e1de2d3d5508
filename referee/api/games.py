"""The referee questions of every game, through the game adapters (docs/referee.md).

A question names its game with ``game`` in the body; without it, it is the registry's
``DEFAULT_GAME``'s (Guandan). ``asked`` finds the registry's ``Game`` (``referee_game``: every
registered engine answers the stateless questions, in service for events or not) and its adapter's
``RefereeWire`` (scoring.adapters): the request serializer of each question, the answer's
documented serializer, and, where the game has its own path (Guandan's lean one), how it asks.
Otherwise this module asks: nothing here knows a rule: the engine's ``validate_play``,
``replay_deal`` and ``check_bidding`` take the question's members as keyword arguments (their names
are the wire names), and their verdicts write themselves (``to_dict``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, overload

from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers
from rest_framework.exceptions import ValidationError

from core.fast import lean
from core.fields import EXPECTED
from core.problems import engine_message
from core.schema_extensions import AnyOfProxySerializer
from engine.errors import BadInput
from engine.game import Game
from engine.plays import PlayVerdict
from engine.registry import DEFAULT_GAME, all_profiles, referee_game
from scoring.adapters import RefereeWire, adapter, adapters

_QUESTION = ("game", "ruleset", "rules")  # the members that pick the engine, not the engine's arguments


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


def asked(data: Any) -> tuple[Game, RefereeWire]:
    """The game a question names and its adapter's wire (a 400 at ``game`` for an unknown game, or
    one with no referee questions yet)."""
    game = referee_game(game_code(data))  # an unknown code: a 400 at ``game``
    wire_entry = adapter(game.code).referee
    if wire_entry is None:  # registered, but with no wire entry yet
        raise BadInput("not_supported", f"{game.name} has no referee questions yet.", field="game")
    return game, wire_entry


def named_profile(data: dict, asked: Game | None = None) -> tuple[Game, Any]:
    """The game and rule profile a Guandan-shaped question names by its ``ruleset``
    (``guandan-standard`` by default) and ``rules``; with ``asked``, the game whose question it is,
    a ruleset of another game is refused (its questions have another shape: ``400 unknown_ruleset``)."""
    key = data.get("ruleset") or "guandan-standard"
    found = all_profiles().get(key)
    if found is None:
        raise BadInput("unknown_ruleset", f"Unknown ruleset {key!r}.", field="ruleset")
    game, _ = found
    if asked is not None and game is not asked:
        raise BadInput(
            "unknown_ruleset",
            f"{key!r} is a ruleset of {game.name}, not of {asked.name}: name its game in `game`.",
            field="ruleset",
        )
    return game, game.profile(key, data.get("rules") or None)


def _with_bidding() -> list[tuple[Game, RefereeWire]]:
    return [
        (entry.game, entry.referee)
        for entry in adapters()
        if entry.referee is not None and entry.referee.bidding_request is not None
    ]


def bidding_game() -> str:
    """The game of a bidding question that names none: the first game with a bidding (Dou Dizhu)."""
    return _with_bidding()[0][0].code


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


def validate_play(game: Game, wire_entry: RefereeWire, data: Any) -> dict[str, Any]:
    """``plays/validate`` for ``game``: the verdict's wire form, readings in the game's own."""
    profile, verdict = _ask(game, wire_entry.play_request, data, game.validate_play)
    if isinstance(verdict, PlayVerdict):
        assert game.reading_to_dict is not None
        return _answer(game, profile, verdict.to_dict(game.reading_to_dict))
    return _answer(game, profile, verdict.to_dict())


def replay_deal(game: Game, wire_entry: RefereeWire, data: Any) -> dict[str, Any]:
    """``deals/replay`` for ``game``."""
    profile, replay = _ask(game, wire_entry.replay_request, data, game.replay_deal)
    return _answer(game, profile, replay.to_dict())


def check_bidding(data: Any) -> dict[str, Any]:
    """``bidding/validate``: the games with a bidding (Dou Dizhu, the default)."""
    game = referee_game(game_code(data, default=bidding_game()))
    wire_entry = adapter(game.code).referee if game.code in served() else None
    if game.check_bidding is None or wire_entry is None or wire_entry.bidding_request is None:
        raise BadInput("not_supported", f"{game.name} has no bidding.", field="game")
    profile, verdict = _ask(game, wire_entry.bidding_request, data, game.check_bidding)
    return _answer(game, profile, verdict.to_dict())


def tribute_request(game: Game) -> type[serializers.Serializer]:
    """The request serializer of ``game``'s tribute question (G7 is Guandan's): a 400
    ``not_supported`` at ``game`` for a game with none."""
    wire_entry = adapter(game.code).referee if game.code in served() else None
    if game.validate_tributes is None or wire_entry is None or wire_entry.tribute_request is None:
        raise BadInput("not_supported", f"{game.name} has no tribute.", field="game")
    return wire_entry.tribute_request


def documented(question: str) -> tuple[type[serializers.Serializer], type[serializers.Serializer]]:
    """The request and answer serializers of a question only some games ask (``tribute``,
    ``bidding``), as the OpenAPI document shows them: those of the first adapter that asks it."""
    for entry in adapters():
        request = getattr(entry.referee, f"{question}_request", None)
        if request is not None:
            return request, getattr(entry.referee, f"{question}_answer")
    raise LookupError(f"no game adapter asks the {question} question")


def examples(question: str) -> list[Any]:
    """Every game's OpenAPI examples of ``question`` (``play``, ``replay``, ``tribute``, ``bidding``),
    in the adapters' order: each game's are its adapter's (``RefereeWire.examples``)."""
    return [
        example
        for entry in adapters()
        if entry.referee is not None
        for example in entry.referee.examples.get(question, ())
    ]


def ruleset_example() -> dict[str, Any]:
    """The first rule profile of the default game, as ``GET /rulesets/`` lists it (its example)."""
    game = referee_game(DEFAULT_GAME)
    key, profile = next(iter(game.profiles.items()))
    return {"key": key, "game": game.code, "name": profile.name, "settings": profile.to_dict()}


def served() -> list[str]:
    """The codes of the games with an adapter."""
    return [entry.code for entry in adapters()]


def _any_game(name: str, question: str, *, discriminated: bool) -> PolymorphicProxySerializer:
    """The OpenAPI ``oneOf`` of every game's body for one question (read from the adapters when the
    document is written)."""

    def members() -> list[tuple[str, type[serializers.Serializer]]]:
        return [
            (entry.code, getattr(entry.referee, question))
            for entry in adapters()
            if entry.referee is not None and getattr(entry.referee, question) is not None
        ]

    def by_game() -> dict[str, serializers.Serializer | type[serializers.Serializer]]:
        # A game whose questions are another's (duplicate Guandan's are Guandan's) is answered as
        # that game, under its code: each answer is listed once, under the first game that has it.
        mapping: dict[str, serializers.Serializer | type[serializers.Serializer]] = {}
        for code, serializer in members():
            if serializer not in mapping.values():
                mapping[code] = serializer
        return mapping

    if discriminated:
        return PolymorphicProxySerializer(
            component_name=name, serializers=by_game, resource_type_field_name="game"
        )
    return AnyOfProxySerializer(
        component_name=name,
        serializers=lambda: [serializer for _, serializer in members()],
        resource_type_field_name=None,
    )


# The OpenAPI document of each question: a request body per game (``game`` omitted is Guandan, so
# no discriminator: an ``anyOf``), an answer per game told apart by ``game``.
PLAY_REQUEST = _any_game("PlayQuestion", "play_request", discriminated=False)
PLAY_ANSWER = _any_game("PlayAnswer", "play_answer", discriminated=True)
REPLAY_REQUEST = _any_game("ReplayQuestion", "replay_request", discriminated=False)
REPLAY_ANSWER = _any_game("ReplayAnswer", "replay_answer", discriminated=True)
