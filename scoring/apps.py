from django.apps import AppConfig


class ScoringConfig(AppConfig):
    """Deal and match results, match points and standings (RULES.md G8-G10)."""

    name = "scoring"
    verbose_name = "Scoring"
