"""Shuangkou 双扣, the 80-point trick-taking game with trumps and tractors (docs/rules/shuangkou.md S1-S11):
registered as game ``shuangkou``.

In service: events of Shuangkou keep their matches on the game's scoresheet (``sheet.SHEET``:
the short or the whole form of each deal, docs/rules/shuangkou.md "Scorekeeping").
"""

from engine.game import LEVEL_SCORING, Game
from engine.shuangkou.deal import replay_deal
from engine.shuangkou.play import validate_play
from engine.shuangkou.profiles import BUILTIN, STANDARD
from engine.shuangkou.questions import shape_to_dict
from engine.shuangkou.sheet import SHEET
from engine.shuangkou.violations import ViolationCode

GAME = Game(
    code="shuangkou",
    name="Shuangkou 双扣",
    profiles=BUILTIN,
    default_profile=STANDARD.key,
    validate_play=validate_play,
    replay_deal=replay_deal,
    reading_to_dict=shape_to_dict,
    match_sheet=SHEET,
    # Its events rank as Guandan's do (docs/scoring.md "Defaults by game").
    scoring=LEVEL_SCORING,
    codes=(ViolationCode,),
)
