"""Duplicate Guandan's adapter (docs/duplicate.md): its deal body is the sheet's own (the finishing
order, and the hands, leader, plays, level and board a table may add), checked against the round's
deal set; its referee questions are Guandan's (the same cards, plays and tribute rules, G2-G5)."""

from __future__ import annotations

from adapters import guandan
from adapters.common import open_body
from engine import duplicate
from scoring.adapters import GameAdapter

ADAPTER = GameAdapter(game=duplicate.GAME, referee=guandan.ADAPTER.referee, **open_body())
