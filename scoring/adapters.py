"""The Django side of each game: one ``GameAdapter`` per game, registered under the game's code
(docs/index.md "One game interface").

The engine's ``Game`` (``engine/registry.py``) says what the rules are; a game's adapter says how the
service speaks them: the serializers of its deal body (a post and a correction) and of its match
state, its referee questions on the wire, and its rules in short sentences for a score sheet. The
adapters themselves live in the ``adapters`` package (one module per game), which stands above every
app it draws on and registers them at start-up (``adapters.apps``); this module is the registry the
apps read, so nothing outside the engine and the adapters keeps a table keyed by a game's code or
asks which game it holds (tests/test_game_keys.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rest_framework import serializers

from engine.errors import BadInput
from engine.forms import DealForm
from engine.game import Game
from engine.registry import get_game

Serializer = type[serializers.Serializer]


@dataclass(frozen=True, kw_only=True)
class RefereeWire:
    """A game's referee questions on the wire (docs/referee.md): each question's request serializer
    and its answer's documented one. ``ask_play``/``ask_replay`` answer a question the game's own way
    (``(request, data) -> Response``); None: the common path of ``referee.api.games``, which checks
    the shape, picks the profile and writes the engine's verdict."""

    play_request: Serializer
    play_answer: Serializer
    replay_request: Serializer
    replay_answer: Serializer
    bidding_request: Serializer | None = None
    bidding_answer: Serializer | None = None
    #: ``tributes/validate`` (G7 tribute and return): the games that have one (Guandan).
    tribute_request: Serializer | None = None
    tribute_answer: Serializer | None = None
    ask_play: Callable[..., Any] | None = None
    ask_replay: Callable[..., Any] | None = None
    #: The game's OpenAPI examples of each question (``play``, ``replay``, ``tribute``, ``bidding``):
    #: the document lists every game's, in the adapters' order (``referee.api.games.examples``).
    examples: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class GameAdapter:
    """How the service speaks one game (see the module's docstring)."""

    game: Game
    #: ``POST /matches/{id}/deals/`` (and ``/sync``'s deal item) and ``PUT …/deals/{number}``.
    deal_input: Serializer
    deal_correction: Serializer
    #: The match state a deal's answer and a match's answer carry, as the OpenAPI document shows it.
    match_state: Serializer
    #: The rules of an event's profile in short sentences, for the foot of a score sheet (None: none yet).
    rules_summary: Callable[[Any], list[str]] | None = None
    #: The game's referee questions (None: it has none yet).
    referee: RefereeWire | None = None

    @property
    def code(self) -> str:
        return self.game.code

    def deal_form(self, profile: Any, state: Any) -> DealForm:
        """The form of the next deal (engine/forms.py), which the table app renders: the game's
        scoresheet describes it from the match so far (``MatchSheet.deal_form``)."""
        sheet = self.game.match_sheet
        if sheet is None:
            raise BadInput("not_supported", f"{self.game.name} keeps no matches yet.", field="game")
        return sheet.deal_form(profile, state)


_ADAPTERS: dict[str, GameAdapter] = {}


def register(entry: GameAdapter) -> None:
    """Register a game's adapter under its code (once: ``adapters.apps`` at start-up)."""
    if entry.code in _ADAPTERS and _ADAPTERS[entry.code] is not entry:
        raise ValueError(f"a second adapter for {entry.code!r}")
    _ADAPTERS[entry.code] = entry


def adapter(code: str) -> GameAdapter:
    """The adapter of the game of ``code`` (an event's ``game``, a question's): a ``BadInput``
    ``not_supported`` at ``game`` for a registered engine the service does not speak yet."""
    found = _ADAPTERS.get(code)
    if found is None:
        game = get_game(code, pending=True)  # an unknown code: ``unknown_game``
        raise BadInput("not_supported", f"{game.name} is not served yet.", field="game")
    return found


def adapters() -> tuple[GameAdapter, ...]:
    """Every registered adapter, in the order they were registered (the OpenAPI document's)."""
    return tuple(_ADAPTERS.values())


def missing(codes: tuple[str, ...]) -> list[str]:
    """The codes among ``codes`` with no adapter (the start-up check: every game in service has one)."""
    return [code for code in codes if code not in _ADAPTERS]
