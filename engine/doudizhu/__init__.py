"""Four-player Dou Dizhu 斗地主 with two decks (docs/rules/doudizhu.md D1-D9): registered as game
``doudizhu4``.

In service for events: each player enters alone (``team_size=1``) and a match is a table of four
kept on ``SHEET`` (D10; docs/events.md "Tables of four").
"""

from engine.doudizhu.bidding import check_bidding
from engine.doudizhu.deal import replay_deal
from engine.doudizhu.play import DECKS, HAND_SIZE, validate_play
from engine.doudizhu.profiles import BUILTIN, STANDARD
from engine.doudizhu.readings import reading_to_dict
from engine.doudizhu.scoring import score_deal
from engine.doudizhu.sheet import SHEET
from engine.game import Game

GAME = Game(
    code="doudizhu4",
    name="Four-player Dou Dizhu 斗地主",
    profiles=BUILTIN,
    default_profile=STANDARD.key,
    validate_play=validate_play,
    replay_deal=replay_deal,
    check_bidding=check_bidding,
    score_deal=score_deal,
    reading_to_dict=reading_to_dict,
    decks=DECKS,
    hand_size=HAND_SIZE,
    match_sheet=SHEET,
    team_size=1,
)
