"""Duplicate Guandan 复式掼蛋 (docs/duplicate.md): registered as game ``guandan_duplicate``.

The play is Guandan's (G1-G5); every table of a round plays the same deals of a deal set, each
deal alone (no tribute, no level change) and scored by its finishing order, then compared with
every other table's result on it (matchpoints or the difference scale). The deal sets
(``dealing``, ``importing``), the field comparison (``scoring``), teams of four (``teams``) and the
individual events' draw (``individual``) are pure functions the service calls.
"""

from typing import Any

from engine.duplicate.profiles import BUILTIN, STANDARD, DuplicateProfile
from engine.duplicate.sheet import SHEET
from engine.game import EventScoring, Game
from engine.guandan.combinations import validate_play
from engine.guandan.deal import replay_deal
from engine.guandan.readings import reading_to_dict


def _validate_play(*cards: Any, profile: DuplicateProfile = STANDARD, **question: Any) -> Any:
    """Guandan's question (G3, G4), judged by the event's play rules (``play_rules``)."""
    return validate_play(*cards, **question, profile=profile.play_rules())


def _replay_deal(*, profile: DuplicateProfile = STANDARD, **question: Any) -> Any:
    """Guandan's replay of a deal (G5), judged by the event's play rules."""
    return replay_deal(**question, profile=profile.play_rules())


GAME = Game(
    code="guandan_duplicate",
    name="Duplicate Guandan 复式掼蛋",
    profiles=BUILTIN,
    default_profile=STANDARD.key,
    validate_play=_validate_play,
    replay_deal=_replay_deal,
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
