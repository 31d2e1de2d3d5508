from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Events, units, players, pairs, stages, rounds, matches and draws (RULES.md G11)."""

    name = "tournaments"
    verbose_name = "Tournaments"
