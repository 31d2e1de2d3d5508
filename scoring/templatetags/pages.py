"""Template filters of the public pages (scoring.pages): numbers as the API gives them, lookups."""

from __future__ import annotations

from django import template

from scoring.pages import i18n

register = template.Library()


@register.filter
def num(value):
    """A score as people write it: 6.0 -> 6, 0.5 -> 0.5, None -> an en dash."""
    if value is None or value == "":
        return "–"
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


@register.filter
def get(mapping, key):
    """``mapping[key]`` (None when missing): a tiebreak value by its column key."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None


@register.filter
def listing(items):
    """A list as the active language writes one (``scoring.pages.i18n.listing``)."""
    return i18n.listing(items)
