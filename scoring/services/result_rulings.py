"""A confirmed result follows the rulings that change it (G12, docs/referees.md §3).

A result read from the posted deals is computed from the level line, and the referees' level
changes are entries of that line. When a ruling, an appeal decision or a cancellation changes them
after the result was confirmed, the official result is read again from the deals: a new version
corrects the confirmed one and is confirmed at once, naming the ruling as its ``cause`` (in the
result, its audit entry and ``result.confirmed``), so that the result and the standings follow
without anyone posting it again. The correction is the referee's who ruled, under the same rights
as one posted by hand (scoring.services.results: within the round's correction period any referee,
after it only the chief referee).

A result read off the level sheet (a referee's paper, ``source: levels``) or a forfeit is not read
from the deals: it stays as it was entered, and is corrected by hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction

from scoring.actors import Actor
from scoring.models import MatchResult, ResultSource
from scoring.selectors.matches import official_result
from scoring.services.common import content_hash, lock_match
from scoring.services.result_facts import ResultSubmission, result_facts
from scoring.services.results import result_submit
from tournaments.models import Match

#: The end reason every game's sheet gives a match the clock ended (engine.sheets ``end_reason``).
CLOCK = "time_limit"


@transaction.atomic(savepoint=False)
def result_follow_rulings(*, match: Match, actor: Actor, cause: Mapping[str, Any]) -> MatchResult | None:
    """The match's official result read again from its deals, as the rulings now leave them; a new
    confirmed version when it differs (None: nothing changed, or the result is not read from the
    deals). ``cause``: the ruling that changed them (``ruling``, ``incident``, ``change``)."""
    # Loaded again: the ruling's writes forgot the state stored with the match (sheet_store).
    match = lock_match(match)
    official = official_result(match)
    if official is None or official.source != ResultSource.DEALS:
        return None
    submission = ResultSubmission(
        # A match the clock ended is closed on time again, on the levels as they now stand (G8).
        time_up=official.end_reason == CLOCK,
        finished_at=official.finished_at,
        corrects=official.version,
        note=f"Read again from the deals: ruling {cause['ruling']} ({cause['change']}).",
        cause=dict(cause),
    )
    facts = result_facts(match, submission, actor=actor)
    if content_hash(facts.identity()) == official.content_hash:
        return None
    return result_submit(match=match, submission=submission, actor=actor, locked=True).result
