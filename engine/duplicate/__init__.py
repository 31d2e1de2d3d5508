"""Duplicate Guandan 复式掼蛋 (docs/duplicate.md): registered as game ``guandan_duplicate``.

The play is Guandan's (G1-G5); every table of a round plays the same deals of a deal set, each
deal alone (no tribute, no level change) and scored by its finishing order, then compared with
every other table's result on it (matchpoints or the difference scale). The deal sets
(``dealing``, ``importing``), the field comparison (``scoring``), teams of four (``teams``) and the
individual events' draw (``individual``) are pure functions the service calls.
"""

from engine.duplicate.profiles import BUILTIN, STANDARD
from engine.duplicate.sheet import SHEET
from engine.game import EventScoring, Game
from engine.guandan.combinations import validate_play
from engine.guandan.deal import replay_deal
from engine.guandan.readings import reading_to_dict

GAME = Game(
    code="guandan_duplicate",
    name="Duplicate Guandan 复式掼蛋",
    profiles=BUILTIN,
    default_profile=STANDARD.key,
    validate_play=validate_play,
    replay_deal=replay_deal,
    reading_to_dict=reading_to_dict,
    match_sheet=SHEET,
    # A table's match points by its deal points (win / draw / loss); the event's standings are the
    # field comparison's (docs/duplicate.md "Standings"): the table's net deal points rank next.
    scoring=EventScoring(
        match_points="win_draw_loss",
        level_points="net_points",
        tiebreaks=("level_points", "head_to_head", "opponents_points"),
    ),
)
