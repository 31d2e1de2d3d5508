"""Rows inserted as ``bulk_create`` inserts them, without its compiler: ``insert(model, instances)``.

``bulk_create`` builds its ``INSERT`` through the ORM's compiler on every call and, on PostgreSQL,
reads the new primary keys back. For the audit entries a scorekeeping write adds
(core.bulk_audit) that was most of what an entry cost the request. ``insert`` writes the same values
— each field's ``pre_save`` and ``get_db_prep_save``, as the compiler applies them — in one
``INSERT … VALUES (…), (…)`` whose text is made once per model; the instances' primary keys are not
read back (nothing here reads them).

Only what a plain ``%s`` per value can insert: a model with a parent table, a field with a database
default or a placeholder of its own, or an instance whose primary key is set goes through
``bulk_create``. Neither sends model signals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import connections, router
from django.db.models import AutoField, Field, Model


@dataclass(frozen=True)
class _Table:
    fields: tuple[Field, ...]  # the columns written, in order
    head: str  # INSERT INTO "table" ("column", …) VALUES
    row: str  # (%s, …): one row's placeholders


_tables: dict[tuple[type[Model], str], _Table | None] = {}


def insert(model: type[Model], instances: Sequence[Model]) -> None:
    """Insert ``instances`` of ``model`` (new ones: no primary key) in one statement."""
    if not instances:
        return
    using = router.db_for_write(model)
    key = (model, using)
    if key not in _tables:
        _tables[key] = _table(model, using)
    table = _tables[key]
    if table is None or any(instance.pk is not None for instance in instances):
        model._default_manager.db_manager(using).bulk_create(instances)
        return
    connection = connections[using]
    params = []
    for instance in instances:
        # As bulk_create: a related instance not saved yet is refused, a related one's id is taken.
        instance._prepare_related_fields_for_save(operation_name="insert")
        params += [
            field.get_db_prep_save(field.pre_save(instance, True), connection) for field in table.fields
        ]
    with connection.cursor() as cursor:
        cursor.execute(table.head + ", ".join([table.row] * len(instances)), params)
    for instance in instances:
        instance._state.adding = False
        instance._state.db = using


def _table(model: type[Model], using: str) -> _Table | None:
    """The statement of ``model``'s rows, or None when a plain ``%s`` per value cannot insert them."""
    meta = model._meta
    if meta.parents or meta.proxy:
        return None
    fields = tuple(
        field for field in meta.concrete_fields if not field.generated and not isinstance(field, AutoField)
    )
    if any(field.has_db_default() or hasattr(field, "get_placeholder") for field in fields):
        return None
    quote = connections[using].ops.quote_name
    head = "INSERT INTO {} ({}) VALUES ".format(
        quote(meta.db_table), ", ".join(quote(field.column) for field in fields)
    )
    return _Table(fields, head, "({})".format(", ".join(["%s"] * len(fields))))
