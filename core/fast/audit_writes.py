"""The audit entries of a scorekeeping write made without django-auditlog's signals (for
core.bulk_audit): the fast path ``audit_writes``.

An update of a row the caller holds locked is audited from that row, without auditlog reading it
again (one ``SELECT`` a save), and an entry is made as auditlog's ``LogEntryManager.log_create``
makes it (``logged``, which leans on two of its private methods), to be inserted with the other
entries of the write in one ``INSERT``. The changes are auditlog's own diff
(``model_instance_diff``, core.bulk_audit).
"""

from __future__ import annotations

from auditlog.cid import get_cid
from auditlog.models import DEFAULT_OBJECT_REPR
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ObjectDoesNotExist
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
