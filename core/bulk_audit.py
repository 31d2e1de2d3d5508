"""Audit writes made in bulk, which django-auditlog cannot see (they send no model signals): one
``INSERT`` of ``core.models.AuditEntry`` rows, marked with who acted as core.audit says; and an update
of a row the caller holds locked, audited from that row without auditlog reading it again
(``save_audited``)."""

from __future__ import annotations

from auditlog.cid import get_cid
from auditlog.context import disable_auditlog
from auditlog.diff import model_instance_diff
from django.conf import settings
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
    who = current_actor()
    AuditEntry.objects.bulk_create(
        [
            _entry(
                instance,
                actions[action],
                {name: [_plain(old), _plain(new)] for name, (old, new) in changes.items()},
                who=who,
                event_id=event_id,
            )
            for instance, action, changes in entries
        ]
    )


def log_created(instances, *, event_id: int | None, batch_size: int | None = None) -> None:
    """Audit rows made by ``bulk_create`` as django-auditlog audits a ``save`` that creates one: the
    changes are auditlog's own diff of each instance (its masked and excluded fields, its JSON
    values) and the extra data its model gives, so an entry reads the same whether the row was
    saved alone or in bulk."""
    who, cid = current_actor(), get_cid()
    AuditEntry.objects.bulk_create(
        [
            _entry(
                instance,
                AuditEntry.Action.CREATE,
                model_instance_diff(
                    None, instance, use_json_for_changes=settings.AUDITLOG_STORE_JSON_CHANGES
                ),
                who=who,
                event_id=event_id,
                additional_data=instance.get_additional_data(),
                cid=cid,
            )
            for instance in instances
        ],
        batch_size=batch_size,
    )


def save_audited(instance, before, fields: list[str]) -> None:
    """Save ``fields`` of ``instance`` and audit the update as django-auditlog does (its diff of those
    fields, the same entry), from ``before``: the instance as its row holds it, loaded locked in this
    transaction and copied before the change. auditlog would read the row again first (one ``SELECT``
    a save)."""
    with disable_auditlog():
        instance.save(update_fields=fields)
    changes = model_instance_diff(
        before, instance, fields_to_check=fields, use_json_for_changes=settings.AUDITLOG_STORE_JSON_CHANGES
    )
    if changes:
        AuditEntry.objects.log_create(instance, action=AuditEntry.Action.UPDATE, changes=changes)


def _entry(instance, action, changes, *, who, event_id: int | None, **extra) -> AuditEntry:
    """One audit row of ``instance``, marked with who acted (``core.audit.current_actor``)."""
    actor, via, address = who
    return AuditEntry(
        content_type=ContentType.objects.get_for_model(instance),
        object_pk=str(instance.pk),
        object_id=instance.pk,
        object_repr=str(instance),
        action=action,
        changes=changes,
        actor=actor,
        via=via,
        remote_addr=address,
        event_id=event_id,
        **extra,
    )


def _plain(value):
    """A value as django-auditlog writes it in ``changes``: a string, or None."""
    return None if value is None else str(value)
