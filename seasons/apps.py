from django.apps import AppConfig


class SeasonsConfig(AppConfig):
    """Series of a club's events, players' histories and ratings across events (docs/series.md)."""

    name = "seasons"
    verbose_name = "Seasons"
