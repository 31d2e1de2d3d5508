"""Fast paths for DRF input: plainly valid input checked in plain Python (the fast path
``lean_input``; off, the serializer checks every body).

Before a DRF serializer looks at the data it builds every one of its fields (deep copies, and a
nested serializer per item of a list); for a referee question that is most of the request's time.
``validated(SerializerClass, data)`` gives the same ``validated_data`` as the serializer when the
input is plainly valid, checked by a function compiled once per class from the serializer's own
fields. On anything else (an error, or merely something unusual: a number where a string goes,
non-ASCII text, surrounding spaces) it runs the serializer itself, so every error — its code,
field path and message — is still the serializer's own.

Compiled: ``Serializer`` subclasses (no ``validate_<field>``, no validators; an overridden
``validate`` or ``to_internal_value`` only when it merely checks, said by a ``lean_accepts(value)``
static method it also uses, or when what it does after the fields is a ``lean_finish(value)``
static method it also uses), many=True lists of them, ``CharField``, ``ChoiceField``,
``BooleanField``, ``IntegerField`` (the strict versions in core.fields, and DRF's own for the first
three), ``DateTimeField`` (core.fields' strict one: its own parsing), ``ListField``, ``DictField``.
Any other field makes the class always take the serializer.

``core.fast.lean_filters`` does the same for django-filter's filter sets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from django.core.validators import (
    MaxLengthValidator,
    MaxValueValidator,
    MinLengthValidator,
    MinValueValidator,
    ProhibitNullCharactersValidator,
)
from rest_framework import fields, serializers
from rest_framework.fields import empty
from rest_framework.validators import ProhibitSurrogateCharactersValidator

from core import fast
from core.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictDateTimeField,
    StrictIntegerField,
)

Check = Callable[[Any], Any]  # a present, non-null value -> its validated value; raises _Decline


class _Decline(Exception):
    """Not plainly valid: the serializer decides."""


class _Unsupported(Exception):
    """A field or serializer this module does not compile."""


_compiled: dict[type, Check | None] = {}


def validated(serializer_class: type[serializers.Serializer], data: Any) -> dict:
    """The serializer's ``validated_data`` for ``data``; its ``ValidationError`` when invalid."""
    check = shape(serializer_class) if fast.on("lean_input") else None
    if check is not None:
        try:
            return check(data)
        except _Decline:
            pass
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def shape(serializer_class: type[serializers.Serializer]) -> Check | None:
    """The compiled check of a serializer class, or None when it cannot be compiled."""
    if serializer_class not in _compiled:
        try:
            _compiled[serializer_class] = _serializer(serializer_class())
        except _Unsupported:
            _compiled[serializer_class] = None
    return _compiled[serializer_class]


def _decline(value: Any = None) -> Any:
    raise _Decline


def _lengths(
    field: fields.CharField | fields.ListField, allowed: tuple[type, ...]
) -> tuple[int | None, int | None]:
    """The field's (min_length, max_length), when its validators are exactly the standard ones."""
    for validator in field.validators:
        if not isinstance(validator, allowed):
            raise _Unsupported(f"validator {validator!r}")
        if isinstance(validator, MaxLengthValidator) and validator.limit_value != field.max_length:
            raise _Unsupported("max_length")
        if isinstance(validator, MinLengthValidator) and validator.limit_value != field.min_length:
            raise _Unsupported("min_length")
    return field.min_length, field.max_length


_CHARS = (fields.CharField, StrictCharField)
_CHAR_VALIDATORS = (
    MaxLengthValidator,
    MinLengthValidator,
    ProhibitNullCharactersValidator,
    ProhibitSurrogateCharactersValidator,
)


def _char(field: fields.CharField) -> Check:
    # A plain ASCII string with nothing to trim has nothing for the validators to refuse but
    # its length; anything else (numbers to coerce, blanks, NUL, surrogates) goes to DRF.
    shortest, most = _lengths(field, _CHAR_VALIDATORS)
    shortest = max(shortest or 0, 1)
    longest = most if most is not None else float("inf")

    def check(value):
        if (
            type(value) is not str
            or not shortest <= len(value) <= longest
            or not value.isascii()
            or not value.isprintable()
            or value.strip() != value
        ):
            raise _Decline
        return value

    return check


def _choice(field: fields.ChoiceField) -> Check:
    if field.validators:
        raise _Unsupported("validators")
    choices = dict(field.choice_strings_to_values)

    def check(value):
        if type(value) is not str or value not in choices:
            raise _Decline
        return choices[value]

    return check


def _boolean(field: fields.BooleanField) -> Check:
    if field.validators:
        raise _Unsupported("validators")
    return lambda value: value if type(value) is bool else _decline()


# An integer without bounds of its own is taken up to this size (beyond, DRF decides).
_LARGEST = 10**15


def _integer(field: StrictIntegerField) -> Check:
    for validator in field.validators:
        if type(validator) is MinValueValidator and validator.limit_value == field.min_value:
            continue
        if type(validator) is MaxValueValidator and validator.limit_value == field.max_value:
            continue
        raise _Unsupported(f"validator {validator!r}")
    least = -_LARGEST if field.min_value is None else field.min_value
    most = _LARGEST if field.max_value is None else field.max_value

    def check(value):
        if type(value) is not int or not least <= value <= most:  # bool is not int here
            raise _Decline
        return value

    return check


def _datetime(field: StrictDateTimeField) -> Check:
    # DRF's parsing is the field's own, done as the serializer would (ISO 8601 and the current time
    # zone, read at each call); a string it refuses goes to the serializer for its error.
    if field.validators:
        raise _Unsupported("validators")

    def check(value):
        if type(value) is not str:
            raise _Decline
        try:
            return field.to_internal_value(value)
        except serializers.ValidationError:
            raise _Decline from None

    return check


def _list(field: fields.ListField) -> Check:
    shortest, most = _lengths(field, (MaxLengthValidator, MinLengthValidator))
    shortest = max(shortest or 0, 0 if field.allow_empty else 1)
    longest = most if most is not None else float("inf")
    if type(field.child) is fields._UnvalidatedField:  # items left to whoever reads them next

        def whole(value):
            if type(value) is not list or not shortest <= len(value) <= longest:
                raise _Decline
            return value[:]

        return whole
    child = _field(field.child)
    if type(field.child) in _CHARS:
        return _strings(
            shortest, longest, child, *_lengths(cast(fields.CharField, field.child), _CHAR_VALIDATORS)
        )

    def check(value):
        if type(value) is not list or not shortest <= len(value) <= longest:
            raise _Decline
        return [_decline() if item is None else child(item) for item in value]

    return check


def _strings(
    shortest: int, longest: float, each: Check, item_least: int | None, item_most: int | None
) -> Check:
    """A list of strings (cards) checked a whole list at a time; ``each`` item when in doubt."""
    item_min = max(item_least or 0, 1)
    item_max = item_most if item_most is not None else float("inf")

    def check(value):
        if type(value) is not list or not shortest <= len(value) <= longest:
            raise _Decline
        for item in value:
            if type(item) is not str or not item_min <= len(item) <= item_max:
                raise _Decline
        joined = "".join(value)
        if " " in joined or not joined.isascii() or not joined.isprintable():
            return [each(item) for item in value]  # may hold spaces to trim: one by one
        return value[:]

    return check


def _dict(field: fields.DictField) -> Check:
    if field.validators:
        raise _Unsupported("validators")
    shortest = 0 if field.allow_empty else 1
    child = None if type(field.child) is fields._UnvalidatedField else _field(field.child)

    def check(value):
        if type(value) is not dict or len(value) < shortest:
            raise _Decline
        if child is None:
            return dict(value)
        return {
            key if type(key) is str else _decline(): _decline() if item is None else child(item)
            for key, item in value.items()
        }

    return check


def _many(field: serializers.ListSerializer) -> Check:
    if type(field).validate is not serializers.ListSerializer.validate or field.validators:
        raise _Unsupported("list validation")
    # ListSerializer keeps min_length and max_length (DRF 3.14+); the stubs only know the arguments.
    least, most = field.min_length, field.max_length  # type: ignore[attr-defined]
    shortest = max(least or 0, 0 if field.allow_empty else 1)
    longest = most if most is not None else float("inf")
    if not isinstance(field.child, serializers.Serializer):  # a list of lists: DRF's way
        raise _Unsupported("list child")
    child = _serializer(field.child)

    def check(value):
        if type(value) is not list or not shortest <= len(value) <= longest:
            raise _Decline
        return [_decline() if item is None else child(item) for item in value]

    return check


# DRF's fields and their strict versions (core.fields): the checks here take only a value of the
# field's JSON type, so both compile alike.
_FIELDS: dict[type, Callable[[Any], Check]] = {
    fields.CharField: _char,
    StrictCharField: _char,
    fields.ChoiceField: _choice,
    StrictChoiceField: _choice,
    fields.BooleanField: _boolean,
    StrictBooleanField: _boolean,
    StrictIntegerField: _integer,
    StrictDateTimeField: _datetime,
    fields.ListField: _list,
    fields.DictField: _dict,
    serializers.ListSerializer: _many,
}


def _field(field: fields.Field) -> Check:
    compile_ = _FIELDS.get(type(field))  # exact classes: a subclass may validate more
    if compile_ is not None:
        return compile_(field)
    if isinstance(field, serializers.Serializer):
        return _serializer(field)
    raise _Unsupported(type(field).__name__)


def _serializer(serializer: serializers.Serializer) -> Check:
    cls = type(serializer)
    accepts = getattr(cls, "lean_accepts", None)
    finish = getattr(cls, "lean_finish", None)
    said = accepts is not None or finish is not None  # what the override does, as a static method
    if isinstance(serializer, serializers.ModelSerializer) or (
        cls.validate is not serializers.Serializer.validate and not said
    ):
        raise _Unsupported(f"{cls.__name__} validates")
    if cls.run_validation is not serializers.Serializer.run_validation or serializer.get_validators():
        raise _Unsupported(f"{cls.__name__} has validators")
    if cls.to_internal_value is not serializers.Serializer.to_internal_value and not said:
        raise _Unsupported(f"{cls.__name__} overrides to_internal_value")
    specs = []
    for field in serializer._writable_fields:
        name = field.field_name
        if field.source != name or hasattr(serializer, f"validate_{name}"):
            raise _Unsupported(name)
        default = field.default
        if getattr(default, "requires_context", False) or hasattr(default, "set_context"):
            raise _Unsupported(f"{name} default")
        specs.append((name, field.required, field.allow_null, default, field))
    return _generated(cls.__name__, specs, accepts, finish)


def _generated(
    name: str,
    specs: list,
    accepts: Callable[[dict], bool] | None,
    finish: Callable[[dict], dict] | None = None,
) -> Check:
    """The check of a serializer's fields, as Python source compiled once: one branch per field,
    a plain string's test written out. A loop over the fields, unpacking each field's settings
    and calling a check per value, took twice as long; a replayed deal runs it on every play."""
    names: dict[str, Any] = {
        "_Decline": _Decline,
        "empty": empty,
        "accepts": accepts,
        "finish": finish,
        "ValidationError": serializers.ValidationError,
    }
    lines = [
        "def check(data):",
        "    if type(data) is not dict:",
        "        raise _Decline",
        "    result = {}",
    ]
    for n, (field_name, required, allow_null, default, field) in enumerate(specs):
        key = repr(field_name)
        if required:
            missing = "raise _Decline"
        elif default is empty:
            missing = "pass"
        else:
            names[f"default_{n}"] = default
            missing = f"result[{key}] = default_{n}{'()' if callable(default) else ''}"
        lines += [
            f"    value = data.get({key}, empty)",
            "    if value is empty:",
            f"        {missing}",
            "    elif value is None:",
            f"        {f'result[{key}] = None' if allow_null else 'raise _Decline'}",
        ]
        if type(field) in _CHARS:  # written out: what _char checks
            shortest, longest = _lengths(field, _CHAR_VALIDATORS)
            names[f"longest_{n}"] = longest if longest is not None else float("inf")
            lines += [
                "    elif (",
                "        type(value) is not str",
                f"        or not {max(shortest or 0, 1)} <= len(value) <= longest_{n}",
                "        or not value.isascii()",
                "        or not value.isprintable()",
                "        or value.strip() != value",
                "    ):",
                "        raise _Decline",
                "    else:",
                f"        result[{key}] = value",
            ]
        else:
            names[f"check_{n}"] = _field(field)
            lines += ["    else:", f"        result[{key}] = check_{n}(value)"]
    if accepts is not None:
        lines += ["    if not accepts(result):", "        raise _Decline"]
    if finish is not None:  # its refusal is the serializer's to word
        lines += [
            "    try:",
            "        return finish(result)",
            "    except ValidationError:",
            "        raise _Decline",
        ]
    else:
        lines.append("    return result")
    exec(compile("\n".join(lines), f"<core.fast.lean check of {name}>", "exec"), names)
    return names["check"]
