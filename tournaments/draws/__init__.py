"""Draw algorithms for tournament pairings (docs/rules/guandan.md G11), pure Python, no Django.

``DRAW_SYSTEMS`` (``systems``) is the registry of draw systems, one class per ``DrawKind``, all
built the same way: a stage's kind is validated against its keys, the OpenAPI enum comes from
them, and ``tournaments.services.drawing.make_draw`` dispatches through it.
"""

from __future__ import annotations

from tournaments.draws.knockout import bracket_order, knockout_draw, next_knockout_round
from tournaments.draws.round_robin import berger_schedule, snake_groups
from tournaments.draws.seating import (
    annotate,
    check_draw,
    move_table,
    relaxed_of,
    seat_draw,
    swap_entrants,
    table_movement,
)
from tournaments.draws.swiss import first_round_draw, swiss_draw
from tournaments.draws.systems import (
    DRAW_SYSTEMS,
    DrawSystem,
    KnockoutSystem,
    RoundRobinSystem,
    StageHistory,
    SwissSystem,
    draw_system_choices,
)
from tournaments.draws.types import (
    Draw,
    DrawDefect,
    DrawError,
    DrawKind,
    DrawNote,
    Entrant,
    ErrorCode,
    FirstRound,
    Flag,
    Pairing,
    SameUnit,
)

__all__ = [
    "DRAW_SYSTEMS",
    "Draw",
    "DrawDefect",
    "DrawError",
    "DrawKind",
    "DrawNote",
    "DrawSystem",
    "Entrant",
    "ErrorCode",
    "FirstRound",
    "Flag",
    "KnockoutSystem",
    "Pairing",
    "RoundRobinSystem",
    "SameUnit",
    "StageHistory",
    "SwissSystem",
    "annotate",
    "berger_schedule",
    "bracket_order",
    "check_draw",
    "draw_system_choices",
    "first_round_draw",
    "knockout_draw",
    "move_table",
    "next_knockout_round",
    "relaxed_of",
    "seat_draw",
    "snake_groups",
    "swap_entrants",
    "swiss_draw",
    "table_movement",
]
