"""Club websites' webhooks (docs/scoring.md): an organizer registers, edits and removes them.

Keyword-only and atomic, as every service; an edit saves only the columns it is given
(``save_fields``). Delivering them is scoring.webhooks' job.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db import transaction

from scoring.models import Webhook
from tournaments.models import Event
from tournaments.services import save_fields

WEBHOOK_FIELDS = frozenset({"url", "events", "active"})


@transaction.atomic
def webhook_create(*, event: Event, created_by: User | None = None, **fields: Any) -> Webhook:
    unknown = set(fields) - WEBHOOK_FIELDS
    if unknown:
        raise TypeError(f"Webhook has no editable field {', '.join(sorted(unknown))}.")
    return Webhook.objects.create(event=event, created_by=created_by, **fields)


@transaction.atomic
def webhook_update(*, webhook: Webhook, **fields: Any) -> Webhook:
    return save_fields(webhook, fields, allowed=WEBHOOK_FIELDS)


@transaction.atomic
def webhook_delete(*, webhook: Webhook) -> None:
    webhook.delete()
