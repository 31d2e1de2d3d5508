"""What a deal would do, before it is sent (API ``POST /matches/{id}/deals/preview``): the deal post's
own checks and the game's scoresheet, with nothing written (docs/table-app.md "The preview").

It runs the path of ``deals.deal_submit`` up to the store: the caller keeps this table, the match is
in play and takes deals, the number is the next one, and the sheet's ``play`` checks the deal
against the match so far. The answer is the record the post would store, the match after it and the
game's notes on it (``MatchSheet.deal_notes``: "NS +3 → plays 5", "A failure 2 of 3"). A refusal is
the one the post would answer (400, 409, 422), so a table sees it before it sends.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import EngineError
from engine.forms import DealForm, Note
from engine.sheets import SheetState
from scoring.actors import Actor
from scoring.problems import engine_refusal, match_over
from scoring.selectors.matches import has_result, match_profile, match_sheet, posting_deals, sheet_state
from scoring.services.common import require_keeper, require_playing
from scoring.services.deal_common import require_deals_open, require_next_number
from tournaments.models import Match


@dataclass(frozen=True, slots=True)
class DealPreview:
    """A deal played on the sheet but not stored: its record, the level it is played at, the match
    before and after it, the game's notes and the form (whose labels name the notes' codes)."""

    number: int
    level: int | None
    record: dict[str, Any]
    before: SheetState
    after: SheetState
    notes: list[Note]
    form: DealForm


def deal_preview(*, match: Match, number: int, body: Mapping[str, Any], actor: Actor) -> DealPreview:
    """Deal ``number`` of ``match`` from ``body`` as ``deal_submit`` would record it; nothing is
    written. Refusals are the post's domain errors."""
    require_keeper(match, actor)
    require_playing(match)
    sheet, profile = match_sheet(match), match_profile(match)
    posted = sheet.read(body)
    deals, _, _ = posting_deals(match, number)
    require_deals_open(match, actor, result=has_result(match))
    require_next_number(number, posted=len(deals))
    state = sheet_state(match, deals, profile)
    if state.finished:
        raise match_over()
    try:
        played = sheet.play(posted, state=state, profile=profile)
    except EngineError as error:
        raise engine_refusal(error) from None
    return DealPreview(
        number=number,
        level=sheet.deal_level(state),
        record=played.record,
        before=state,
        after=played.state,
        notes=sheet.deal_notes(state, played.state, played.record, profile=profile),
        form=sheet.deal_form(profile, state),
    )
