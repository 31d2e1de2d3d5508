"""Scorekeeping operations: keyword-only, atomic, on a locked match (STYLE.md: services)."""
