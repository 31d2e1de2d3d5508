"""The fast paths: every shortcut around the internals of Django, DRF, django-filter, django-auditlog
and redis-py, behind one setting (docs/index.md "Fast paths").

Each shortcut is a ``FastPath`` of ``PATHS``, named by a flag of ``settings.FAST_PATHS`` (the
environment's ``FAST_PATHS``: ``all``, the default; ``none``; or a list such as ``all,-lean_input``
or ``prepared_reads,read_ahead``). Where its flag is off, the code it replaces runs instead — the
plain Django, DRF, auditlog or redis-py path, with the same answers, the same audit entries and
the same errors (the CI job ``.ci/fast_paths`` runs the API suite both ways and compares them).
A flag is read at each call (``on``), so a test or a benchmark can turn one off in the process.

Each shortcut names the releases of the libraries whose internals it leans on that it was verified
against (``verified``); ``check_versions``, called when the apps are ready, refuses to start a
process with a shortcut on whose libraries are of another release, and names the flag to turn off.

This module imports nothing of Django's but its exceptions and its (lazy) settings: the settings
module parses ``FAST_PATHS`` with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import metadata

from django.conf import settings  # lazy: nothing is read of it until a flag is asked
from django.core.exceptions import ImproperlyConfigured

DJANGO = ("Django", "5.2")
DRF = ("djangorestframework", "3.18")
REDIS = ("redis", "8.1")
AUDITLOG = ("django-auditlog", "3.4")
FILTER = ("django-filter", "26")


@dataclass(frozen=True)
class FastPath:
    """A shortcut: its flag, the module that holds it, what it replaces (the plain path taken with the
    flag off), and the (distribution, release) pairs whose internals it was verified against."""

    name: str
    module: str
    replaces: str
    verified: tuple[tuple[str, str], ...]


PATHS: dict[str, FastPath] = {
    path.name: path
    for path in (
        FastPath(
            "prepared_reads",
            "core.fast.prepared",
            "the ORM building and compiling each hot read's queryset anew",
            (DJANGO,),
        ),
        FastPath(
            "idle_health_check",
            "core.fast.postgresql.base",
            "Django's SELECT 1 before the first query of every request on a kept connection",
            (DJANGO,),
        ),
        FastPath(
            "lean_input",
            "core.fast.lean",
            "DRF's serializer building its fields for every body",
            (DRF, DJANGO),
        ),
        FastPath(
            "lean_filters",
            "core.fast.lean_filters",
            "django-filter's filter set building its form for every list",
            (FILTER,),
        ),
        FastPath(
            "compiled_inserts",
            "core.fast.inserts",
            "the ORM's compiler writing each INSERT (save and bulk_create)",
            (DJANGO,),
        ),
        FastPath(
            "audit_diffs",
            "core.fast.audit_diffs",
            "django-auditlog's model_instance_diff working out which fields to walk for every row",
            (AUDITLOG, DJANGO),
        ),
        FastPath(
            "audit_writes",
            "core.fast.audit_diffs",
            "django-auditlog's signals: reading a row again before its update, one INSERT an entry",
            (AUDITLOG, DJANGO),
        ),
        FastPath(
            "kept_redis_client",
            "core.fast.redis",
            "Django's Redis cache building a redis-py client for every operation",
            (DJANGO, REDIS),
        ),
        FastPath(
            "rate_limit_round_trip",
            "core.fast.redis",
            "Django's cache counting a rate limit in two or three round trips (EXISTS, INCR, ADD)",
            (REDIS, DJANGO),
        ),
        FastPath(
            "read_ahead",
            "core.fast.read_ahead",
            "each read asking the cache in a round trip of its own",
            (DJANGO, REDIS),
        ),
        FastPath(
            "process_representations",
            "core.fast.representations",
            "every kept answer fetched from the shared cache",
            (),
        ),
        FastPath(
            "resolver_cache",
            "core.fast.handlers",
            "Django trying the URL patterns one by one on every request",
            (DJANGO,),
        ),
        FastPath(
            "api_middleware",
            "core.fast.handlers",
            "the API served through every middleware of the HTML side",
            (DJANGO,),
        ),
        FastPath(
            "replay_fragments",
            "core.fast.fragments",
            "DRF's renderer encoding a replayed deal's every entry",
            (DRF,),
        ),
        FastPath(
            "cookieless_session",
            "core.fast.session",
            "DRF's session authentication asking a request without a session cookie for its user",
            (DRF, DJANGO),
        ),
    )
}

ALL = frozenset(PATHS)
NONE: frozenset[str] = frozenset()


def parse(value: str | Iterable[str]) -> frozenset[str]:
    """The flags that are on, from ``FAST_PATHS``: ``all`` (or empty), ``none``, names to turn on, or
    ``all`` followed by ``-name`` to turn off. An unknown name refuses to start (a typo must not
    leave a shortcut on that someone meant to turn off)."""
    words = [word.strip() for word in (value.split(",") if isinstance(value, str) else value)]
    words = [word for word in words if word]
    if not words or words == ["all"]:
        return ALL
    if words == ["none"]:
        return NONE
    enabled = set(ALL if words[0] == "all" else ())
    for word in words[1:] if words[0] == "all" else words:
        name = word.removeprefix("-")
        if name not in PATHS:
            known = ", ".join(sorted(PATHS))
            raise ImproperlyConfigured(f"FAST_PATHS names {name!r}, which is not a fast path ({known}).")
        if word.startswith("-"):
            enabled.discard(name)
        else:
            enabled.add(name)
    return frozenset(enabled)


def on(name: str) -> bool:
    """Whether the fast path ``name`` is on (``settings.FAST_PATHS``, read at each call)."""
    return name in settings.FAST_PATHS


def installed(distribution: str) -> str | None:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


def _release_of(version: str, release: str) -> bool:
    return version == release or version.startswith(release + ".")


def check_versions(enabled: Iterable[str], version: Callable[[str], str | None] = installed) -> None:
    """Refuse (``ImproperlyConfigured``) when a shortcut that is on leans on a library of another
    release than it was verified against, naming the flag that turns it off."""
    for name in sorted(enabled):
        path = PATHS[name]
        for distribution, release in path.verified:
            found = version(distribution)
            if found is None or not _release_of(found, release):
                raise ImproperlyConfigured(
                    f"The fast path {name!r} ({path.module}) was verified against {distribution} "
                    f"{release}.x, and {distribution} {found or 'is not installed'}"
                    f"{'' if found is None else ' is installed'}: turn it off with "
                    f"FAST_PATHS=all,-{name} (or verify it against {distribution} {found} and "
                    "update core/fast/__init__.py)."
                )
