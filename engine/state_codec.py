"""A match state as JSON and back (pure; no Django): what lets a service store a match's fold and
post the next deal from it instead of folding every deal again (docs/scoring.md "The stored state").

Every game's match state is a frozen dataclass of plain values: ints, floats, strings, booleans,
enums, tuples, mappings, frozensets, None and other such dataclasses (a rule profile, a finishing
order). ``dump`` writes one as JSON-able values and ``load`` reads them back by the dataclass's
type hints, so that ``load(type(state), dump(state)) == state`` for every state a game folds.

``shape`` is a fingerprint of a state class's fields and their types, nested classes included: a
state stored by a release whose state class differs is recognised as such and folded again, never
read into the wrong fields.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import types
import typing
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Union

JSON = Any  # a JSON-able value: None, bool, int, float, str, list, dict with str keys
Writer = Callable[[Any], JSON]  # how a class of values is written
Reader = Callable[[JSON], Any]  # how a type is read


def dump(value: Any) -> JSON:
    """``value`` as JSON-able values: a dataclass as an object of its fields, an enum as its value,
    a tuple, list or frozenset as a list (a frozenset sorted), a mapping as a list of pairs (its keys
    may be enums or ints)."""
    kind = type(value)
    dumper = _dumpers.get(kind)
    if dumper is None:
        dumper = _dumpers[kind] = _dumper(kind)
    return dumper(value)


def load(kind: Any, data: JSON) -> Any:
    """A value of type ``kind`` from what ``dump`` wrote. Raises ``ValueError`` (or ``TypeError``,
    ``KeyError``) on data that does not fit the type."""
    return _loader(kind)(data)


# A deal post stores the match's state and reads it back on the next post: the way each class of
# value is written, and each type read, is worked out once per class and type (which values go
# where, the type hints of a dataclass) rather than again for every value of every post.
_dumpers: dict[type, Writer] = {}


def _dumper(kind: type) -> Writer:
    if dataclasses.is_dataclass(kind):
        names = tuple(field.name for field in dataclasses.fields(kind))
        return lambda value: {name: dump(getattr(value, name)) for name in names}
    if issubclass(kind, enum.Enum):
        return lambda value: value.value
    if issubclass(kind, Mapping):
        return lambda value: [[dump(key), dump(item)] for key, item in value.items()]
    if issubclass(kind, frozenset | set):
        return lambda value: sorted((dump(item) for item in value), key=repr)
    if issubclass(kind, tuple | list):
        return lambda value: [dump(item) for item in value]
    if kind is type(None) or issubclass(kind, bool | int | float | str):
        return lambda value: value

    def refuse(value: Any) -> JSON:
        raise TypeError(f"{type(value).__name__} is not a match state's value")

    return refuse


@cache
def _loader(kind: Any) -> Reader:
    """The reader of values of type ``kind``; one that raises ``TypeError`` for a type a match
    state does not hold."""
    origin = typing.get_origin(kind)
    if kind is Any:
        return lambda data: data
    if origin in (Union, types.UnionType):
        return _union(kind)
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _loader(args[0])
            return lambda data: tuple(item(value) for value in _list(data))
        return _fixed_tuple(kind, tuple(_loader(arg) for arg in args))
    if origin in (frozenset, set):
        (arg,) = typing.get_args(kind)
        member = _loader(arg)
        return lambda data: frozenset(member(value) for value in _list(data))
    if origin in (dict, Mapping, typing.Mapping) or (origin is not None and _is_mapping(origin)):
        key, item = map(_loader, typing.get_args(kind))
        return lambda data: {key(pair[0]): item(pair[1]) for pair in _list(data)}
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _dataclass(kind)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return kind
    if kind is float:
        return _number
    if kind in (int, str, bool):
        return _exactly(kind)

    def refuse(data: JSON) -> Any:
        raise TypeError(f"{kind!r} is not a match state's type")

    return refuse


def _union(kind: Any) -> Reader:
    options = typing.get_args(kind)
    nullable = type(None) in options
    readers = [_loader(option) for option in options if option is not type(None)]

    def read(data: JSON) -> Any:
        if data is None and nullable:
            return None
        errors: list[Exception] = []
        for reader in readers:
            try:
                return reader(data)
            except (ValueError, TypeError, KeyError) as error:
                errors.append(error)
        raise ValueError(f"{data!r} fits none of {kind}: {errors}")

    return read


def _fixed_tuple(kind: Any, readers: tuple[Reader, ...]) -> Reader:
    def read(data: JSON) -> Any:
        items = _list(data)
        if len(items) != len(readers):
            raise ValueError(f"{kind} has {len(readers)} items, not {len(items)}")
        return tuple(reader(item) for reader, item in zip(readers, items, strict=True))

    return read


def _dataclass(kind: type) -> Reader:
    # (name, reader) of each field, made on the first read: a class may hold itself.
    fields: tuple[tuple[str, Reader], ...] | None = None

    def read(data: JSON) -> Any:
        nonlocal fields
        if not isinstance(data, dict):
            raise TypeError(f"{kind.__name__} is stored as an object")
        if fields is None:
            hints = _hints(kind)
            fields = tuple((field.name, _loader(hints[field.name])) for field in _init_fields(kind))
        return kind(**{name: reader(data[name]) for name, reader in fields})

    return read


def _number(data: JSON) -> float:
    if isinstance(data, bool) or not isinstance(data, int | float):
        raise TypeError(f"{data!r} is not a number")
    return data


def _exactly(kind: type) -> Reader:
    def read(data: JSON) -> Any:
        if type(data) is not kind:
            raise TypeError(f"{data!r} is not a {kind.__name__}")
        return data

    return read


@cache
def shape(kind: type) -> str:
    """A fingerprint of the state class ``kind``: its fields and their types, nested dataclasses and
    enums (their members) included. Two releases whose state classes have the same shape read each
    other's stored states."""
    return hashlib.sha256(_describe(kind).encode()).hexdigest()[:16]


@cache
def _describe(kind: Any) -> str:
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = _hints(kind)
        inner = ",".join(f"{field.name}:{_describe(hints[field.name])}" for field in dataclasses.fields(kind))
        return f"{kind.__qualname__}({inner})"
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return f"{kind.__qualname__}[{','.join(repr(member.value) for member in kind)}]"
    args = typing.get_args(kind)
    if args:
        origin = typing.get_origin(kind)
        name = getattr(origin, "__qualname__", repr(origin))
        return f"{name}[{','.join('...' if arg is Ellipsis else _describe(arg) for arg in args)}]"
    return getattr(kind, "__qualname__", repr(kind))


@cache
def _hints(kind: type) -> dict[str, Any]:
    return typing.get_type_hints(kind)


def _init_fields(kind: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(field for field in dataclasses.fields(kind) if field.init)


def _is_mapping(origin: Any) -> bool:
    return isinstance(origin, type) and issubclass(origin, Mapping)


def _list(data: JSON) -> list[Any]:
    if not isinstance(data, list):
        raise TypeError(f"{data!r} is not a list")
    return data
