"""Hot reads compiled to SQL once, then run with each request's values.

Django builds and compiles a queryset anew for every evaluation. For the list of a round's
tables that is several milliseconds of Python per query, many times what PostgreSQL takes to
answer it. A :class:`Prepared` read keeps the ORM as the one place the query is written: it
calls its ``build`` function once per *shape* (the caller's choice of filters) with stand-in
values, compiles the queryset, notes where each stand-in sits among the SQL parameters, and from
then on runs that SQL with the request's values and applies the ORM's converters to the rows,
exactly as ``values_list`` would.

A read is prepared only when that is provably sound: the shape is compiled twice with two
different sets of stand-ins, and every parameter must either be the same in both or be one
stand-in, each exactly once. Otherwise (a stand-in the ORM turned into something else or
dropped, an empty result known in advance…) the shape always goes through the ORM; so does any
build that is not a plain ``values_list`` of tuples.

Values are integers (ids, numbers) or strings compared as given; ``limit``/``offset`` are
appended as parameters, so one compiled query serves every page.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import EmptyResultSet, FullResultSet
from django.db import connections, router
from django.db.models import QuerySet
from django.db.models.query import ValuesListIterable

_MISSING = object()


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


class Prepared:
    """A read of ``model`` the ORM writes once per shape: ``Prepared(model, build).rows(shape, **values)``.

    ``build(shape, **values)`` returns a ``values_list`` queryset of ``model``; it must depend on
    nothing but its arguments (``shape`` is part of the key of the compiled SQL, the values are not).
    """

    def __init__(self, model, build: Callable[..., QuerySet]):
        self.model = model
        self.build = build
        self._compiled: dict[Hashable, _Compiled | None] = {}
        self._lock = threading.Lock()

    def rows(
        self, shape: Hashable, *, limit: int | None = None, offset: int = 0, **values: Any
    ) -> list[tuple]:
        using = router.db_for_read(self.model)
        connection = connections[using]
        key = (using, shape, tuple(values), tuple(map(type, values.values())), limit is not None)
        compiled = self._compiled.get(key, _MISSING)
        if compiled is _MISSING:
            with self._lock:
                compiled = self._compiled.get(key, _MISSING)
                if compiled is _MISSING:
                    compiled = self._compiled[key] = self._compile(shape, values, using)
        if compiled is None:  # not preparable: the ORM, every time
            queryset = self.build(shape, **values)
            if limit is not None:
                queryset = queryset[offset : offset + limit]
            return list(queryset)
        assert isinstance(compiled, _Compiled)  # no longer _MISSING: compiled above
        params = list(compiled.params)
        for name, index in compiled.positions:
            params[index] = values[name]
        sql = compiled.sql
        if limit is not None:
            sql = f"{sql} LIMIT %s OFFSET %s"
            params += [limit, offset]
        with connection.cursor() as cursor:
            if all(type(value) is int for value in params):
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

    def _compile(self, shape: Hashable, values: dict[str, Any], using: str) -> _Compiled | None:
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
            compiled = _compile_queryset(queryset, using)
            if compiled is None:
                return None
            attempts.append((stand_ins, *compiled))
        (first, sql, params, converters, width), (second, sql_2, params_2, *_) = attempts
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
        if sorted(name for name, _ in positions) != sorted(values):
            return None  # a stand-in missing, or there twice
        return _Compiled(sql, tuple(params), tuple(positions), converters, width)


def _compile_queryset(queryset: QuerySet, using: str):
    """(sql, params, converters, width) of a plain ``values_list`` queryset; None for anything else."""
    query = queryset.query
    if (
        queryset._iterable_class is not ValuesListIterable
        or query.is_sliced
        or queryset._prefetch_related_lookups  # type: ignore[attr-defined]  # private: not in the stubs
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
    return sql, tuple(params), converters, width
