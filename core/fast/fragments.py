"""A list's JSON written from fragments kept per entry, spliced into DRF's rendering of the rest of
the answer: the fast path ``replay_fragments`` (adapters.guandan.answers; off, DRF's renderer encodes
every entry).

A replayed deal answers one entry per action, about 125 of them; building those dicts and encoding
them was a seventh of the request. ``EntryFragments`` keeps each entry's JSON after its index, by a
key of the caller's (its members, hashed in C) that holds the object whose identity is in the key
(so no other object can take that id while the key is kept), and, for entries the caller makes once
and reuses (``stands``), by the entry's own identity too, likewise holding it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

#: Entries are finitely many (seats x readings x flags); the bound is only a guard.
KEPT = 8192


class EntryFragments:
    """``array(entries)``: the bytes of ``[{"index":0,…},…]``, each entry's members after its index
    being ``render(entry)`` (a JSON object's members and its closing brace), kept under
    ``key(entry)`` with ``holds(entry)``, the object whose ``id`` the key carries."""

    def __init__(
        self,
        key: Callable[[Any], tuple],
        holds: Callable[[Any], object],
        render: Callable[[Any], str],
        stands: Callable[[Any], bool],
    ) -> None:
        self._key, self._holds, self._render, self._stands = key, holds, render, stands
        self._entries: dict[tuple, tuple[object, str]] = {}
        self._stood: dict[int, tuple[object, str]] = {}
        self._indexes: list[str] = []  # '{"index":i,' for i in order, the start of each entry

    def _fragment(self, entry) -> str:
        held = self._holds(entry)
        key = self._key(entry)
        found = self._entries.get(key)
        if found is None or found[0] is not held:
            found = (held, self._render(entry))
            if len(self._entries) < KEPT:
                self._entries[key] = found
        if self._stands(entry) and len(self._stood) < KEPT:
            self._stood[id(entry)] = (entry, found[1])
        return found[1]

    def array(self, entries: Iterable[Any]) -> bytes:
        fragments = []
        for entry in entries:
            found = self._stood.get(id(entry))
            fragments.append(found[1] if found is not None and found[0] is entry else self._fragment(entry))
        indexes = self._indexes
        while len(indexes) < len(fragments):
            indexes.append(f'{{"index":{len(indexes)},')
        return ("[" + ",".join(map(str.__add__, indexes, fragments)) + "]").encode()  # map stops with them


def spliced(envelope: bytes, member: bytes, array: bytes) -> bytes:
    """``envelope`` (DRF's JSON of the answer with ``member`` an empty list, ``b'"name":[]'``) with that
    list replaced by ``array``. The first occurrence is the member when only strings (whose quotes
    are escaped) and booleans come before it."""
    name = member[: member.index(b":") + 1]
    return envelope.replace(member, name + array, 1)
