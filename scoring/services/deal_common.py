"""What posting, correcting and voiding deals need besides the game's scoresheet (docs/scoring.md §1
and "Every game keeps its matches on a scoresheet"): the answers, the order and conflict rules, who
may post and correct, and how a new version of a deal follows the one it replaces
(``scoring.services.deals`` uses them).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from core.bulk_audit import save_audited
from scoring.actors import Actor
from scoring.models import Deal, DealStatus, MatchResult, ResultStatus
from scoring.problems import Missing, NotAllowed, RuleRefused, ScoreConflict
from scoring.rulings import rulings
from scoring.selectors.matches import match_deals
from scoring.services import changes
from scoring.services.common import IfMatch, require_correction_right, require_keeper, require_playing
from tournaments.models import Match, MatchStatus, RoundStatus


@dataclass(frozen=True)
class DealPosted:
    deal: Deal
    state: Any  # the match after deals 1 … this deal's number (the game's sheet state)
    created: bool  # False: the same deal was posted before, and this is its answer again


@dataclass(frozen=True)
class DealsVoided:
    voided: list[Deal]  # empty: nothing was left to void (the same void again)
    state: Any  # the match after the deals that stay


def other_content(number: int, stored: dict[str, Any]) -> ScoreConflict:
    """A deal posted again under its number with other content (every game)."""
    return ScoreConflict(
        f"Deal {number} was already posted with other content.",
        "deal_conflict",
        field="number",
        extra={"stored": stored},
    )


def require_next_number(number: int, *, posted: int) -> None:
    """Deals come in order: the next one is ``posted + 1`` (every game)."""
    if number != posted + 1:
        raise ScoreConflict(
            f"The next deal of this match is number {posted + 1}.",
            "deal_out_of_order",
            field="number",
            extra={"expected": posted + 1},
        )


def follows_voided(earlier: Deal | None) -> dict[str, Any]:
    """``version`` and ``corrects`` of a new deal after ``earlier``, the latest version of its number
    (``posting_deals``): after a voided version, its successor."""
    return {"version": earlier.version + 1 if earlier else 1, "corrects": earlier}


def mark_playing(match: Match) -> None:
    """A match's first deal puts it in play. The match is locked, as loaded: its audit entry is made
    from it (``save_audited``: django-auditlog would read the row again first)."""
    if match.status == MatchStatus.SCHEDULED:
        before = copy.copy(match)
        match.status = MatchStatus.PLAYING
        save_audited(match, before, ["status"])
        changes.record(match, forget=False, tables=True)  # the list of the tables shows it playing


def new_deal_version(match: Match, old: Deal, fields: dict[str, Any], actor: Actor) -> Deal:
    """A new version of deal ``old.number``; the old one is replaced first (one current version)."""
    old.status = DealStatus.REPLACED
    old.save(update_fields=["status"])
    return Deal.objects.create(
        match=match,
        number=old.number,
        version=_next_version(match, old.number),
        corrects=old,
        submitted_by=actor.account,
        table_token=actor.token,
        **fields,
    )


def _next_version(match: Match, number: int) -> int:
    top = (
        Deal.objects.filter(match=match, number=number).order_by("-version").values_list("version", flat=True)
    )
    return (top.first() or 0) + 1


def require_deal_correction(match: Match, actor: Actor) -> None:
    """Who corrects deals (docs/scoring.md §8): the table's scorekeepers while the round is open and
    no result was submitted; referees at any time — once the round is closed, within the correction
    period (then the chief referee)."""
    if actor.is_referee:
        if match.round.status == RoundStatus.CLOSED:
            require_correction_right(match, actor)
        return
    if match.round.status == RoundStatus.CLOSED:
        raise NotAllowed("The round is closed; ask a referee to correct its deals.", "round_closed")
    if MatchResult.objects.filter(match=match).exclude(status=ResultStatus.SUPERSEDED).exists():
        raise NotAllowed(
            "A result was submitted for this match: only a referee corrects its deals now.",
            "referee_required",
        )


def require_deals_open(match: Match, actor: Actor, *, result: bool) -> None:
    """New deals are the table's while the match is open. A referee may post deals at any time (the
    deals voided in a correction, posted again); a result already submitted (``result``: the match
    has one that is not superseded) does not follow them until it is corrected. A match that a standing
    ruling decided (awarded or forfeited, G12) takes no deals from anyone, a referee included, until
    the ruling is overturned or its penalty cancelled (docs/referees.md "A match decided by a ruling");
    such a match is confirmed, so the ruling is asked only then and a deal post pays nothing for it."""
    if match.status == MatchStatus.CONFIRMED and rulings().winner(match)[0]:
        raise ScoreConflict(
            "A ruling decided this match (awarded or forfeited); deals are closed while it stands.",
            "match_closed",
        )
    if actor.is_referee:
        if match.round.status == RoundStatus.CLOSED:
            require_correction_right(match, actor)
        return
    if match.round.status == RoundStatus.CLOSED or match.status == MatchStatus.CONFIRMED:
        raise ScoreConflict("The match has a confirmed result; deals are closed.", "match_closed")
    if result:
        raise ScoreConflict(
            "A result was submitted for this match; correct the result instead of adding deals.",
            "result_submitted",
        )


def correction_deals(match: Match, number: int, actor: Actor, if_match: IfMatch | None = None) -> list[Deal]:
    """The current deals of the locked ``match`` before deal ``number`` is corrected (every game):
    the caller keeps and may correct this table's deals (``require_deal_correction``), the caller's
    ``If-Match`` holds, and deal ``number`` was posted (``404 deal_not_posted`` otherwise)."""
    require_keeper(match, actor)
    require_playing(match)
    if if_match is not None:
        if_match(match)
    deals = match_deals(match)
    if number > len(deals):
        raise Missing(
            f"Deal {number} was not posted; the next deal of this match is number {len(deals) + 1}.",
            "deal_not_posted",
            field="number",
            extra={"expected": len(deals) + 1},
        )
    require_deal_correction(match, actor)
    return deals


def later_deal_conflict(number: int, *, corrected: int, reason: str) -> RuleRefused:
    """A correction of deal ``corrected`` that deal ``number`` after it no longer fits (every game):
    the match now ends before it (``reason`` ``match_over``), or it breaks a rule (the rule's code)."""
    why = (
        f"the match is over before deal {number}"
        if reason == "match_over"
        else f"deal {number} no longer fits the rules ({reason})"
    )
    return RuleRefused(
        f"With deal {corrected} corrected, {why}: void the deals from {number} on first, then correct "
        f"deal {corrected}.",
        "later_deal_conflict",
        field="number",
        extra={"deal": number, "reason": reason},
    )


def void_deals(
    *, match: Match, first: int, note: str, actor: Actor, if_match: IfMatch | None = None
) -> tuple[list[Deal], list[Deal]]:
    """Void deal ``first`` and every later deal of the locked ``match`` (they stay in the history as
    ``voided``); answers (the voided deals, the deals that stay). Voiding what is already void
    changes nothing. The caller folds the deals that stay by its game's rules."""
    require_keeper(match, actor)
    require_playing(match)
    if if_match is not None:
        if_match(match)
    require_deal_correction(match, actor)
    deals = match_deals(match)
    voided = deals[first - 1 :]
    now = timezone.now()
    for deal in reversed(voided):  # saved one by one, so the audit log sees each
        deal.status = DealStatus.VOIDED
        deal.voided_at = now
        deal.voided_by = actor.account
        deal.voided_token = actor.token
        deal.void_note = note
        deal.save(update_fields=["status", "voided_at", "voided_by", "voided_token", "void_note"])
    return voided, deals[: first - 1]
