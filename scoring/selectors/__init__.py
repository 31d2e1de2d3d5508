"""Reads of the scoring app: match states from their deals, results and standings."""
