"""The rules questions at a dispute, as the referee's desk asks them (docs/desk.md, docs/referee.md):
the form of the event's game's play question read from the game's own wire serializer
(``scoring.adapters``: its ``RefereeWire.play_request``), so every game the referee questions cover
gets its form and no game is named here; the cards as the pack's codes, the level card and the wild
cards marked as the engine says (``Game.wild_cards``).

A list of cards becomes a card picker, a list of plays a list of pickers, ``level`` a choice of
ranks; the question's game and rule profile are the event's. The other questions (replaying a
deal, checking a tribute and its return, a bidding) take the game's own body as JSON, with the
event's game and profile filled in; each is offered where the game has it.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from core.fields import StrictCharField
from engine.cards import RANK_CODES
from engine.forms import card_choices
from scoring.adapters import adapter
from tournaments.models import Event

#: What the page sets itself: the game and its profile are the event's.
_SET_BY_PAGE = ("game", "ruleset", "rules")
#: The question's members in the referee's words (the wire names of docs/referee.md).
FIELD_LABELS = {
    "cards": _("Cards played"),
    "previous": _("The play on the table"),
    "hand": _("The player's hand"),
    "trick": _("The trick so far"),
    "others": _("The other players' cards"),
    "level": _("Level"),
    "trump": _("Trump suit"),
}


def _field(name: str, field: serializers.Field) -> dict[str, Any] | None:
    label = str(FIELD_LABELS.get(name, name))
    base = {
        "name": name,
        "label": label,
        "required": bool(field.required),
        "help": str(field.help_text or ""),
    }
    if isinstance(field, serializers.ListField):
        if isinstance(field.child, serializers.ListField):
            return {**base, "kind": "plays"}
        return {**base, "kind": "cards"}
    if name == "level":
        return {**base, "kind": "level"}
    if isinstance(field, StrictCharField):
        return {**base, "kind": "text"}
    return None  # a nested reading (a declared combination): optional, left to the engine's readings


def play_form(event: Event) -> list[dict[str, Any]]:
    """The members of the event's game's play question, as the desk's form shows them."""
    wire = adapter(event.game).referee
    if wire is None:
        return []
    request = wire.play_request()
    found = (_field(name, field) for name, field in request.fields.items() if name not in _SET_BY_PAGE)
    return [spec for spec in found if spec is not None]


def question_context(event: Event) -> dict[str, Any]:
    """What the questions page hands its script: the game and profile, the play form, the cards,
    the levels with the wild cards at each, and which other questions the game has."""
    entry = adapter(event.game)
    game = entry.game
    body: dict[str, Any] = {"game": game.code, "ruleset": event.ruleset}
    if event.rule_overrides:
        body["rules"] = event.rule_overrides
    return {
        "game": game.code,
        "game_name": game.name,
        "base": body,
        "play": play_form(event),
        "cards": [{"code": choice.value, "label": gettext(choice.label)} for choice in card_choices()],
        "levels": [
            {
                "code": code,
                "rank": rank,
                "label": "10" if code == "T" else code,
                "wilds": sorted(game.wild_cards(rank)),
            }
            for rank, code in RANK_CODES.items()
        ],
        "wilds": sorted(game.wild_cards(None)),
        "asks": entry.referee is not None,
        "tributes": game.validate_tributes is not None,
        "bidding": entry.referee is not None and entry.referee.bidding_request is not None,
    }
