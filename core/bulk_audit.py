"""Audit writes made in bulk, which django-auditlog cannot see (they send no model signals): one
``INSERT`` of ``core.models.AuditEntry`` rows, marked with who acted as core.audit says; an update of a
row the caller holds locked, audited from that row (``save_audited``); a row inserted and audited
(``insert_audited``); and the entries of several such writes made in one ``INSERT`` (``batched``).

With the fast paths ``audit_writes`` and ``audit_diffs`` off (core.fast), ``save_audited`` and
``insert_audited`` save through django-auditlog's own signals and ``log_created`` takes its own diff:
the same entries.
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager

from auditlog.cid import get_cid
from auditlog.context import disable_auditlog
from auditlog.diff import model_instance_diff
from django.conf import settings
from django.contrib.contenttypes.models import ContentType

from core import fast
from core.audit import current_actor
from core.fast.audit_diffs import created_changes, logged, updated_changes
from core.fast.inserts import insert
from core.models import AuditEntry

# The entries waiting for the end of the innermost ``batched`` block; None outside one.
_batch: contextvars.ContextVar[list[AuditEntry] | None] = contextvars.ContextVar("audit_batch", default=None)


@contextmanager
def batched() -> Iterator[None]:
    """The entries of ``save_audited`` and ``insert_audited`` in the block, written in ONE ``INSERT``
    when it ends, inside the caller's transaction: a write that audits two rows (a result and its
    match) sends one statement for both entries instead of one each. A block that raises writes none:
    its writes are undone with the transaction (or the savepoint) around it. A block inside another
    writes its own at its own end. Like ``bulk_create``, the insert sends no model signals (an
    entry is complete before it is kept: ``AuditEntry.complete``)."""
    entries: list[AuditEntry] = []
    token = _batch.set(entries)
    try:
        yield
    finally:
        _batch.reset(token)
    insert(AuditEntry, entries)


def _write(entry: AuditEntry) -> None:
    """Into the batch when one is open, else at once; completed now (who acts: the request's), and
    inserted as ``bulk_create`` would (``core.fast.inserts``: its statement written once)."""
    entry.complete()
    pending = _batch.get()
    if pending is None:
        insert(AuditEntry, [entry])
    else:
        pending.append(entry)


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
                _created(instance),
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
    a save). The entry joins the open ``batched`` block, if any (``audit_writes``; off, auditlog's
    signal reads the row again and writes the entry)."""
    if not fast.on("audit_writes"):
        instance.save(update_fields=fields)
        return
    with disable_auditlog():
        instance.save(update_fields=fields)
    changes = (
        updated_changes(before, instance, fields)
        if fast.on("audit_diffs")
        else model_instance_diff(
            before,
            instance,
            fields_to_check=fields,
            use_json_for_changes=settings.AUDITLOG_STORE_JSON_CHANGES,
        )
    )
    if changes:
        _write(logged(instance, AuditEntry.Action.UPDATE, changes))


def insert_audited(instance) -> None:
    """Insert ``instance`` (a model django-auditlog audits) and audit it as auditlog's signal would
    (its diff of every field, the same entry); the entry joins the open ``batched`` block, if any
    (``audit_writes``; off, auditlog's signal writes it)."""
    if not fast.on("audit_writes"):
        instance.save(force_insert=True)
        return
    with disable_auditlog():
        instance.save(force_insert=True)
    changes = _created(instance)
    if changes:
        _write(logged(instance, AuditEntry.Action.CREATE, changes))


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


def _created(instance) -> dict | None:
    """django-auditlog's diff of a created row (``audit_diffs``: worked out faster, the same)."""
    if fast.on("audit_diffs"):
        return created_changes(instance)
    return model_instance_diff(None, instance, use_json_for_changes=_json())


def _json() -> bool:
    return settings.AUDITLOG_STORE_JSON_CHANGES  # read at each call, as django-auditlog's receivers do
