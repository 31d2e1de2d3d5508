"""Scorekeeping operations: keyword-only, atomic, on a locked match."""
