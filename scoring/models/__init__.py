"""Scorekeeping data (docs/rules/guandan.md G5-G10): deals as played, versioned match results, each
match's derived state, webhooks."""

from scoring.models.deals import Deal, DealStatus
from scoring.models.duplicate import DealSet, DealSetDeal, DealSetSource, RoundDeals
from scoring.models.results import MatchResult, ResultSource, ResultStatus
from scoring.models.states import MatchState
from scoring.models.webhooks import DeliveryStatus, Webhook, WebhookDelivery

__all__ = [
    "Deal",
    "DealSet",
    "DealSetDeal",
    "DealSetSource",
    "DealStatus",
    "DeliveryStatus",
    "MatchResult",
    "MatchState",
    "ResultSource",
    "ResultStatus",
    "RoundDeals",
    "Webhook",
    "WebhookDelivery",
]
