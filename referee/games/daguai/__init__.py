"""Daguai Luzi 大怪路子 (docs/rules/daguai.md K1-K7): registered as game ``daguai``.

Registered with ``in_service=False``: the engine answers every referee question, and the API
and the event models offer the game once they are wired to it (referee/games/registry.py).
"""

from referee.games.daguai.deal import replay_deal
from referee.games.daguai.play import DECKS, HAND_SIZE, validate_play
from referee.games.daguai.profiles import BUILTIN, STANDARD
from referee.games.daguai.readings import reading_to_dict
from referee.games.daguai.scoring import daguai_deal
from referee.games.daguai.seats import SEATS
from referee.games.game import Game

GAME = Game(
    code="daguai",
    name="Daguai Luzi 大怪路子",
    profiles=BUILTIN,
    default_profile=STANDARD.key,
    validate_play=validate_play,
    replay_deal=replay_deal,
    score_deal=daguai_deal,
    reading_to_dict=reading_to_dict,
    seats=tuple(seat.value for seat in SEATS),
    players=len(SEATS),
    decks=DECKS,
    hand_size=HAND_SIZE,
    in_service=False,
)
