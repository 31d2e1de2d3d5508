"""A model's ``save(update_fields=…)`` without the ORM's compiler: the ``CompiledUpdate`` mixin (the
fast path ``compiled_updates``; off, the compiler's own ``UPDATE``).

Django's ``save`` of a row it holds builds and compiles an ``UPDATE … WHERE pk = …`` every time; on
a confirmation (a result version and its match, each saved once) that compiling cost more than the
rest of the save. ``CompiledUpdate`` (``Model._do_update``, the step of ``save`` that updates the
row) writes ``UPDATE "table" SET "column" = %s, … WHERE "table"."pk" = %s`` once per model and set of
fields, and sends it with each save's values, prepared as the compiler prepares them
(``get_db_prep_save``): the same statement, the same parameters. Everything else of ``save`` runs
as ever (signals, ``pre_save`` of each field).

Only what a plain ``%s`` per value updates: an expression among the values, a model instance given
for a field, a field with a placeholder of its own, a value its preparation turns into SQL of its
own, a base manager that filters, ``select_on_save``, or a database other than PostgreSQL or SQLite
goes through the compiler (``Model._do_update``). ``None`` is sent as a parameter where the
compiler writes ``NULL``: the same value.
"""

from __future__ import annotations

from django.db import connections

from core import fast

VENDORS = ("postgresql", "sqlite")

_statements: dict[tuple, str] = {}  # (model, database, columns) -> its UPDATE


class CompiledUpdate:
    """A model mixin: ``save()`` of a row it holds sends its ``UPDATE`` written once per model and set
    of fields (the module's docstring)."""

    def _do_update(self, *args, **kwargs):
        # Django 5.2's arguments; another version's go to its own method.
        if len(args) != 6 or kwargs or not fast.on("compiled_updates"):
            return super()._do_update(*args, **kwargs)
        base_qs, using, pk_val, values, _, _ = args
        meta = self._meta
        connection = connections[using]
        if (
            not values
            or meta.select_on_save
            or connection.vendor not in VENDORS
            or base_qs.query.has_filters()
            or any(_expression(value) or hasattr(field, "get_placeholder") for field, _, value in values)
        ):
            return super()._do_update(*args)
        params = [field.get_db_prep_save(value, connection=connection) for field, _, value in values]
        if any(hasattr(param, "as_sql") for param in params):
            return super()._do_update(*args)
        key = (type(self), using, tuple(field.column for field, _, _ in values))
        if key not in _statements:
            quote = connection.ops.quote_name
            table = quote(meta.db_table)
            columns = ", ".join(f"{quote(field.column)} = %s" for field, _, _ in values)
            _statements[key] = f"UPDATE {table} SET {columns} WHERE {table}.{quote(meta.pk.column)} = %s"
        params.append(meta.pk.get_db_prep_value(pk_val, connection, prepared=False))
        with connection.cursor() as cursor:
            cursor.execute(_statements[key], params)
            return cursor.rowcount > 0


def _expression(value) -> bool:
    return hasattr(value, "resolve_expression") or hasattr(value, "prepare_database_save")
