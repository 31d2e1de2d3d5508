"""Permissions declared on the view, checked by one class (the pretix way).

A view says who may read and who may write::

    class StandingsView(APIView):
        read_permission = Permission.PUBLIC
        write_permission = EventPermission.ORGANIZER

A permission name is a member of a ``StrEnum``: core's own are ``Permission``; each app defines
its names in its own enum (``tournaments.permissions.EventPermission``, …) and registers each
member's check with ``register_check``, so core imports no app. ``CHECKS`` holds every name
registered; a test walks every URL's view and fails on a name that is not in it
(tests/core/test_permission_names.py). Anonymous users may read what a check registered with
``anonymous=True`` allows; every write needs at least a token. A table's token passes only the
checks registered with ``table_token=True`` (or ``anonymous``): the OpenAPI document lists it on
their operations alone (core.schema). A POST that
only asks a question (the stateless referee questions) declares ``changes_nothing = True``
and is then treated like a read.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any

from rest_framework.permissions import SAFE_METHODS, BasePermission

Check = Callable[[Any, Any, Any], bool]  # (request, view, obj or None) -> allowed


class Permission(StrEnum):
    """Core's permission names; the apps' names are members of their own enums."""

    PUBLIC = "public"
    AUTHENTICATED = "authenticated"
    SUPERUSER = "superuser"


#: Every registered permission name (a member of some ``StrEnum``) and its check.
CHECKS: dict[str, Check] = {}  # keyed by the members, looked up by their names too (StrEnum)
#: The checks that can let a caller without a token through (what is public, or published): the
#: OpenAPI document marks the operations declaring them as callable anonymously (core.schema).
ANONYMOUS: set[str] = set()
#: The checks that can let a table's token through (tournaments.auth: a scorekeeper of one table,
#: with no account): the document lists that credential only on the operations declaring one of
#: them, or a check that lets anyone through.
TABLE_TOKEN: set[str] = set()


def register_check(
    name: StrEnum, check: Check, *, anonymous: bool = False, table_token: bool = False
) -> None:
    """Add a named check; ``anonymous``: it may allow a caller without a token; ``table_token``: it
    may allow a table's token.

    ``name`` is a member of a permission enum, never a bare string: a view declaring a name that
    no app registered is caught by the URL walk of the tests, not on the first request.
    """
    if not isinstance(name, StrEnum):
        raise TypeError(f"A permission name is a member of a StrEnum, not {name!r}.")
    CHECKS[name] = check
    if anonymous:
        ANONYMOUS.add(name)
    if table_token or anonymous:
        TABLE_TOKEN.add(name)


def is_known(name: object) -> bool:
    """Whether ``name`` is a registered permission name."""
    return isinstance(name, str) and name in CHECKS


register_check(Permission.PUBLIC, lambda request, view, obj: True, anonymous=True)
register_check(
    Permission.AUTHENTICATED,
    lambda request, view, obj: bool(request.user and request.user.is_authenticated),
    table_token=True,
)
register_check(
    Permission.SUPERUSER, lambda request, view, obj: bool(request.user and request.user.is_superuser)
)


def admits_anonymous(names: str | tuple[str, ...]) -> bool:
    return any(name in ANONYMOUS for name in ((names,) if isinstance(names, str) else names))


def admits_table_token(names: str | tuple[str, ...]) -> bool:
    return any(name in TABLE_TOKEN for name in ((names,) if isinstance(names, str) else names))


def _allowed(names: str | tuple[str, ...], request, view, obj) -> bool:
    """Any one of the named checks is enough."""
    if isinstance(names, str):
        names = (names,)
    return any(CHECKS[name](request, view, obj) for name in names)


def _required(request, view) -> str | tuple[str, ...]:
    if request.method in SAFE_METHODS:
        return getattr(view, "read_permission", Permission.PUBLIC)
    return getattr(view, "write_permission", Permission.AUTHENTICATED)


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
