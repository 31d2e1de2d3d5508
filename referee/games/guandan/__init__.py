"""Guandan 掼蛋 (docs/rules/guandan.md G1-G12): registered as game ``guandan``."""

from referee.games.game import Game
from referee.games.guandan.cards import HAND_SIZE
from referee.games.guandan.combinations import validate_play
from referee.games.guandan.deal import replay_deal
from referee.games.guandan.profiles import BUILTIN, STANDARD
from referee.games.guandan.readings import reading_to_dict
from referee.games.guandan.tribute import validate_tributes

GAME = Game(
    code="guandan",
    name="Guandan 掼蛋",
    profiles=BUILTIN,
    default_profile=STANDARD.key,
    validate_play=validate_play,
    replay_deal=replay_deal,
    validate_tributes=validate_tributes,
    reading_to_dict=reading_to_dict,
    hand_size=HAND_SIZE,
)
