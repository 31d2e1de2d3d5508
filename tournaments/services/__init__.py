"""Business operations of the tournaments app: keyword-only, atomic, one module per domain.

Every write goes through one of them; an edit takes the fields it may change as keyword
arguments, checked against the operation's list (``save_fields``), and saves only those columns.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import TypeVar

from django.db.models import Model

M = TypeVar("M", bound=Model)


def save_fields(instance: M, fields: dict, *, allowed: Collection[str], also: Iterable[str] = ()) -> M:
    """Set ``fields`` on ``instance`` and save those columns (and ``also``, e.g. an ``auto_now``).

    A name outside ``allowed`` is a programming error (a ``TypeError``), never a silent write. With
    no field at all the instance is saved whole, as an empty edit always was.
    """
    unknown = set(fields) - set(allowed)
    if unknown:
        raise TypeError(f"{type(instance).__name__} has no editable field {', '.join(sorted(unknown))}.")
    for name, value in fields.items():
        setattr(instance, name, value)
    if fields:
        instance.save(update_fields=[*fields, *also])
    else:
        instance.save()
    return instance
