from django.apps import AppConfig


class RefereeConfig(AppConfig):
    """Referee questions (stateless) and, later, incidents and rulings. The rules engine is referee.games."""

    name = "referee"
    verbose_name = "Referee"

    def ready(self) -> None:
        from core.problems import ENGINE_MESSAGES
        from referee.api.messages import MESSAGES

        ENGINE_MESSAGES.update(MESSAGES)
