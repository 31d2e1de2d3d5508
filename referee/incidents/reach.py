"""What a ruling may reach of a match (G12, docs/referees.md): its level line, its result and the
standings. A ruling that reaches a closed round's results is a correction of them, under a
correction's rights; a level change enters the level line after the deals posted (once the match
is over, after its last deal: the result follows it), and never reaches a forfeit."""

from __future__ import annotations

from collections.abc import Sequence

from core.errors import Conflict
from engine.penalties import SCORING_KINDS, Effect, PenaltyKind
from scoring.actors import Actor
from scoring.models import ResultSource
from scoring.selectors.matches import latest_result, match_deals, match_sheet, official_result, sheet_state
from scoring.services.common import require_correction_right
from tournaments.models import Match, RoundStatus


def require_ruling_right(match: Match, effects: Sequence[Effect], actor: Actor) -> None:
    """A ruling that reaches a closed round's results or standings corrects them (G12): within the
    round's correction period any referee, after it only the chief referee, as for a result."""
    if match.round.status == RoundStatus.CLOSED and any(effect.kind in SCORING_KINDS for effect in effects):
        require_correction_right(match, actor)


def level_point(match: Match, effects: Sequence[Effect]) -> int:
    """Where a level change enters the level line: after the deals posted so far. A finished match
    takes one after its last deal (its final levels move, the sheet's ``change_after_end``,
    and its result follows); a forfeit takes none (``_forfeited``): rule match points.
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
    state = sheet_state(match)
    levels = any(effect.kind == PenaltyKind.LEVELS for effect in effects)
    if levels and _forfeited(match):
        raise Conflict(
            "The match's result is a forfeit: it has no levels for a level change to move. Rule match "
            "points, or correct the forfeit (or overturn the ruling that gave it).",
            "match_over",
            field="effects",
        )
    return state.deals


def _forfeited(match: Match) -> bool:
    """Whether the match's current result (the official one, else one waiting for confirmation) is a
    forfeit: decided without levels, so a level change cannot reach it (docs/referees.md). Any other
    result follows a level change ruled once the match is over (scoring.services.result_rulings): read
    from the deals or off the level sheet, confirmed or not."""
    current = official_result(match) or latest_result(match)
    return current is not None and current.source == ResultSource.FORFEIT
