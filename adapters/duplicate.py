"""Duplicate Guandan's adapter (docs/duplicate.md): its deal body is the sheet's own (the finishing
order, and the hands, leader, plays, level and board a table may add), checked against the round's
deal set; its referee questions are Guandan's (ask them with ``game: guandan``)."""

from __future__ import annotations

from adapters.common import open_body
from engine import duplicate
from scoring.adapters import GameAdapter

ADAPTER = GameAdapter(game=duplicate.GAME, **open_body())
