"""A match's deals as they stand: what ``GET /matches/{id}/deals/`` and ``…/deals/{number}`` read."""

from __future__ import annotations

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
