"""Draw algorithms for tournament pairings (docs/guandan.md G11), pure Python, no Django.

``DRAW_SYSTEMS`` is the registry of draw systems: an event's draw setting is validated against
its keys (and the OpenAPI enum comes from them), so configuration and code cannot drift.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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
from tournaments.draws.swiss import (
    FIRST_ROUND_METHODS,
    SAME_UNIT_SETTINGS,
    first_round_draw,
    swiss_draw,
)
from tournaments.draws.types import Draw, DrawError, Entrant, ErrorCode, Flag, Pairing, Problem

DRAW_SYSTEMS: dict[str, Callable[..., Any]] = {
    "swiss": swiss_draw,
    "knockout": knockout_draw,
    "round_robin": berger_schedule,
}

__all__ = [
    "DRAW_SYSTEMS",
    "FIRST_ROUND_METHODS",
    "SAME_UNIT_SETTINGS",
    "Draw",
    "DrawError",
    "Entrant",
    "ErrorCode",
    "Flag",
    "Pairing",
    "Problem",
    "annotate",
    "berger_schedule",
    "bracket_order",
    "check_draw",
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
