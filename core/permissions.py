"""Permissions declared on the view, checked by one class (the pretix way).

A view says who may read and who may write::

    class StandingsView(APIView):
        read_permission = "public"
        write_permission = "event.organizer"

Each name is a check in ``CHECKS``; apps register their own (the events app
adds the per-event roles) with ``register_check``. Anonymous users may read
what a ``public`` check allows; every write needs at least a token. A POST that
only asks a question (the stateless referee questions) declares ``changes_nothing = True``
and is then treated like a read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rest_framework.permissions import SAFE_METHODS, BasePermission

Check = Callable[[Any, Any, Any], bool]  # (request, view, obj or None) -> allowed

CHECKS: dict[str, Check] = {
    "public": lambda request, view, obj: True,
    "authenticated": lambda request, view, obj: bool(request.user and request.user.is_authenticated),
    "superuser": lambda request, view, obj: bool(request.user and request.user.is_superuser),
}
#: The checks that can let a caller without a token through (what is public, or published): the
#: OpenAPI document marks the operations declaring them as callable anonymously (core.schema).
ANONYMOUS: set[str] = {"public"}


def register_check(name: str, check: Check, *, anonymous: bool = False) -> None:
    """Add a named check; ``anonymous``: it may allow a caller without a token."""
    CHECKS[name] = check
    if anonymous:
        ANONYMOUS.add(name)


def admits_anonymous(names: str | tuple[str, ...]) -> bool:
    return any(name in ANONYMOUS for name in ((names,) if isinstance(names, str) else names))


def _allowed(names: str | tuple[str, ...], request, view, obj) -> bool:
    """Any one of the named checks is enough."""
    if isinstance(names, str):
        names = (names,)
    return any(CHECKS[name](request, view, obj) for name in names)


def _required(request, view) -> str | tuple[str, ...]:
    if request.method in SAFE_METHODS:
        return getattr(view, "read_permission", "public")
    return getattr(view, "write_permission", "authenticated")


class DeclaredPermission(BasePermission):
    def has_permission(self, request, view) -> bool:
        required = _required(request, view)
        if not (request.user and request.user.is_authenticated):
            if request.method not in SAFE_METHODS and not getattr(view, "changes_nothing", False):
                return False  # writes always need a token, whatever the view declares
            if not admits_anonymous(required):
                return False  # a 401 before anything is looked up: no check here lets anonymous in
        if getattr(view, "check_object_level_only", False):
            return True
        return _allowed(required, request, view, None)

    def has_object_permission(self, request, view, obj) -> bool:
        return _allowed(_required(request, view), request, view, obj)
