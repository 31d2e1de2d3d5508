"""A match's state is the engine's fold of its deals (G6, G8), never re-implemented; the fold a deal
post starts from is kept in the match's ``MatchState`` row (scoring.services.sheet_store)."""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db.models import Q

from core.fast.prepared import Prepared
from engine import get_game
from engine.sheets import MatchSheet, SheetState
from scoring.models import Deal, DealStatus, MatchResult, ResultStatus
from scoring.rulings import rulings
from tournaments.models import Event, Match, RoundStatus, StageKind

LIVE = (ResultStatus.SUBMITTED, ResultStatus.DISPUTED)


def match_profile(match: Match) -> Any:
    """The event's rule profile; in a knockout a match must produce a winner: the sheet's
    ``knockout_profile`` (Guandan G8: a level game is decided by an extra deal; Shuangkou: equal
    levels on time go to the side holding the deal)."""
    profile = match.round.event.rule_profile()
    if match.round.stage.kind == StageKind.KNOCKOUT:
        profile = match_sheet(match).knockout_profile(profile)
    return profile


def match_sheet(match: Match) -> MatchSheet:
    """How the event's game keeps a match deal by deal (``engine.sheets``)."""
    sheet = get_game(match.round.event.game).match_sheet
    assert sheet is not None, "every game in service keeps its matches on a scoresheet"
    return sheet


def sheet_state(
    match: Match, deals: Iterable[Deal] | None = None, profile: Any = None, *, time_up: bool = False
) -> SheetState:
    """The match after its posted (current) deals, or after ``deals``: the sheet's fold, a best of
    three where the table plays one (G8), with the referees' standing level changes (G12) where
    they were ruled."""
    sheet = match_sheet(match)
    deals = match_deals(match) if deals is None else deals
    return sheet.fold(
        [deal.record for deal in deals],
        profile=profile or match_profile(match),
        time_up=time_up,
        **_table(match, sheet),
    )


def sheet_line(match: Match, deals: Iterable[Deal], profile: Any) -> dict[str, Any]:
    """The match deal by deal, as the results page shows it: ``kind`` (``MatchSheet.line_kind``:
    "level_line": Guandan's 记级; "levels": the level sheet of docs/rules/shuangkou.md S8; "points":
    docs/rules/daguai.md K5), ``sides`` (the sides' names: NS/EW, Daguai's teams A/B) and ``entries``
    (``MatchSheet.line``)."""
    sheet = match_sheet(match)
    records = [deal.record for deal in deals]
    return {
        "kind": sheet.line_kind,
        "sides": {side.value: name for side, name in sheet.side_names.items()},
        "entries": sheet.line(records, profile=profile, **_table(match, sheet)),
    }


def _table(match: Match, sheet: MatchSheet) -> dict[str, Any]:
    """How the table plays (``MatchSheet.fold``'s ``best_of``) and the referees' standing level
    changes (G12), where the game takes them."""
    changes = rulings().level_changes(match) if match.pk and sheet.takes_level_changes else None
    return {"best_of": match.best_of, "changes": changes}


def state_answer(match: Match, state: SheetState) -> dict[str, Any]:
    """A match state as the API shows it: its sheet's ``to_dict``, told apart by ``game_code``, the
    match's game (the OpenAPI document's discriminator of ``MatchStateAnyGame``)."""
    return {"game_code": match.round.event.game, **state.to_dict()}


def match_state(match: Match) -> dict[str, Any]:
    """Where the match stands, as the API shows it: its sheet's state."""
    return state_answer(match, sheet_state(match))


def _deals_of(posting: bool, *, match: int, number: int = 0):
    """The current deals of the match by number; ``posting``: with every version of deal ``number``
    and after (``posting_deals``)."""
    if posting:
        deals = Deal.objects.filter(Q(status=DealStatus.CURRENT) | Q(number__gte=number), match=match)
        return deals.order_by("number", "version")
    return Deal.objects.filter(match=match, status=DealStatus.CURRENT).order_by("number")


# Every result post and a match's first deal post read them: compiled once.
_deals = Prepared(Deal, _deals_of)


def match_deals(match: Match) -> list[Deal]:
    """The match's record: the current version of each deal, 1, 2, … (replaced and voided versions
    are history)."""
    return _deals.objects(False, match=match.pk)


def posting_deals(match: Match, number: int) -> tuple[list[Deal], Deal | None, int]:
    """What posting deal ``number`` reads, in one query: ``match_deals``, the latest version of deal
    ``number`` (current, or voided: the version a new post of it follows) and the highest number a
    void left without a current version (0: none; ``scoring.services.sheet_store``)."""
    rows = _deals.objects(True, match=match.pk, number=number)
    latest = [deal for deal in rows if deal.number == number]
    current = [deal for deal in rows if deal.status == DealStatus.CURRENT]
    voided_to = max((deal.number for deal in rows if deal.status == DealStatus.VOIDED), default=0)
    return current, latest[-1] if latest else None, voided_to if voided_to > len(current) else 0


def latest_version(match: Match, number: int) -> Deal | None:
    """The latest version of deal ``number`` of the match (a voided one, before it is posted again)."""
    return Deal.objects.filter(match=match, number=number).order_by("-version").first()


def has_result(match: Match) -> bool:
    """Whether the match has a result that is not superseded (submitted, disputed or confirmed)."""
    return MatchResult.objects.filter(match=match).exclude(status=ResultStatus.SUPERSEDED).exists()


def round_matches(event: Event, number: int) -> dict[int, Match]:
    """The matches of the event's round ``number`` by id, each with its round, event and stage."""
    matches = Match.objects.filter(round__event=event, round__number=number)
    return {match.pk: match for match in matches.select_related("round__event", "round__stage")}


def current_deals(matches: Iterable[Match]) -> dict[int, list[Deal]]:
    """``match_deals`` of several matches in one query: by match id, each list by deal number."""
    deals: dict[int, list[Deal]] = defaultdict(list)
    current = Deal.objects.filter(match__in=list(matches), status=DealStatus.CURRENT)
    for deal in current.order_by("match", "number"):
        deals[deal.match_id].append(deal)
    return deals


def deal_history(match: Match) -> list[Deal]:
    """Every version of every deal of the match, by number then version."""
    return list(
        Deal.objects.filter(match=match)
        .select_related("submitted_by", "table_token", "voided_by", "voided_token", "corrects")
        .order_by("number", "version")
    )


def latest_result(match: Match) -> MatchResult | None:
    """The newest version of the match's result that is not superseded (one waiting for
    confirmation, disputed, or the official one)."""
    versions = MatchResult.objects.filter(match=match).exclude(status=ResultStatus.SUPERSEDED)
    return versions.order_by("-version").first()


def official_result(match: Match) -> MatchResult | None:
    return MatchResult.objects.filter(match=match, status=ResultStatus.CONFIRMED).first()


def _results_of(shape, *, match: int):
    return (
        MatchResult.objects.filter(match=match)
        .order_by("version")
        .select_related("submitted_by", "confirmed_by", "table_token")
    )


# Every result post and confirmation reads them: compiled once.
_results = Prepared(MatchResult, _results_of)


def match_results(match: Match) -> list[MatchResult]:
    """Every version of the match's result, by version, with who submitted and confirmed each (what
    ``GET …/result`` shows). Each knows ``match`` and the version it corrects (no query for either):
    a write decides from them under the match's lock and answers from them as it wrote them."""
    versions = _results.objects(None, match=match.pk)
    by_pk = {version.pk: version for version in versions}
    for version in versions:
        version.match = match
        if version.corrects_id is not None and version.corrects_id in by_pk:
            version.corrects = by_pk[version.corrects_id]
    return versions


def correction_deadline(match: Match) -> datetime.datetime | None:
    """The end of the correction period: the event's ``correction_minutes`` after the round closed."""
    round_ = match.round
    if round_.status != RoundStatus.CLOSED or round_.closed_at is None:
        return None
    return round_.closed_at + datetime.timedelta(minutes=round_.event.correction_minutes)
