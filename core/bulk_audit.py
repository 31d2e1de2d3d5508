"""Audit writes made in bulk, which django-auditlog cannot see (they send no model signals): one
``INSERT`` of ``core.models.AuditEntry`` rows, marked with who acted as core.audit says; an update of a
row the caller holds locked, audited from that row without auditlog reading it again
(``save_audited``); a row inserted, audited as auditlog's signal would (``insert_audited``); and the
entries of several such writes made in one ``INSERT`` (``batched``)."""

from __future__ import annotations

import contextvars
import functools
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from auditlog.cid import get_cid
from auditlog.context import disable_auditlog
from auditlog.diff import (
    get_field_value,
    get_mask_function,
    is_primitive,
    track_field,
)
from auditlog.models import DEFAULT_OBJECT_REPR
from auditlog.registry import auditlog
from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ObjectDoesNotExist
from django.db.models import ForeignKey, Model
from django.utils.encoding import smart_str

from core.audit import current_actor
from core.inserts import insert
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
    inserted as ``bulk_create`` would (``core.inserts``: its statement written once)."""
    entry.complete()
    pending = _batch.get()
    if pending is None:
        insert(AuditEntry, [entry])
    else:
        pending.append(entry)


def _logged(instance, action: int, changes: dict) -> AuditEntry:
    """The entry django-auditlog's ``LogEntryManager.log_create`` makes of ``instance``, not saved."""
    manager = AuditEntry.objects
    pk = manager._get_pk_value(instance)
    try:
        representation = smart_str(instance)
    except ObjectDoesNotExist:
        representation = DEFAULT_OBJECT_REPR
    get_additional_data = getattr(instance, "get_additional_data", None)
    return AuditEntry(
        content_type=ContentType.objects.get_for_model(instance),
        object_pk=pk,
        object_id=pk if isinstance(pk, int) else None,
        object_repr=representation,
        serialized_data=manager._get_serialized_data_or_none(instance),
        action=action,
        changes=changes,
        additional_data=get_additional_data() if callable(get_additional_data) else None,
        cid=get_cid(),
    )


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
                created_changes(instance),
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
    a save). The entry joins the open ``batched`` block, if any."""
    with disable_auditlog():
        instance.save(update_fields=fields)
    changes = updated_changes(before, instance, fields)
    if changes:
        _write(_logged(instance, AuditEntry.Action.UPDATE, changes))


def insert_audited(instance) -> None:
    """Insert ``instance`` (a model django-auditlog audits) and audit it as auditlog's signal would
    (its diff of every field, the same entry); the entry joins the open ``batched`` block, if any."""
    with disable_auditlog():
        instance.save(force_insert=True)
    changes = created_changes(instance)
    if changes:
        _write(_logged(instance, AuditEntry.Action.CREATE, changes))


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


Mask = Callable[[str], str]  # auditlog's mask of a masked field's value


def created_changes(instance: Model) -> dict | None:
    """django-auditlog's diff of a created row (``model_instance_diff(None, instance)``), the same
    changes, without working out anew for every row which fields it walks and what each was
    "before": that costs four times the diff itself, a quarter of a millisecond a deal or a result,
    seconds in an import of 10,000 rows (tests/core/test_bulk_audit.py compares both)."""
    use_json = settings.AUDITLOG_STORE_JSON_CHANGES
    walked = _created_fields(type(instance), use_json)
    return _diff(
        ((field, before, get_field_value(instance, field, use_json), mask) for field, before, mask in walked),
        use_json,
    )


def updated_changes(before: Model, after: Model, fields: list[str]) -> dict | None:
    """django-auditlog's diff of an update of ``fields`` (``model_instance_diff(before, after,
    fields_to_check=fields)``), the fields it walks worked out once per model and list of fields."""
    use_json = settings.AUDITLOG_STORE_JSON_CHANGES
    walked = _updated_fields(type(after), tuple(fields))
    return _diff(
        (
            (field, get_field_value(before, field, use_json), get_field_value(after, field, use_json), mask)
            for field, mask in walked
        ),
        use_json,
    )


def _diff(values: Iterable[tuple[Any, Any, Any, Mask | None]], use_json: bool) -> dict | None:
    """The tail of ``model_instance_diff``: each field whose value changed, masked or as a string
    where auditlog makes one."""
    changes = {}
    for field, before, after, mask in values:
        if before == after:
            continue
        if mask is not None:
            changes[field.name] = (mask(smart_str(before)), mask(smart_str(after)))
        elif not use_json:
            changes[field.name] = (smart_str(before), smart_str(after))
        else:
            changes[field.name] = (
                before if is_primitive(before) else smart_str(before),
                after if is_primitive(after) else smart_str(after),
            )
    return changes or None


@functools.cache
def _created_fields(model: type[Model], use_json: bool) -> tuple[tuple[Any, Any, Mask | None], ...]:
    """What ``model_instance_diff`` walks for a created row of ``model``: its tracked fields
    (``get_fields_in_model``'s), each with its value "before" (what auditlog reads of no instance:
    None, or "None" without JSON changes) and its mask, if it is masked."""
    fields = [field for field in model._meta.get_fields() if track_field(field)]
    return tuple(
        (field, get_field_value(None, field, use_json), mask) for field, mask in _registered(model, fields)
    )


@functools.cache
def _updated_fields(model: type[Model], names: tuple[str, ...]) -> tuple[tuple[Any, Mask | None], ...]:
    """What ``model_instance_diff`` walks for an update of the fields ``names`` of a row of ``model``:
    the concrete fields of those names (a foreign key by its column's name too), each with its mask."""
    fields = [
        field
        for field in model._meta.fields
        if (isinstance(field, ForeignKey) and field.attname in names) or field.name in names
    ]
    return _registered(model, fields)


def _registered(model: type[Model], fields: list) -> tuple[tuple[Any, Mask | None], ...]:
    """``fields`` less the ones the audit log's registration of ``model`` leaves out (included,
    excluded), each with its mask, if the registration masks it. A model is registered once, when the
    apps are ready (core.audit_log): what is worked out of it holds for the process."""
    registered = auditlog.get_model_fields(model)
    if registered["include_fields"]:
        fields = [field for field in fields if field.name in registered["include_fields"]]
    if registered["exclude_fields"]:
        fields = [field for field in fields if field.name not in registered["exclude_fields"]]
    mask = get_mask_function(registered.get("mask_callable"))
    return tuple((field, mask if field.name in registered["mask_fields"] else None) for field in fields)
