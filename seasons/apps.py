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
        # Imported here, not at the top: it imports models, which need the app registry ready.
        from seasons import audit, permissions  # noqa: F401  - the audit log, the series' permission checks
