"""Rules engines, one package per game, behind one registry. Pure Python: no Django here."""

from engine.game import Game
from engine.registry import GAMES, all_profiles, game_codes, get_game

__all__ = ["GAMES", "Game", "all_profiles", "game_codes", "get_game"]
