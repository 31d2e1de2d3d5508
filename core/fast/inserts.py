"""Rows inserted as ``bulk_create`` inserts them, without its compiler: ``insert(model, instances)``
(the fast path ``compiled_inserts``; off, ``bulk_create`` and the compiler's own ``INSERT``).

``bulk_create`` builds its ``INSERT`` through the ORM's compiler on every call and, on PostgreSQL,
reads the new primary keys back. For the audit entries a scorekeeping write adds
(core.bulk_audit) that was most of what an entry cost the request. ``insert`` writes the same values
— each field's ``pre_save`` and ``get_db_prep_save``, as the compiler applies them — in one
``INSERT … VALUES (…), (…)`` whose text is made once per model; the instances' primary keys are not
read back (nothing here reads them).

Only what a plain ``%s`` per value can insert: a model with a parent table, a field with a database
default or a placeholder of its own, or an instance whose primary key is set goes through
``bulk_create``. Neither sends model signals.

``CompiledInsert``, mixed into a model, does the same for its ``save()`` of a new row (a deal, a
result version: one a post): Django's ``save`` runs as ever (signals, ``pre_save`` of each field, the
primary key read back), only its ``INSERT … RETURNING`` is written once per model instead of by the
compiler each time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import connections, router
from django.db.models import AutoField, Field, Model

from core import fast

VENDORS = ("postgresql", "sqlite")  # whose INSERT … RETURNING this writes as their compiler does


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
    if not fast.on("compiled_inserts"):
        model._default_manager.db_manager(router.db_for_write(model)).bulk_create(instances)
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
        instance._prepare_related_fields_for_save(operation_name="insert")  # type: ignore[attr-defined]
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
        quote(str(meta.db_table)), ", ".join(quote(str(field.column)) for field in fields)
    )
    return _Table(fields, head, "({})".format(", ".join(["%s"] * len(fields))))


class CompiledInsert:
    """A model mixin: ``save()`` of a new instance sends its ``INSERT … RETURNING`` written once per
    model (``Model._do_insert``, the step of ``save`` that inserts the row) whenever the ORM's
    compiler would write it with a plain ``%s`` per value (no expression among the values, fields
    of the kind ``insert`` takes, only the auto primary key read back without a converter); else
    the compiler writes it."""

    def _do_insert(self, manager, using, fields, returning_fields, raw):
        if not fast.on("compiled_inserts"):
            return super()._do_insert(manager, using, fields, returning_fields, raw)
        statement = (
            None if raw else _returning(type(self), using, tuple(fields), tuple(returning_fields or ()))
        )
        if statement is None or any(hasattr(getattr(self, f.attname), "resolve_expression") for f in fields):
            return super()._do_insert(manager, using, fields, returning_fields, raw)
        sql, returning_params = statement
        connection = connections[using]
        params = [field.get_db_prep_save(field.pre_save(self, True), connection) for field in fields]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            if not returning_fields:
                return []
            return [connection.ops.fetch_returned_insert_columns(cursor, returning_params)]


_statements: dict[tuple, tuple[str, tuple] | None] = {}


def _returning(model: type[Model], using: str, fields: tuple, returning: tuple) -> tuple[str, tuple] | None:
    """``INSERT … VALUES (%s, …) RETURNING …`` of one row of ``model``, as the compiler writes it, with
    the parameters of its RETURNING clause; None when the compiler must write it."""
    key = (model, using, fields, returning)
    if key not in _statements:
        _statements[key] = _written(model, using, fields, returning)
    return _statements[key]


def _written(model: type[Model], using: str, fields: tuple, returning: tuple) -> tuple[str, tuple] | None:
    connection = connections[using]
    if (
        connection.vendor not in VENDORS
        or _table(model, using) is None
        or not fields
        or any(hasattr(field, "get_placeholder") for field in fields)
        or (returning and not connection.features.can_return_columns_from_insert)
        or any(
            not isinstance(field, AutoField)
            or field.get_db_converters(connection)
            or connection.ops.get_db_converters(field.get_col(model._meta.db_table))
            for field in returning
        )
    ):
        return None
    quote = connection.ops.quote_name
    sql = "{} {} ({}) VALUES ({})".format(
        connection.ops.insert_statement(on_conflict=None),
        quote(model._meta.db_table),
        ", ".join(quote(field.column) for field in fields),
        ", ".join(["%s"] * len(fields)),
    )
    returning_params: tuple = ()
    if returning:
        # (ignore: every backend with RETURNING has it; the stubs' base class does not declare it)
        clause, returning_params = connection.ops.return_insert_columns(list(returning))  # type: ignore[attr-defined]
        sql = f"{sql} {clause}"
    return sql, tuple(returning_params)
