"""Daguai Luzi 大怪路子 (docs/rules/daguai.md K1-K7): registered as game ``daguai``.

In service for events: a team is a ``Pair`` of three players (``team_size=3``) and a match is
kept deal by deal on its scoresheet (``engine.daguai.sheet``, K5-K7).
"""

from engine.daguai.deal import replay_deal
from engine.daguai.form import SEATS
from engine.daguai.play import validate_play
from engine.daguai.profiles import BUILTIN, STANDARD
from engine.daguai.readings import reading_to_dict, wild_codes
from engine.daguai.seats import TEAM_SIZE
from engine.daguai.sheet import SHEET
from engine.daguai.violations import ViolationCode
from engine.game import EventScoring, Game

GAME = Game(
    code="daguai",
    name="Daguai Luzi 大怪路子",
    profiles=BUILTIN,
    default_profile=STANDARD.key,
    validate_play=validate_play,
    replay_deal=replay_deal,
    reading_to_dict=reading_to_dict,
    match_sheet=SHEET,
    wild_cards=wild_codes,
    team_size=TEAM_SIZE,
    seats=SEATS,  # K1: seats 1-6, team A (the match's NS side) at 1, 3, 5
    # K7: match points by win, draw or loss, then net points (the level points of ``net_points``),
    # first-outs, progressive score, progressive score without the first round(s), and lots.
    scoring=EventScoring(
        match_points="win_draw_loss",
        level_points="net_points",
        tiebreaks=(
            "level_points",
            "first_places",
            "progressive",
            "progressive_cut1",
            "progressive_cut2",
            "lots",
        ),
    ),
    codes=(ViolationCode,),
)
