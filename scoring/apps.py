from django.apps import AppConfig


class ScoringConfig(AppConfig):
    """Deal and match results, match points and standings, webhooks (docs/rules/guandan.md G5-G10)."""

    name = "scoring"
    verbose_name = "Scoring"

    def ready(self) -> None:
        from core.problems import ENGINE_MESSAGES
        from scoring import audit, permissions, signals  # noqa: F401  - audit, permission checks, cache
        from scoring.messages import MESSAGES

        ENGINE_MESSAGES.update(MESSAGES)
