"""Audit writes made in bulk, which django-auditlog cannot see (they send no model signals): one
``INSERT`` of ``core.models.AuditEntry`` rows, marked with who acted as core.audit says."""

from __future__ import annotations

from django.contrib.contenttypes.models import ContentType

from core.audit import current_actor
from core.models import AuditEntry


def log_bulk(entries, *, event_id: int | None) -> None:
    """Audit writes made in bulk (``bulk_create``, ``bulk_update``, ``QuerySet.update``/``delete``),
    which send no model signals, so django-auditlog cannot see them.

    ``entries`` are ``(instance, action, changes)`` with ``action`` ``"create"``, ``"update"`` or
    ``"delete"`` and ``changes`` as ``{field: [before, after]}``; one ``INSERT`` writes them all.
    """
    actions = {
        "create": AuditEntry.Action.CREATE,
        "update": AuditEntry.Action.UPDATE,
        "delete": AuditEntry.Action.DELETE,
    }
    actor, via, address = current_actor()
    rows = []
    for instance, action, changes in entries:
        rows.append(
            AuditEntry(
                content_type=ContentType.objects.get_for_model(instance),
                object_pk=str(instance.pk),
                object_id=instance.pk,
                object_repr=str(instance),
                action=actions[action],
                changes={name: [_plain(old), _plain(new)] for name, (old, new) in changes.items()},
                actor=actor,
                via=via,
                remote_addr=address,
                event_id=event_id,
            )
        )
    AuditEntry.objects.bulk_create(rows)


def _plain(value):
    """A value as django-auditlog writes it in ``changes``: a string, or None."""
    return None if value is None else str(value)
