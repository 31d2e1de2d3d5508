from django.apps import AppConfig


class ScoringConfig(AppConfig):
    """Deal and match results, match points and standings, webhooks (docs/rules/guandan.md G5-G10)."""

    name = "scoring"
    verbose_name = "Scoring"

    def ready(self) -> None:
        # Imported here, not at the top: the app registry must be ready before models and the modules
        # that use them are imported (Django's rule for AppConfig.ready).
        from core.problems import ENGINE_MESSAGES
        from scoring import audit, permissions, signals  # noqa: F401  - audit, permission checks, cache
        from scoring.messages import MESSAGES
        from scoring.selectors.standings import pair_points, standings_table
        from tournaments.standings import Standings, register

        ENGINE_MESSAGES.update(MESSAGES)
        # The draws and the qualification read the standings through tournaments.standings: this
        # app stands above the tournaments layer, which does not import it.
        register(Standings(points=pair_points, table=standings_table))
