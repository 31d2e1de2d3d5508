"""A club's season (issue 24): series of events, the players' histories across events, ratings.

It sits above ``scoring`` (it reads confirmed results and standings) beside the referee app:
neither imports the other (pyproject.toml's import-linter layers).
"""

from django.apps import AppConfig


class SeasonsConfig(AppConfig):
    """Series of a club's events, players' histories and ratings across events (docs/series.md)."""

    name = "seasons"
    verbose_name = "Seasons"

    def ready(self) -> None:
        # Start-up wiring, the one place imports inside a function belong: the models are loaded now.
        from seasons import audit, permissions, receivers  # noqa: F401  - the audit log, the series' checks
        from seasons.selectors import ratings as rating_selectors
        from tournaments import ratings

        receivers.connect()
        ratings.register(rating_selectors.pair_strengths)
