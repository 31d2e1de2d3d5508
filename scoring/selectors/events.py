"""Event-wide reads of scoring (docs/scoring.md): disputes, the audit log, webhooks and their deliveries."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q, QuerySet

from core.models import AuditEntry
from scoring.models import MatchResult, ResultStatus, Webhook, WebhookDelivery
from tournaments.models import Club, ClubStaff, Event, Match, MatchStatus, Member
from tournaments.selectors import MATCH_WITH_PLAYERS

#: The audit log's actions by name (django-auditlog's numbers).
AUDIT_ACTIONS = {"create": 0, "update": 1, "delete": 2}


def disputed_matches(event: Event) -> QuerySet[Match]:
    """Matches whose two submissions differ, by round then table, with both pairs' players."""
    return (
        Match.objects.filter(round__event=event, status=MatchStatus.DISPUTED)
        .select_related(*MATCH_WITH_PLAYERS)
        .order_by("round__number", "table")
    )


def disputed_versions(matches: Iterable[Match]) -> dict[int, list[MatchResult]]:
    """The disputed result versions of ``matches``, by match id, oldest first; each version's
    ``match`` is the row given (no query per version)."""
    by_pk = {match.pk: match for match in matches}
    versions: dict[int, list[MatchResult]] = {}
    disputed = MatchResult.objects.filter(match__in=list(by_pk), status=ResultStatus.DISPUTED)
    for version in disputed.select_related("submitted_by", "table_token").order_by("version"):
        version.match = by_pk[version.match_id]
        versions.setdefault(version.match_id, []).append(version)
    return versions


def audit_entries(event: Event) -> QuerySet[AuditEntry]:
    """Every write of the event, newest first."""
    return (
        AuditEntry.objects.filter(event_id=event.pk)
        .select_related("content_type", "actor")
        .order_by("-timestamp", "-id")
    )


def club_audit_entries(club: Club) -> QuerySet[AuditEntry]:
    """Every write of a club's own rows (the club, its staff, its members, a merge included, its
    series' settings), newest first: the entries that name the club, and those written before
    entries named their club, found by the club's rows."""
    own = Q(additional_data__club_id=club.pk)
    earlier = (
        Q(content_type__app_label="tournaments", content_type__model="club", object_id=club.pk)
        | Q(
            content_type__app_label="tournaments",
            content_type__model="member",
            object_id__in=Member.objects.filter(club=club).values("pk"),
        )
        | Q(
            content_type__app_label="tournaments",
            content_type__model="clubstaff",
            object_id__in=ClubStaff.objects.filter(club=club).values("pk"),
        )
    )
    return (
        AuditEntry.objects.filter(event_id__isnull=True)
        .filter(own | earlier)
        .select_related("content_type", "actor")
        .order_by("-timestamp", "-id")
    )


def event_webhooks(event: Event) -> QuerySet[Webhook]:
    return Webhook.objects.filter(event=event)


def webhook_deliveries(webhook: Webhook) -> QuerySet[WebhookDelivery]:
    """The delivery log of a hook, newest first."""
    return webhook.deliveries.order_by("-id")
