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


def register_check(name: str, check: Check) -> None:
    CHECKS[name] = check


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
        if (
            request.method not in SAFE_METHODS
            and not getattr(view, "changes_nothing", False)
            and not (request.user and request.user.is_authenticated)
        ):
            return False  # writes always need a token, whatever the view declares
        if getattr(view, "check_object_level_only", False):
            return True
        return _allowed(_required(request, view), request, view, None)

    def has_object_permission(self, request, view, obj) -> bool:
        return _allowed(_required(request, view), request, view, obj)
