"""What a ruling may reach of a match (G12, docs/referees.md): its level line, its result and the
standings. A ruling that reaches a closed round's results is a correction of them, under a
correction's rights; a level change enters the level line after the deals posted, and once the
match is over only where its result is read from the deals (the result follows it)."""

from __future__ import annotations

from collections.abc import Sequence

from core.errors import Conflict
from engine.penalties import SCORING_KINDS, Effect, PenaltyKind
from scoring.actors import Actor
from scoring.models import ResultSource
from scoring.selectors.matches import has_result, match_deals, match_sheet, official_result, tie_state
from scoring.services.common import require_correction_right
from tournaments.models import Match, RoundStatus


def require_ruling_right(match: Match, effects: Sequence[Effect], actor: Actor) -> None:
    """A ruling that reaches a closed round's results or standings corrects them (G12): within the
    round's correction period any referee, after it only the chief referee, as for a result."""
    if match.round.status == RoundStatus.CLOSED and any(effect.kind in SCORING_KINDS for effect in effects):
        require_correction_right(match, actor)


def level_point(match: Match, effects: Sequence[Effect]) -> int:
    """Where a level change enters the level line: after the deals posted so far. A finished match
    takes one after its last deal when its result is read from the deals (``_result_reads_the_deals``:
    its final levels move, engine.guandan.match.apply_late_level_change); otherwise rule match points.
    A game whose sheet takes no referee's entries in its levels (every game but Guandan) takes no
    level change."""
    if not match_sheet(match).takes_level_changes:
        if any(effect.kind == PenaltyKind.LEVELS for effect in effects):
            raise Conflict(
                "This game's levels follow its deals alone: rule match points instead.",
                "not_supported",
                field="effects",
            )
        return len(match_deals(match))
    tie = tie_state(match)
    levels = any(effect.kind == PenaltyKind.LEVELS for effect in effects)
    if levels and tie.finished and not _result_reads_the_deals(match):
        raise Conflict(
            "The match is over and its result is not read from its deals with the change: rule "
            "match points instead, or confirm the result waiting for confirmation first.",
            "match_over",
            field="effects",
        )
    return tie.deals_played


def _result_reads_the_deals(match: Match) -> bool:
    """Whether a level change ruled once the match is over reaches its result (G12: a hidden card
    found at the count): the official result is read from the deals (it follows the change,
    scoring.services.result_rulings), or no result was submitted yet (it will be read with it)."""
    official = official_result(match)
    if official is not None:
        return official.source == ResultSource.DEALS
    return not has_result(match)
