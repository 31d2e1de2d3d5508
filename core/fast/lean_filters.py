"""The fast path of ``core.fast.lean`` for django-filter's filter sets (``DjangoFilterBackend``):
``lean_filters`` (off, the filter set decides every time).

``filter_lookups(FilterSetClass, query_params)``: the lookups the filter set would apply when every
value given is plainly valid (a number as digits, a choice as listed), or None when the filter set
must decide (an error to report, a value to clean, a filter this module does not know).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import django_filters

from core import fast
from core.filters import IntegerFilter, StringChoiceFilter


class _Decline(Exception):
    """Not plainly valid: the filter set decides."""


_filters: dict[type, dict[str, Callable[[str], Any]] | None] = {}
_LONGEST_NUMBER = 9  # digits: never near a column's bounds (those the filter set judges)


def filter_lookups(filterset_class: type[django_filters.FilterSet], params: Mapping[str, str]) -> dict | None:
    """The ``{lookup: value}`` the filter set would apply for ``params`` when every value given is
    plainly valid (a number as digits, a choice as listed); None when the filter set must decide
    (an error to report, a value to clean, a filter this function does not know)."""
    if not fast.on("lean_filters"):
        return None
    if filterset_class not in _filters:
        _filters[filterset_class] = _compile_filters(filterset_class)
    parsers = _filters[filterset_class]
    if parsers is None:
        return None
    lookups = {}
    try:
        for name, parse in parsers.items():
            value = params.get(name)
            if value is not None:
                lookups.update(parse(value))
    except _Decline:
        return None
    return lookups


def _compile_filters(filterset_class) -> dict[str, Callable[[str], Any]] | None:
    parsers: dict[str, Callable[[str], Any]] = {}
    for name, filter_ in filterset_class.base_filters.items():
        if filter_.method is not None:
            # A filter of its own method (a search): the filter set decides the lists that use it,
            # the others still take the fast path.
            parsers[name] = _declined
            continue
        if filter_.exclude or filter_.distinct or filter_.lookup_expr != "exact":
            return None
        lookup = f"{filter_.field_name}__exact"
        if type(filter_) is django_filters.NumberFilter:
            parsers[name] = _number_filter(lookup)
        elif type(filter_) is IntegerFilter:  # whole numbers within bounds (core.filters)
            bounds = (filter_.extra.get("min_value"), filter_.extra.get("max_value"))
            parsers[name] = _number_filter(lookup, *bounds)
        elif type(filter_) in (django_filters.ChoiceFilter, StringChoiceFilter) and not callable(
            filter_.extra.get("choices")
        ):
            parsers[name] = _choice_filter(lookup, {str(value) for value, _ in filter_.extra["choices"]})
        else:
            return None
    return parsers


def _declined(value: str) -> dict:
    raise _Decline


def _number_filter(
    lookup: str, minimum: int | None = None, maximum: int | None = None
) -> Callable[[str], dict]:
    longest = min(_LONGEST_NUMBER, len(str(maximum))) if maximum is not None else _LONGEST_NUMBER

    def parse(value: str) -> dict:
        if not (value.isascii() and value.isdigit() and len(value) <= longest):
            raise _Decline
        number = int(value)
        if (minimum is not None and number < minimum) or (maximum is not None and number > maximum):
            raise _Decline  # out of bounds: the filter set's 400
        return {lookup: number}

    return parse


def _choice_filter(lookup: str, choices: set[str]) -> Callable[[str], dict]:
    def parse(value: str) -> dict:
        if value not in choices:
            raise _Decline
        return {lookup: value}

    return parse
