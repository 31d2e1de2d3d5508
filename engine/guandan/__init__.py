"""Guandan 掼蛋 (docs/rules/guandan.md G1-G12): registered as game ``guandan``."""

from engine.game import LEVEL_SCORING, Game
from engine.guandan.cards import wild_codes
from engine.guandan.combinations import validate_play
from engine.guandan.deal import replay_deal
from engine.guandan.profiles import BUILTIN, STANDARD
from engine.guandan.readings import reading_to_dict
from engine.guandan.scoresheet import SHEET
from engine.guandan.tribute import validate_tributes

GAME = Game(
    code="guandan",
    name="Guandan 掼蛋",
    profiles=BUILTIN,
    default_profile=STANDARD.key,
    validate_play=validate_play,
    replay_deal=replay_deal,
    validate_tributes=validate_tributes,
    reading_to_dict=reading_to_dict,
    scoring=LEVEL_SCORING,
    match_sheet=SHEET,
    wild_cards=wild_codes,
)
