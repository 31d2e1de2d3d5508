"""Every permission name a view declares is a registered member of a permission enum.

The test walks every URL pattern (``django.urls.get_resolver()``), takes each DRF view's class and,
for a viewset, each of its actions, reads ``read_permission`` and ``write_permission`` as the view
would (properties included, with the pattern's keyword arguments) and fails on a name that no app
registered with ``core.permissions.register_check``.
"""

from __future__ import annotations

from enum import StrEnum

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, path
from rest_framework.views import APIView

from core.permissions import CHECKS, Permission, is_known, register_check

ATTRIBUTES = ("read_permission", "write_permission")


def url_patterns(resolver: URLResolver, prefix: str = ""):
    """(route, pattern) for every URL pattern under ``resolver``, included ones too."""
    for entry in resolver.url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from url_patterns(entry, route)
        elif isinstance(entry, URLPattern):
            yield route, entry


def declared(pattern: URLPattern):
    """(action, attribute, names) for each permission the pattern's view declares."""
    callback = pattern.callback
    cls = getattr(callback, "cls", None)
    if cls is None:
        return  # a plain Django view (the admin, the public pages): no declared permissions
    actions = getattr(callback, "actions", None) or {}
    for action in sorted(set(actions.values())) or [None]:
        view = cls(**getattr(callback, "initkwargs", {}))
        view.kwargs = dict.fromkeys(pattern.pattern.regex.groupindex, "1")
        view.args = ()
        view.request = None
        view.action = action
        view.format_kwarg = None
        for attribute in ATTRIBUTES:
            value = getattr(view, attribute, None)
            if value is None:
                continue  # the default of core.permissions
            yield action, attribute, (value,) if isinstance(value, str) else tuple(value)


def unknown_names(resolver: URLResolver) -> list[str]:
    found = []
    for route, pattern in url_patterns(resolver):
        for action, attribute, names in declared(pattern):
            found += [f"{route} {action or ''} {attribute}={name!r}" for name in names if not is_known(name)]
    return found


def test_every_view_declares_known_permission_names():
    assert unknown_names(get_resolver()) == []


def test_the_walk_reaches_the_views():
    """The walk is not vacuous: it reads the declarations of the project's viewsets and views."""
    seen = {
        name
        for _, pattern in url_patterns(get_resolver())
        for _, _, names in declared(pattern)
        for name in names
    }
    assert {"public", "event.visible", "event.organizer", "event.results", "event.rulings"} <= seen


class _Misspelt(APIView):
    read_permission = "event.organiser"

    def get(self, request):  # pragma: no cover - never requested
        return None


urlpatterns = [path("misspelt/", _Misspelt.as_view())]


def test_an_unknown_name_fails_the_walk():
    assert unknown_names(get_resolver(__name__)) == ["misspelt/  read_permission='event.organiser'"]


def test_registered_names_are_enum_members():
    assert all(isinstance(name, StrEnum) for name in CHECKS)
    assert CHECKS[Permission.PUBLIC] is CHECKS["public"]


def test_a_bare_string_cannot_be_registered():
    with pytest.raises(TypeError):
        register_check("event.something", lambda r, v, o: True)
