"""One way for a lower layer to hear from a higher one (docs/index.md "How it is built"): a ``Hook``
that the higher app fills once at start-up (its ``AppConfig.ready``), which the lower one asks.

Every hook behaves the same when nothing has filled it: it answers its declared ``fallback`` (what
the lower layer does without the higher app, e.g. scoring without the referee app: nothing is
ruled), and without one it refuses with the same ``ImproperlyConfigured`` naming the app that
should have filled it. Filling it again replaces what it held (tests do).
"""

from __future__ import annotations

from typing import Generic, TypeVar

from django.core.exceptions import ImproperlyConfigured

T = TypeVar("T")


class Hook(Generic[T]):
    def __init__(self, what: str, *, filled_by: str, fallback: T | None = None) -> None:
        self.what, self.filled_by, self.fallback = what, filled_by, fallback
        self._value: T | None = None

    def register(self, value: T) -> None:
        """Fill the hook (the higher app, at start-up)."""
        self._value = value

    def get(self) -> T:
        if self._value is not None:
            return self._value
        if self.fallback is not None:
            return self.fallback
        raise ImproperlyConfigured(
            f"No {self.what} registered: the {self.filled_by} app registers them when it starts."
        )
