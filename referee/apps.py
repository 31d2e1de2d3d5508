from django.apps import AppConfig


class RefereeConfig(AppConfig):
    """Referee questions (stateless) and, later, incidents and rulings. The rules engine is referee.games."""

    name = "referee"
    verbose_name = "Referee"
