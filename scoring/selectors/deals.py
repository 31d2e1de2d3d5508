"""A match's deals as they stand: what ``GET /matches/{id}/deals/`` and ``…/deals/{number}`` read."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from scoring.models import Deal, DealStatus
from tournaments.models import Match


def current_deals(match: Match) -> QuerySet[Deal]:
    """The current version of each deal, by number, with the deal each one corrects."""
    current = Deal.objects.filter(match=match, status=DealStatus.CURRENT)
    return current.select_related("corrects").order_by("number")


def current_deal(match: Match, number: int) -> Deal | None:
    """Deal ``number`` of the match as it stands, or None (never posted, or voided)."""
    return current_deals(match).filter(number=number).first()


def voided_deal_of(answer: Any) -> Deal | None:
    """The deal version a stored answer to a deal post names (``{"match", "deal", "state"}``), when
    it was voided since; else None. Read only when a key's answer is about to be replayed."""
    deal = answer.get("deal") if isinstance(answer, dict) else None
    if not isinstance(deal, dict) or not {"number", "version"} <= deal.keys() or "match" not in answer:
        return None
    voided = Deal.objects.filter(match=answer["match"], status=DealStatus.VOIDED)
    return voided.filter(number=deal["number"], version=deal["version"]).first()
