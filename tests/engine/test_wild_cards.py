"""Which cards a game's engine calls wild (``Game.wild_cards``: what the referee's card picker marks,
issue 34): Guandan's two heart level cards (G2, 逢人配), Daguai's jokers at every level, and none in
the games without wild cards."""

from __future__ import annotations

import pytest

from engine.cards import RANK_CODES
from engine.daguai import GAME as DAGUAI
from engine.doudizhu import GAME as DOUDIZHU
from engine.guandan import GAME as GUANDAN
from engine.guandan.cards import parse_card
from engine.shuangkou import GAME as SHUANGKOU


@pytest.mark.parametrize("level", sorted(RANK_CODES))
def test_g2_the_heart_level_card_is_guandans_one_wild_card(level):
    (code,) = GUANDAN.wild_cards(level)
    assert parse_card(code).is_wild(level) and code == f"H{RANK_CODES[level]}"


def test_g2_guandan_has_no_wild_card_without_a_level():
    assert GUANDAN.wild_cards(None) == frozenset()


@pytest.mark.parametrize("level", [None, 2, 14])
def test_k_daguais_jokers_are_wild_at_every_level(level):
    assert DAGUAI.wild_cards(level) == {"BJ", "RJ"}


@pytest.mark.parametrize("game", [DOUDIZHU, SHUANGKOU])
def test_games_without_wild_cards_mark_none(game):
    assert all(game.wild_cards(level) == frozenset() for level in [None, *RANK_CODES])
