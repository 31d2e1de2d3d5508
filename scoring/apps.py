from django.apps import AppConfig

from core.problems import ENGINE_MESSAGES
from scoring.messages import MESSAGES
from tournaments.standings import Standings, register


class ScoringConfig(AppConfig):
    """Deal and match results, match points and standings, webhooks (docs/rules/guandan.md G5-G10)."""

    name = "scoring"
    verbose_name = "Scoring"

    def ready(self) -> None:
        # Imported here, not at the top: these import models, and the app registry must be ready
        # before they are (Django's rule for AppConfig.ready). The others above import none.
        from scoring import audit, permissions  # noqa: F401  - audit, permission checks
        from scoring.selectors.standings import pair_points, standings_table
        from scoring.services.changes import hear
        from tournaments import changes

        ENGINE_MESSAGES.update(MESSAGES)
        # The draws and the qualification read the standings through tournaments.standings: this
        # app stands above the tournaments layer, which does not import it.
        register(Standings(points=pair_points, table=standings_table))
        # Every change of an event moves its results_version and tells the club websites here
        # (tournaments.changes: the one write path of an event's derived state).
        changes.subscribe(hear)
