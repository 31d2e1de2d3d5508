"""Posting a deal as it is played (API ``POST /matches/{id}/deals/``), correcting a wrongly posted one
(``PUT /matches/{id}/deals/{number}``) and voiding deals (``POST …/deals/void``), for every game
(docs/scoring.md "Every game keeps its matches on a scoresheet").

The game's scoresheet (``engine.sheets.MatchSheet``) does every rule: ``read`` parses the posted
deal, ``play`` checks it against the match so far and answers its record and the match after it
(Guandan's keeps the level line, the tribute and a best of three: G5-G8). This module only orders
the checks, stores the deal and keeps a post idempotent per (match, number).

Deals are versioned like results (docs/scoring.md §1 "Correcting a deal"): nothing is edited or
deleted. A correction of deal N is a new version of it; the deals after it are derived again from
their stored records against the corrected match (``MatchSheet.rederive``) and those whose record or
level changes get a new version too. Voiding deals from N on marks them ``voided``; the table posts
them again as new versions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from functools import cache
from typing import Any

from django.db import transaction

from core.bulk_audit import batched, insert_audited
from engine.errors import EngineError, RuleViolation
from engine.sheets import MatchSheet, Played, SheetState
from scoring.actors import Actor
from scoring.models import Deal
from scoring.problems import ScoreConflict, engine_refusal, match_over
from scoring.selectors.matches import (
    has_result,
    latest_version,
    match_profile,
    match_sheet,
    posting_deals,
    sheet_state,
)
from scoring.services import changes, sheet_store
from scoring.services.common import IfMatch, content_hash, lock_match, require_keeper, require_playing
from scoring.services.deal_common import (
    DealPosted,
    DealsVoided,
    correction_deals,
    follows_voided,
    later_deal_conflict,
    mark_playing,
    new_deal_version,
    other_content,
    require_deals_open,
    require_next_number,
    void_deals,
)
from scoring.services.duplicate import bind_dealt
from tournaments.models import Match


def _record(sheet: MatchSheet, posted: Any, state: SheetState, profile: Any) -> dict[str, Any]:
    """The canonical record of a posted deal: a malformed body stays a 400, a broken rule is a 422."""
    try:
        return sheet.record(posted, state=state, profile=profile)
    except RuleViolation as error:
        raise engine_refusal(error) from None


def _play(sheet: MatchSheet, posted: Any, state: SheetState, profile: Any) -> Played:
    """The deal checked and folded (``MatchSheet.play``): a malformed body stays a 400, a broken rule
    is a 422, a deal after the end a 409."""
    try:
        return sheet.play(posted, state=state, profile=profile)
    except EngineError as error:
        raise engine_refusal(error) from None


def _identity(sheet: MatchSheet, posted: Any, record: Callable[[], Mapping[str, Any]]) -> str:
    """The content hash of a deal: of what identifies it (``MatchSheet.deal_identity``: what was
    posted, or its record, ``record()``)."""
    return content_hash(dict(sheet.deal_identity(posted, record)))


def stored_deal(sheet: MatchSheet, deal: Deal) -> dict[str, Any]:
    """A stored deal as a conflict answer names it (the game's ``stored_form``)."""
    return sheet.stored_form(
        number=deal.number,
        version=deal.version,
        level=deal.level,
        record=deal.record,
        played_at=deal.played_at.isoformat() if deal.played_at else None,
    )


# No savepoint of its own: a refusal leaves the caller's transaction too (the request's, which an
# error answer rolls back, or run_once's), so the savepoint would only cost two statements a post.
@transaction.atomic(savepoint=False)
@batched()
def deal_submit(
    *,
    match: Match,
    number: int,
    body: Mapping[str, Any],
    played_at: datetime | None = None,
    actor: Actor,
    locked: bool = False,
) -> DealPosted:
    """Record deal ``number`` from the posted ``body`` (the game's own fields, which its scoresheet
    reads) and ``played_at``. Refusals are domain errors: a malformed deal (400), the match's state
    (409), a broken rule (422). ``locked``: ``match`` was loaded locked in the caller's transaction
    (``lock_match``).

    The next deal is played on the state stored with the match (``sheet_store``: no deal is read);
    without one, or for a deal posted before, the deals are read and folded, and the new state is
    stored with the deal."""
    match = lock_match(match, locked=locked, state=True)
    require_keeper(match, actor)
    require_playing(match)
    sheet, profile = match_sheet(match), match_profile(match)
    posted = bind_dealt(match, sheet, profile, number, sheet.read(body))
    kept = sheet_store.stored(match, sheet, profile)
    if kept is not None and number > kept.state.deals:
        state, result, voided_to, count = kept.state, kept.result, kept.voided_to, kept.state.deals
        tally = kept.tally
        latest = latest_version(match, number) if number <= voided_to else None
    else:
        deals, latest, voided_to = posting_deals(match, number)
        if number <= len(deals):
            return _posted_again(match, sheet, profile, deals, number, posted)
        state, result, count = sheet_state(match, deals, profile), has_result(match), len(deals)
        tally = sheet.tally([deal.record for deal in deals]) if deals else None

    require_deals_open(match, actor, result=result)
    require_next_number(number, posted=count)
    if state.finished:
        raise match_over()
    played = _play(sheet, posted, state, profile)
    deal = Deal(
        match=match,
        number=number,
        **follows_voided(latest),
        level=sheet.deal_level(state),
        **Deal.record_fields(played.record),
        played_at=played_at,
        content_hash=_identity(sheet, posted, lambda: played.record),
        submitted_by=actor.account,
        table_token=actor.token,
    )
    insert_audited(deal)
    # The state after it is the match's now (its row, locked with the match: sheet_store).
    sheet_store.store(
        match,
        sheet,
        profile,
        played.state,
        result=result,
        voided_to=voided_to,
        tally=sheet_store.tally_after(sheet, tally, played.record),
    )
    mark_playing(match)  # the first deal: its entry and the deal's go in one INSERT (batched)
    return DealPosted(deal=deal, state=played.state, created=True)


def _posted_again(
    match: Match, sheet: MatchSheet, profile: Any, deals: list[Deal], number: int, posted: Any
) -> DealPosted:
    """Deal ``number`` posted before: the same deal is answered again, another is a conflict."""
    stored = deals[number - 1]

    def record() -> dict[str, Any]:
        return _record(sheet, posted, sheet_state(match, deals[: number - 1], profile), profile)

    if stored.content_hash != _identity(sheet, posted, record):
        raise other_content(number, stored_deal(sheet, stored))
    # The same answer as the first time: the match after deals 1 … number, not as it is now.
    return DealPosted(deal=stored, state=sheet_state(match, deals[:number], profile), created=False)


@transaction.atomic
def deal_correct(
    *,
    match: Match,
    number: int,
    body: Mapping[str, Any],
    played_at: datetime | None = None,
    note: str = "",
    corrects: int | None = None,
    actor: Actor,
    if_match: IfMatch | None = None,
) -> DealPosted:
    """Correct deal ``number``: a new version of it from ``body`` (a post's game fields), with
    ``played_at``, ``note`` and optionally ``corrects``, the version read. Each later deal is derived
    again from its stored record against the corrected match; those whose record or level changes get a
    new version. A later deal the corrected match makes impossible (the match now ends before it, its
    tribute, dealer or replay breaks a rule) refuses the whole correction: void from it first. The same
    correction again stores nothing (``created`` False)."""
    match = lock_match(match)
    deals = correction_deals(match, number, actor, if_match)
    sheet, profile = match_sheet(match), match_profile(match)
    posted = bind_dealt(match, sheet, profile, number, sheet.read(body))
    stored = deals[number - 1]
    before = sheet_state(match, deals[: number - 1], profile)
    # A deal identified by its record is played before it is compared; one identified by what was
    # posted is compared first (the same correction again is answered whatever the rules say now).
    play = cache(lambda: _play(sheet, posted, before, profile))
    digest = _identity(sheet, posted, lambda: play().record)
    if stored.content_hash == digest:  # the same correction again (or no change at all)
        return DealPosted(deal=stored, state=sheet_state(match, deals[:number], profile), created=False)
    if corrects is not None and corrects != stored.version:
        raise ScoreConflict(
            f"Version {corrects} is not the current version of deal {number}: read the deals "
            "again and correct the current one.",
            "version_conflict",
            field="corrects",
            extra={"stored": stored_deal(sheet, stored)},
        )
    played = play()
    state = after = played.state
    fields = {
        "level": sheet.deal_level(before),
        **Deal.record_fields(played.record),
        "played_at": played_at or stored.played_at,
        "content_hash": digest,
        "note": note or "",
    }
    replacements = [(stored, fields)]
    for later in deals[number:]:
        level, derived, after = _rederive(sheet, later, after, profile, corrected=number)
        if derived != later.record or level != later.level:
            replacements.append((later, _later_fields(sheet, later, level, derived, corrected=number)))
    versions = [new_deal_version(match, old, new, actor) for old, new in replacements]
    changes.record(match)  # its next post folds the corrected deals
    return DealPosted(deal=versions[0], state=state, created=True)


def _later_fields(
    sheet: MatchSheet, deal: Deal, level: int | None, record: dict[str, Any], *, corrected: int
) -> dict[str, Any]:
    digest = sheet.rederived_identity(deal.content_hash, lambda: content_hash(record))
    return {
        "level": level,
        **Deal.record_fields(record),
        "played_at": deal.played_at,
        "content_hash": digest,
        "note": f"Re-derived after the correction of deal {corrected}.",
    }


def _rederive(
    sheet: MatchSheet, deal: Deal, state: SheetState, profile: Any, *, corrected: int
) -> tuple[int | None, dict[str, Any], SheetState]:
    """A later deal after deal ``corrected`` changed: its level, its record and the match after it."""
    if state.finished:
        raise later_deal_conflict(deal.number, corrected=corrected, reason="match_over")
    try:
        played = sheet.rederive(deal.record, state=state, profile=profile)
    except EngineError as error:
        raise later_deal_conflict(deal.number, corrected=corrected, reason=str(error.code)) from None
    return sheet.deal_level(state), played.record, played.state


@transaction.atomic
def deals_void(
    *, match: Match, first: int, note: str, actor: Actor, if_match: IfMatch | None = None
) -> DealsVoided:
    """Void deal ``first`` and every later deal (``deal_common.void_deals``); the match state folds
    the deals before ``first``."""
    match = lock_match(match)
    voided, kept = void_deals(match=match, first=first, note=note, actor=actor, if_match=if_match)
    changes.record(match)  # its next post folds the deals kept (and follows the voided versions)
    return DealsVoided(voided=voided, state=sheet_state(match, kept))
