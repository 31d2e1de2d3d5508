"""Rules engines, one package per game, behind one registry. Pure Python: no Django here."""

from referee.games.registry import Game, all_profiles, game_codes, get_game, register

__all__ = ["Game", "all_profiles", "game_codes", "get_game", "register"]
