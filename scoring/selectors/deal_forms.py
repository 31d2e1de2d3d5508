"""The form of a match's next deal, or of a posted deal to correct (engine/forms.py): its game's
scoresheet describes it from the match before that deal (the dealer the rotation names, a bidding's
order), asked through the game's adapter."""

from __future__ import annotations

from engine.forms import DealForm
from scoring.adapters import adapter
from scoring.selectors.matches import match_deals, match_profile, sheet_state
from tournaments.models import Match


def next_deal_form(match: Match) -> DealForm:
    """The form of ``match``'s next deal (``number`` None once it is over). Queries: the match's
    current deals (and its referees' level changes, as ``sheet_state`` reads them)."""
    profile = match_profile(match)
    return adapter(match.round.event.game).deal_form(profile, sheet_state(match, profile=profile))


def correction_form(match: Match, number: int) -> DealForm | None:
    """The form of posted deal ``number`` as its correction (``PUT …/deals/{number}``) takes it: the
    game's form after deals 1 … ``number`` − 1, the match as the deal was played; None when deal
    ``number`` is not posted (never, or voided). Queries: as ``next_deal_form``."""
    deals = match_deals(match)
    if not 1 <= number <= len(deals):
        return None
    profile = match_profile(match)
    before = sheet_state(match, deals[: number - 1], profile)
    return adapter(match.round.event.game).deal_form(profile, before)
