"""Daguai Luzi 大怪路子 (docs/rules/daguai.md K1-K7): registered as game ``daguai``.

In service for events: a team is a ``Pair`` of three players (``team_size=3``) and a match is
kept deal by deal on its scoresheet (``engine.daguai.sheet``, K5-K7).
"""

from engine.daguai.deal import replay_deal
from engine.daguai.play import DECKS, HAND_SIZE, validate_play
from engine.daguai.profiles import BUILTIN, STANDARD
from engine.daguai.readings import reading_to_dict
from engine.daguai.scoring import daguai_deal
from engine.daguai.seats import SEATS, TEAM_SIZE
from engine.daguai.sheet import SHEET
from engine.game import Game

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
    match_sheet=SHEET,
    team_size=TEAM_SIZE,
)
