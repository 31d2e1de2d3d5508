"""Posting, correcting and voiding the deals of a game kept on a scoresheet (every game whose ``Game``
has a ``match_sheet``: ``engine.sheets``; docs/scoring.md "Games with a scoresheet").

The same endpoints as Guandan's deals (``POST /matches/{id}/deals/``, ``PUT …/deals/{n}``,
``POST …/deals/void``), the same rules of the service: a post is idempotent per (match, number)
(the same content again is answered again, other content is ``deal_conflict``), deals come in
order (``deal_out_of_order``), none after the end (``match_over``), nothing is edited or deleted
(a correction is a new version; the later deals are derived again and those that change get a
new version; voiding marks deals ``voided``). The game's sheet does every rule: ``record`` turns
the posted body into the deal's canonical record (stored in ``Deal.record``, hashed for
idempotence), ``apply`` folds it into the match state. Each write is one transaction on the
locked match.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from engine.errors import EngineError, RuleViolation
from engine.sheets import MatchSheet, SheetState
from scoring.models import Deal
from scoring.problems import ScoreConflict, refused
from scoring.selectors.matches import match_deals, match_profile, match_sheet
from scoring.services.common import content_hash, lock_match, require_keeper, require_playing
from scoring.services.deal_common import (
    DealPosted,
    DealsVoided,
    correction_deals,
    follows_voided,
    later_deal_conflict,
    mark_playing,
    match_over,
    new_deal_version,
    other_content,
    require_deals_open,
    require_next_number,
    void_deals,
)
from tournaments.models import Match


def _sheet(match: Match) -> MatchSheet:
    sheet = match_sheet(match)
    assert sheet is not None, "the sheet services serve the games with a match sheet"
    return sheet


def _fold(sheet: MatchSheet, deals: list[Deal], profile) -> SheetState:
    return sheet.fold([deal.record for deal in deals], profile=profile)


def _record(sheet: MatchSheet, data: dict[str, Any], state: SheetState, profile) -> dict[str, Any]:
    """The canonical record of a posted deal: a malformed body stays a 400, a broken rule is a 422."""
    try:
        return sheet.record(data, state=state, profile=profile)
    except RuleViolation as error:
        raise refused(error) from None


def _apply(sheet: MatchSheet, state: SheetState, record: dict[str, Any], profile) -> SheetState:
    """The match after the deal; a deal after the end is a 409, any other rule a 422."""
    try:
        return sheet.apply(state, record, profile=profile)
    except EngineError as error:
        if error.code == "match_over":
            raise match_over() from None
        raise refused(error) from None


def stored_sheet_deal(deal: Deal) -> dict[str, Any]:
    return {
        "number": deal.number,
        "version": deal.version,
        "level": deal.level,
        "record": deal.record,
        "played_at": deal.played_at.isoformat() if deal.played_at else None,
    }


@transaction.atomic
def sheet_deal_submit(*, match: Match, data: dict[str, Any], actor) -> DealPosted:
    """Record deal ``data["number"]`` of a sheet game from the posted body (the game's own fields)."""
    match = lock_match(match)
    require_keeper(match, actor)
    require_playing(match)
    sheet, profile = _sheet(match), match_profile(match)
    deals = match_deals(match)
    number = data["number"]

    if number <= len(deals):  # posted before: the same deal is answered again, another is a conflict
        before = _fold(sheet, deals[: number - 1], profile)
        stored = deals[number - 1]
        if stored.content_hash != content_hash(_record(sheet, data, before, profile)):
            raise other_content(number, stored_sheet_deal(stored))
        return DealPosted(deal=stored, state=_fold(sheet, deals[:number], profile), created=False)

    require_deals_open(match, actor)
    require_next_number(number, posted=len(deals))
    state = _fold(sheet, deals, profile)
    if state.finished:
        raise match_over()
    record = _record(sheet, data, state, profile)
    after = _apply(sheet, state, record, profile)
    deal = Deal.objects.create(
        match=match,
        number=number,
        **follows_voided(match, number),
        level=sheet.deal_level(state),
        record=record,
        played_at=data.get("played_at"),
        content_hash=content_hash(record),
        submitted_by=actor.user,
        table_token=actor.token,
    )
    mark_playing(match)
    return DealPosted(deal=deal, state=after, created=True)


@transaction.atomic
def sheet_deal_correct(
    *, match: Match, number: int, data: dict[str, Any], actor, if_match=None
) -> DealPosted:
    """Correct deal ``number``: a new version of it from ``data`` (a post's body, plus ``note`` and
    optionally ``corrects``). Each later deal is derived again from its stored record against the
    corrected match (``MatchSheet.record``); those whose record or level changes get a new version.
    A later deal the corrected match makes impossible (the match now ends before it, its dealer is
    no longer due, its replay breaks a rule) refuses the whole correction: void from it first."""
    match = lock_match(match)
    deals = correction_deals(match, number, actor, if_match)
    sheet, profile = _sheet(match), match_profile(match)
    stored = deals[number - 1]
    before = _fold(sheet, deals[: number - 1], profile)
    record = _record(sheet, data, before, profile)
    digest = content_hash(record)
    if stored.content_hash == digest:  # the same correction again (or no change at all)
        return DealPosted(deal=stored, state=_fold(sheet, deals[:number], profile), created=False)
    if data.get("corrects") is not None and data["corrects"] != stored.version:
        raise ScoreConflict(
            f"Version {data['corrects']} is not the current version of deal {number}: read the deals "
            "again and correct the current one.",
            "version_conflict",
            field="corrects",
            extra={"stored": stored_sheet_deal(stored)},
        )
    state = after = _apply(sheet, before, record, profile)
    fields = {
        "level": sheet.deal_level(before),
        "record": record,
        "played_at": data.get("played_at") or stored.played_at,
        "content_hash": digest,
        "note": data.get("note") or "",
    }
    replacements = [(stored, fields)]
    for later in deals[number:]:
        level, derived, after = _rederive(sheet, later, after, profile, corrected=number)
        if derived != later.record or level != later.level:
            note = f"Re-derived after the correction of deal {number}."
            replacements.append((later, _later_fields(later, level, derived, note)))
    versions = [new_deal_version(match, old, new, actor) for old, new in replacements]
    return DealPosted(deal=versions[0], state=state, created=True)


def _later_fields(deal: Deal, level, record: dict[str, Any], note: str) -> dict[str, Any]:
    return {
        "level": level,
        "record": record,
        "played_at": deal.played_at,
        "content_hash": content_hash(record),
        "note": note,
    }


def _rederive(sheet: MatchSheet, deal: Deal, state: SheetState, profile, *, corrected: int):
    """A later deal after deal ``corrected`` changed: its level, its record and the match after it."""
    if state.finished:
        raise later_deal_conflict(deal.number, corrected=corrected, reason="match_over")
    try:
        record = sheet.record(deal.record, state=state, profile=profile)
        after = sheet.apply(state, record, profile=profile)
    except EngineError as error:
        raise later_deal_conflict(deal.number, corrected=corrected, reason=str(error.code)) from None
    return sheet.deal_level(state), record, after


@transaction.atomic
def sheet_deals_void(*, match: Match, first: int, note: str, actor, if_match=None) -> DealsVoided:
    """Void deal ``first`` and every later deal (``deal_common.void_deals``); the match state folds
    the deals before ``first``."""
    match = lock_match(match)
    voided, kept = void_deals(match=match, first=first, note=note, actor=actor, if_match=if_match)
    return DealsVoided(voided=voided, state=_fold(_sheet(match), kept, match_profile(match)))
