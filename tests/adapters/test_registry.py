"""One adapter per game, registered under the game's code (scoring.adapters, docs/index.md "One game
interface"): every game in service has one, the registry refuses a second, and an engine the
service does not speak yet is a clear 400 at ``game``."""

from __future__ import annotations

import dataclasses

import pytest

from engine.errors import BadInput
from engine.registry import GAMES, game_codes
from scoring import adapters as registry


def test_every_game_in_service_has_its_adapter_under_its_code():
    assert registry.missing(game_codes()) == []
    for code in game_codes():
        entry = registry.adapter(code)
        assert entry.code == code and entry.game is GAMES[code]


def test_the_registry_refuses_a_second_adapter_for_a_game():
    first = registry.adapters()[0]
    registry.register(first)  # the same one again: start-up ran twice, nothing changes
    with pytest.raises(ValueError, match=first.code):
        registry.register(dataclasses.replace(first))


def test_a_game_without_an_adapter_is_not_supported_at_game(monkeypatch):
    monkeypatch.setattr(registry, "_ADAPTERS", {})
    with pytest.raises(BadInput) as refused:
        registry.adapter(next(iter(GAMES)))
    assert (refused.value.code, refused.value.field) == ("not_supported", "game")


def test_an_unknown_game_is_unknown():
    with pytest.raises(BadInput) as refused:
        registry.adapter("chess")
    assert refused.value.code == "unknown_game"


def test_each_adapter_carries_its_deal_bodies_and_state_and_wire():
    for entry in registry.adapters():
        assert entry.deal_input is not entry.deal_correction
        assert issubclass(entry.deal_correction, entry.deal_input)  # a correction is a deal body, and why
        assert "number" in entry.deal_input().fields and "note" in entry.deal_correction().fields
        assert entry.match_state is not None
        assert entry.referee is not None and entry.referee.play_request and entry.referee.replay_answer
