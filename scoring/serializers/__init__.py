"""Wire shapes of scorekeeping, results, standings and webhooks (docs/scoring.md).

Input serializers check the JSON structure; what a seat, a card or a level means, and whether the
rules allow it, is the engine's business, reached through the services.
"""
