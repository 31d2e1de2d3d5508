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
from collections.abc import Mapping
from functools import cache
from typing import Any, Union

JSON = Any  # a JSON-able value: None, bool, int, float, str, list, dict with str keys


def dump(value: Any) -> JSON:
    """``value`` as JSON-able values: a dataclass as an object of its fields, an enum as its value,
    a tuple, list or frozenset as a list (a frozenset sorted), a mapping as a list of pairs (its keys
    may be enums or ints)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {field.name: dump(getattr(value, field.name)) for field in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Mapping):
        return [[dump(key), dump(item)] for key, item in value.items()]
    if isinstance(value, frozenset | set):
        return sorted((dump(item) for item in value), key=repr)
    if isinstance(value, tuple | list):
        return [dump(item) for item in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"{type(value).__name__} is not a match state's value")


def load(kind: Any, data: JSON) -> Any:
    """A value of type ``kind`` from what ``dump`` wrote. Raises ``ValueError`` (or ``TypeError``,
    ``KeyError``) on data that does not fit the type."""
    origin = typing.get_origin(kind)
    if kind is Any:
        return data
    if origin in (Union, types.UnionType):
        options = typing.get_args(kind)
        if data is None and type(None) in options:
            return None
        errors: list[Exception] = []
        for option in options:
            if option is type(None):
                continue
            try:
                return load(option, data)
            except (ValueError, TypeError, KeyError) as error:
                errors.append(error)
        raise ValueError(f"{data!r} fits none of {kind}: {errors}")
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(load(args[0], item) for item in _list(data))
        items = _list(data)
        if len(items) != len(args):
            raise ValueError(f"{kind} has {len(args)} items, not {len(items)}")
        return tuple(load(arg, item) for arg, item in zip(args, items, strict=True))
    if origin in (frozenset, set):
        (arg,) = typing.get_args(kind)
        return frozenset(load(arg, item) for item in _list(data))
    if origin in (dict, Mapping, typing.Mapping) or (origin is not None and _is_mapping(origin)):
        key, item = typing.get_args(kind)
        return {load(key, pair[0]): load(item, pair[1]) for pair in _list(data)}
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        if not isinstance(data, dict):
            raise TypeError(f"{kind.__name__} is stored as an object")
        hints = _hints(kind)
        fields = {field.name: load(hints[field.name], data[field.name]) for field in _init_fields(kind)}
        return kind(**fields)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return kind(data)
    if kind is float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise TypeError(f"{data!r} is not a number")
        return data
    if kind in (int, str, bool):
        if type(data) is not kind:
            raise TypeError(f"{data!r} is not a {kind.__name__}")
        return data
    raise TypeError(f"{kind!r} is not a match state's type")


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
