"""Rules engines, one package per game, behind one registry. Pure Python: no Django here."""

from engine.game import EventScoring, Game
from engine.registry import DEFAULT_GAME, GAMES, all_profiles, game_codes, get_game, setting_choices

__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "EventScoring",
    "Game",
    "all_profiles",
    "game_codes",
    "get_game",
    "setting_choices",
]
