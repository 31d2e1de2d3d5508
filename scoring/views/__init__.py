"""Scorekeeping, results, standings, disputes, audit and webhooks views: thin (serializer → service)."""
