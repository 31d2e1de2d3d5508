"""The round clock as it reads (docs/events.md "The round clock"): derived from the round's
stored start, pause and extension, and the time limit the event's rules give its matches (G8
``time_limit`` / ``time_or_deals``, Shuangkou S10), read from the game's scoresheet.

The answer never depends on the moment it is read, so an ETag or a cached answer stays true: a
running clock is its ``ends_at``; a paused one its frozen ``remaining_seconds``.
"""

from __future__ import annotations

from datetime import timedelta
from typing import TypedDict

from engine import get_game
from tournaments.models import Round, StageKind


class Clock(TypedDict):
    state: str
    limit_minutes: int | None
    extended_minutes: int
    started_at: str | None
    paused_at: str | None
    paused_seconds: int
    ends_at: str | None
    remaining_seconds: int | None


NOT_STARTED, RUNNING, PAUSED = "not_started", "running", "paused"
CLOCK_STATES = (NOT_STARTED, RUNNING, PAUSED)

#: The most one extension may add (a generous evening's round), and all of them together (a day).
EXTEND_MAX_MINUTES = 240
EXTENDED_MAX_MINUTES = 24 * 60


def time_limit_minutes(round_: Round) -> int | None:
    """The minutes the rules give a match of this round; None: its format has no clock."""
    event = round_.event
    sheet = get_game(event.game).match_sheet
    if sheet is None:
        return None
    profile = event.rule_profile()
    if round_.stage.kind == StageKind.KNOCKOUT:
        profile = sheet.knockout_profile(profile)
    return sheet.time_limit_minutes(profile)


def clock_state(round_: Round) -> str:
    if round_.clock_started_at is None:
        return NOT_STARTED
    return PAUSED if round_.clock_paused_at is not None else RUNNING


def round_clock(round_: Round) -> Clock:
    """The clock of ``round_`` (read with its event and stage)."""
    minutes = time_limit_minutes(round_)
    state = clock_state(round_)
    total = None if minutes is None else (minutes + round_.clock_extended_minutes) * 60
    ends_at = remaining = None
    if total is not None:
        if state == RUNNING:
            assert round_.clock_started_at is not None
            end = round_.clock_started_at + timedelta(seconds=total + round_.clock_paused_seconds)
            ends_at = end.isoformat().replace("+00:00", "Z")
        elif state == PAUSED:
            assert round_.clock_started_at is not None and round_.clock_paused_at is not None
            ran = (round_.clock_paused_at - round_.clock_started_at).total_seconds()
            remaining = int(total - (ran - round_.clock_paused_seconds))
        else:
            remaining = total
    return {
        "state": state,
        "limit_minutes": minutes,
        "extended_minutes": round_.clock_extended_minutes,
        "started_at": _iso(round_.clock_started_at),
        "paused_at": _iso(round_.clock_paused_at),
        "paused_seconds": round_.clock_paused_seconds,
        "ends_at": ends_at,
        "remaining_seconds": remaining,
    }


def _iso(moment) -> str | None:
    return None if moment is None else moment.isoformat().replace("+00:00", "Z")
