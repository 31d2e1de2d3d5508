"""Four-player Dou Dizhu 斗地主 with two decks (docs/rules/doudizhu.md D1-D9): registered as game
``doudizhu4``.

Registered with ``in_service=False``: the engine answers every referee question, and the API
and the event models offer the game once they are wired to it (referee/games/registry.py).
"""

from referee.games.doudizhu.bidding import check_bidding
from referee.games.doudizhu.deal import replay_deal
from referee.games.doudizhu.play import DECKS, HAND_SIZE, validate_play
from referee.games.doudizhu.profiles import BUILTIN, STANDARD
from referee.games.doudizhu.readings import reading_to_dict
from referee.games.doudizhu.scoring import score_deal
from referee.games.game import Game

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
    in_service=False,
)
