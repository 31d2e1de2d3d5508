"""Hot reads compiled to SQL once, then run with each request's values: the fast path
``prepared_reads`` (off, every read goes through the ORM, as ``build`` writes it).

Django builds and compiles a queryset anew for every evaluation. For the list of a round's
tables that is several milliseconds of Python per query, many times what PostgreSQL takes to
answer it. A :class:`Prepared` read keeps the ORM as the one place the query is written: it
calls its ``build`` function once per *shape* (the caller's choice of filters) with stand-in
values, compiles the queryset, notes where each stand-in sits among the SQL parameters, and from
then on runs that SQL with the request's values and applies the ORM's converters to the rows,
exactly as ``values_list`` would.

A read is prepared only when that is provably sound: the shape is compiled twice with two
different sets of stand-ins, and every parameter must either be the same in both or be one
stand-in, each at least once (a value used twice, as a page and the subquery that counts its
rows both filter by it, is put in both places). Otherwise (a stand-in the ORM turned into something else or
dropped, an empty result known in advance…) the shape always goes through the ORM; so does any
build that is not a plain ``values_list`` of tuples.

Values are integers (ids, numbers) or strings compared as given; ``limit``/``offset`` are
appended as parameters, so one compiled query serves every page.

A read of model instances (``Prepared.objects``: a plain queryset, ``select_related``,
annotations and ``select_for_update`` included) is compiled the same way, and its rows become
instances as the ORM's own ``ModelIterable`` makes them (``Model.from_db`` and its populators of
the related rows). A write's locking read is one: on a deal post, compiling the query of the
match it locks cost more than the rest of the read.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from django.core.exceptions import EmptyResultSet, FullResultSet
from django.db import connections, router
from django.db.models import Model, QuerySet
from django.db.models.query import ModelIterable, ValuesListIterable, get_related_populators
from django.db.transaction import TransactionManagementError

from core import fast

_MISSING = object()
# A read with more than this many parameters, all integers (a page of pairs by their ids, as many as
# the page has), has them written into its SQL: a new statement at each length, never worth
# preparing (a read of a match, a token, a match's results is the same statement on every request,
# bound on the server and prepared there as the settings say: config/settings.py).
_INLINED_PARAMETERS = 20
M = TypeVar("M", bound=Model)


def _int_stand_in(round_: int, number: int) -> int:
    """Distinct for every (round, number), and for the first thousand values within a small
    integer column's range (Django turns an exact lookup on a value out of a column's range into
    "no rows" without any SQL: such a read is then not prepared)."""
    return (20011, 25013)[round_] + 7 * number


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: tuple  # the parameters as compiled, stand-ins included
    positions: tuple[tuple[str, int], ...]  # (value name, index in params)
    converters: tuple  # (position in row, converters, expression), as the compiler applies them
    width: int | None  # columns to keep of each row (None: all)
    objects: _Objects | None = None  # a read of model instances: how a row becomes one


@dataclass(frozen=True)
class _Objects:
    """What Django's ``ModelIterable`` works out from a compiled query to make its instances."""

    model: type[Model]
    using: str
    init_list: tuple[str, ...]  # the model's columns, by attname
    start: int  # where they sit in a row
    end: int
    related: tuple  # the populators of the rows of select_related
    annotations: tuple[tuple[str, int], ...]  # (name, position in row)
    locks: bool  # SELECT … FOR UPDATE: only inside a transaction, as the ORM requires

    def make(self, row: tuple) -> Model:
        instance = self.model.from_db(self.using, self.init_list, row[self.start : self.end])
        for populator in self.related:
            populator.populate(row, instance)
        for name, position in self.annotations:
            setattr(instance, name, row[position])
        return instance


class Prepared(Generic[M]):
    """A read of ``model`` the ORM writes once per shape: ``Prepared(model, build).rows(shape, **values)``.

    ``build(shape, **values)`` returns a ``values_list`` queryset of ``model``; it must depend on
    nothing but its arguments (``shape`` is part of the key of the compiled SQL, the values are not).
    """

    def __init__(self, model: type[M], build: Callable[..., QuerySet]):
        self.model = model
        self.build = build
        self._compiled: dict[Hashable, _Compiled | None] = {}
        self._lock = threading.Lock()

    def rows(
        self, shape: Hashable, *, limit: int | None = None, offset: int = 0, **values: Any
    ) -> list[tuple]:
        """The rows of ``build(shape, **values)``, a ``values_list`` of tuples."""
        using = router.db_for_read(self.model)
        compiled = (
            self._compiled_for(using, shape, values, paged=limit is not None, objects=False)
            if fast.on("prepared_reads")
            else None
        )
        if compiled is None:  # not preparable: the ORM, every time
            queryset = self.build(shape, **values)
            if limit is not None:
                queryset = queryset[offset : offset + limit]
            return list(queryset)
        return self._run(compiled, connections[using], values, limit, offset)

    def objects(self, shape: Hashable, **values: Any) -> list[M]:
        """The instances of ``build(shape, **values)``, a queryset of model instances (with its
        ``select_related``, annotations, ``select_for_update``), as iterating it gives them."""
        # A locking read's queryset is for the write database: another than this is not prepared
        # (``_compile`` compares them), and goes through the ORM.
        using = router.db_for_read(self.model)
        compiled = (
            self._compiled_for(using, shape, values, paged=False, objects=True)
            if fast.on("prepared_reads")
            else None
        )
        if compiled is None or compiled.objects is None:
            return list(self.build(shape, **values))
        made = compiled.objects
        connection = connections[using]
        if made.locks and connection.get_autocommit():
            raise TransactionManagementError("select_for_update cannot be used outside of a transaction.")
        return [made.make(row) for row in self._run(compiled, connection, values, None, 0)]  # type: ignore[misc]

    def _compiled_for(
        self, using: str, shape: Hashable, values: dict[str, Any], *, paged: bool, objects: bool
    ) -> _Compiled | None:
        key = (using, shape, tuple(values), tuple(map(type, values.values())), paged, objects)
        compiled = self._compiled.get(key, _MISSING)
        if compiled is _MISSING:
            with self._lock:
                compiled = self._compiled.get(key, _MISSING)
                if compiled is _MISSING:
                    compiled = self._compiled[key] = self._compile(shape, values, using, objects=objects)
        assert compiled is None or isinstance(compiled, _Compiled)  # no longer _MISSING
        return compiled

    @staticmethod
    def _run(
        compiled: _Compiled, connection, values: dict[str, Any], limit: int | None, offset: int
    ) -> list[tuple]:
        params = list(compiled.params)
        for name, index in compiled.positions:
            params[index] = values[name]
        sql = compiled.sql
        if limit is not None:
            sql = f"{sql} LIMIT %s OFFSET %s"
            params += [limit, offset]
        with connection.cursor() as cursor:
            if len(params) > _INLINED_PARAMETERS and all(type(value) is int for value in params):
                # Integers written into the SQL as the driver would (str() of an int is digits):
                # psycopg splits a statement at its placeholders in Python on every call when it
                # has more than 50 (a page's pair ids), which took longer than the query.
                cursor.execute(sql % tuple(params))
            else:
                cursor.execute(sql, params)
            fetched = cursor.fetchall()
        if compiled.width is not None:
            fetched = [row[: compiled.width] for row in fetched]
        if not compiled.converters:
            return [tuple(row) for row in fetched]
        rows = []
        for row in fetched:
            row = list(row)
            for position, converters, expression in compiled.converters:
                value = row[position]
                for converter in converters:
                    value = converter(value, expression, connection)
                row[position] = value
            rows.append(tuple(row))
        return rows

    def _compile(
        self, shape: Hashable, values: dict[str, Any], using: str, *, objects: bool
    ) -> _Compiled | None:
        if len(values) > 1800:
            return None
        attempts = []
        for round_ in range(2):
            stand_ins: dict[str, int | str] = {}
            for number, (name, value) in enumerate(sorted(values.items())):
                if type(value) is int:
                    stand_ins[name] = _int_stand_in(round_, number)
                elif type(value) is str:
                    stand_ins[name] = f"\x1fstand-in-{round_}-{number}"
                else:
                    return None
            queryset = self.build(shape, **stand_ins)
            if queryset.db != using or queryset.model is not self.model:
                return None
            compiled = _compile_queryset(queryset, using, objects=objects)
            if compiled is None:
                return None
            attempts.append((stand_ins, compiled))
        (first, compiled), (second, compiled_2) = attempts
        sql, params, sql_2, params_2 = compiled.sql, compiled.params, compiled_2.sql, compiled_2.params
        if sql != sql_2 or len(params) != len(params_2):
            return None
        by_value = {value: name for name, value in first.items()}
        positions = []
        for index, (a, b) in enumerate(zip(params, params_2, strict=True)):
            if a == b and a not in by_value:
                continue
            stood_for = by_value.get(a)
            if stood_for is None or second[stood_for] != b:
                return None
            positions.append((stood_for, index))
        if {name for name, _ in positions} != set(values):
            return None  # a stand-in missing
        return replace(compiled, positions=tuple(positions))


def _compile_queryset(queryset: QuerySet, using: str, *, objects: bool) -> _Compiled | None:
    """A plain ``values_list`` queryset compiled (``objects``: a queryset of model instances, and
    how its rows become them); None for anything else."""
    query = queryset.query
    if (
        queryset._iterable_class is not (ModelIterable if objects else ValuesListIterable)
        or query.is_sliced
        or queryset._prefetch_related_lookups  # type: ignore[attr-defined]  # private: not in the stubs
        or queryset._known_related_objects  # type: ignore[attr-defined]  # private: not in the stubs
    ):
        return None
    compiler = query.get_compiler(using=using)
    try:
        sql, params = compiler.as_sql()
    except (EmptyResultSet, FullResultSet):
        return None
    fields = [selected[0] for selected in compiler.select[0 : compiler.col_count]]
    if compiler.has_composite_fields(fields):
        return None
    converters = tuple(
        (position, tuple(converters), expression)
        for position, (converters, expression) in compiler.get_converters(fields).items()
    )
    width = compiler.col_count if compiler.has_extra_select else None
    made = _objects_of(compiler, queryset, using) if objects else None
    return _Compiled(sql, tuple(params), (), converters, width, made)


def _objects_of(compiler, queryset: QuerySet, using: str) -> _Objects:
    """How ``ModelIterable`` makes an instance of each row of the compiled query."""
    select, klass_info = compiler.select, compiler.klass_info
    start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
    return _Objects(
        model=klass_info["model"],
        using=using,
        init_list=tuple(column[0].target.attname for column in select[start:end]),
        start=start,
        end=end,
        # (ignore: the stubs follow a later Django, whose populators also take a fetch mode)
        related=tuple(get_related_populators(klass_info, select, using)),  # type: ignore[call-arg]
        annotations=tuple((compiler.annotation_col_map or {}).items()),
        locks=bool(queryset.query.select_for_update),
    )
