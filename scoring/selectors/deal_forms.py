"""The form of a match's next deal (engine/forms.py): its game's scoresheet describes it from the
match so far (the dealer the rotation names, a bidding's order), asked through the game's adapter."""

from __future__ import annotations

from engine.forms import DealForm
from scoring.adapters import adapter
from scoring.selectors.matches import match_profile, sheet_state
from tournaments.models import Match


def next_deal_form(match: Match) -> DealForm:
    """The form of ``match``'s next deal (``number`` None once it is over). Queries: the match's
    current deals (and its referees' level changes, as ``sheet_state`` reads them)."""
    profile = match_profile(match)
    return adapter(match.round.event.game).deal_form(profile, sheet_state(match, profile=profile))
