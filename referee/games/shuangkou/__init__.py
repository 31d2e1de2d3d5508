"""Shuangkou 双扣, the 80-point trick-taking game with trumps and tractors (docs/rules/shuangkou.md S1-S11):
registered as game ``shuangkou``.

Registered with ``in_service=False``: the engine answers every referee question, and the API
and the event models offer the game once they are wired to it (referee/games/registry.py).
"""

from referee.games.game import Game
from referee.games.shuangkou.cards import DECKS, HAND_SIZE
from referee.games.shuangkou.deal import replay_deal
from referee.games.shuangkou.levels import score_deal
from referee.games.shuangkou.play import validate_play
from referee.games.shuangkou.profiles import BUILTIN, STANDARD
from referee.games.shuangkou.questions import check_declarations, shape_to_dict

GAME = Game(
    code="shuangkou",
    name="Shuangkou 双扣",
    profiles=BUILTIN,
    default_profile=STANDARD.key,
    validate_play=validate_play,
    replay_deal=replay_deal,
    score_deal=score_deal,
    check_declarations=check_declarations,
    reading_to_dict=shape_to_dict,
    decks=DECKS,
    hand_size=HAND_SIZE,
    in_service=False,
)
