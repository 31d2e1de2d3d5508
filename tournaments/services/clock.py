"""The round clock (docs/events.md "The round clock"): the staff start, pause and extend the time
limit the rules give a round's matches (G8 ``time_limit`` / ``time_or_deals``). One clock per
round: every table of a round starts together, as the sources' events call "开始" for the hall.

Each write locks the round and saves only the clock's columns (and ``updated_at``); the audit log
keeps the round's change. What the clock shows is ``tournaments.clock``.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from core.errors import Conflict
from tournaments.changes import changed
from tournaments.clock import (
    EXTENDED_MAX_MINUTES,
    PAUSED,
    RUNNING,
    clock_state,
    time_limit_minutes,
)
from tournaments.models import Round, RoundStatus
from tournaments.services.rounds import lock_round, require_status


def _save(round_: Round, *names: str) -> Round:
    round_.save(update_fields=[*names, "updated_at"])
    changed(round_.event_id)
    return round_


@transaction.atomic
def clock_start(*, round_: Round) -> Round:
    """Start the clock of a published round, or resume it after a pause."""
    round_ = lock_round(round_)
    require_status(round_, RoundStatus.PUBLISHED)
    now = timezone.now()
    state = clock_state(round_)
    if state == RUNNING:
        raise Conflict(f"The clock of round {round_.number} is running.", "clock_running")
    if state == PAUSED:
        assert round_.clock_paused_at is not None
        round_.clock_paused_seconds += int((now - round_.clock_paused_at).total_seconds())
        round_.clock_paused_at = None
        return _save(round_, "clock_paused_seconds", "clock_paused_at")
    round_.clock_started_at = now
    return _save(round_, "clock_started_at")


@transaction.atomic
def clock_pause(*, round_: Round) -> Round:
    """Stop the clock of a running round (a hall-wide interruption); ``clock_start`` resumes it."""
    round_ = lock_round(round_)
    require_status(round_, RoundStatus.PUBLISHED)
    if clock_state(round_) != RUNNING:
        raise Conflict(f"The clock of round {round_.number} is not running.", "clock_not_running")
    round_.clock_paused_at = timezone.now()
    return _save(round_, "clock_paused_at")


@transaction.atomic
def clock_extend(*, round_: Round, minutes: int) -> Round:
    """Add ``minutes`` to the round's time limit, whatever the clock's state (not a closed round's)."""
    round_ = lock_round(round_)
    require_status(round_, RoundStatus.DRAFT, RoundStatus.PUBLISHED)
    if time_limit_minutes(round_) is None:
        raise Conflict(
            "The event's match format has no time limit (G8): there is no clock to extend.",
            "no_time_limit",
        )
    if round_.clock_extended_minutes + minutes > EXTENDED_MAX_MINUTES:
        raise Conflict(
            f"The clock of round {round_.number} is extended by {round_.clock_extended_minutes} minutes;"
            f" {EXTENDED_MAX_MINUTES} in all is the most.",
            "clock_extension_limit",
        )
    round_.clock_extended_minutes += minutes
    return _save(round_, "clock_extended_minutes")
