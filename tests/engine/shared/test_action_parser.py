"""The shared prelude of a deal's action (engine.plays.action_parser): every game reads a
seat and a pass the same way, and refuses a non-object with the same code at the same field."""

from __future__ import annotations

import pytest

from engine.daguai import deal as daguai
from engine.doudizhu import deal as doudizhu
from engine.errors import BadInput
from engine.guandan import deal as guandan

GAMES = {"guandan": guandan, "doudizhu": doudizhu, "daguai": daguai}
SEAT = {"guandan": "N", "doudizhu": "E", "daguai": "2"}  # a seat of each game (Daguai's are 1-6)


@pytest.mark.parametrize("game", GAMES)
def test_an_action_that_is_not_an_object_is_invalid_action_at_its_field(game):
    with pytest.raises(BadInput) as caught:
        GAMES[game].parse_action(["N", "pass"], field="plays[2]")
    assert (caught.value.code, caught.value.field) == ("invalid_action", "plays[2]")


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_seat_is_refused_at_the_seat_field(game):
    with pytest.raises(BadInput) as caught:
        GAMES[game].parse_action({"seat": "X", "pass": True}, field="plays[0]")
    assert caught.value.field == "plays[0].seat"


@pytest.mark.parametrize("game", GAMES)
def test_a_plain_pass_is_the_seat_s_one_pass_value(game):
    module = GAMES[game]
    first = module.parse_action({"seat": SEAT[game], "pass": True})
    assert first.is_pass and first is module.parse_action({"seat": SEAT[game], "pass": True})


@pytest.mark.parametrize("game", GAMES)
def test_an_action_passes_through(game):
    module = GAMES[game]
    action = module.parse_action({"seat": SEAT[game], "pass": True})
    assert module.parse_action(action) is action
