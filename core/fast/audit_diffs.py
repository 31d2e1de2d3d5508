"""The audit entries of a scorekeeping write made without django-auditlog's overheads (for
core.bulk_audit): the fast paths ``audit_diffs`` and ``audit_writes``.

- ``audit_diffs``: auditlog's diff of a created or updated row (``model_instance_diff``), the same
  changes, with which fields it walks (and what each was "before") worked out once per model
  instead of for every row (tests/core/test_bulk_audit.py compares both).
- ``audit_writes``: an update of a row the caller holds locked is audited from that row, without
  auditlog reading it again (one ``SELECT`` a save), and an entry is made as auditlog's
  ``LogEntryManager.log_create`` makes it (``logged``, which leans on two of its private methods),
  to be inserted with the other entries of the write in one ``INSERT``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any

from auditlog.cid import get_cid
from auditlog.diff import get_field_value, get_mask_function, is_primitive, track_field
from auditlog.models import DEFAULT_OBJECT_REPR
from auditlog.registry import auditlog
from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ObjectDoesNotExist
from django.db.models import ForeignKey, Model
from django.utils.encoding import smart_str

from core.models import AuditEntry


def logged(instance, action: int, changes: dict) -> AuditEntry:
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
