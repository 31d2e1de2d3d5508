from django.apps import AppConfig

from core.problems import ENGINE_MESSAGES, register_converter
from referee.api.messages import MESSAGES
from referee.api.problems import engine_problem
from referee.incidents.problems import MESSAGES as INCIDENT_MESSAGES


class RefereeConfig(AppConfig):
    """Referee questions (stateless), and incidents, rulings, penalties and appeals (referee.incidents).
    The rules engine is engine, the penalty tables engine.penalties."""

    name = "referee"
    verbose_name = "Referee"

    def ready(self) -> None:
        # Imported here, not at the top: these import models, and the app registry must be ready
        # before they are (Django's rule for AppConfig.ready). The others above import none.
        from referee.calls import audit as call_audit  # noqa: F401  - the calls in the audit log
        from referee.calls import permissions as call_permissions  # noqa: F401
        from referee.incidents import audit, permissions  # noqa: F401  - audit log, permissions
        from referee.incidents.rulings import RULINGS
        from scoring.rulings import register

        ENGINE_MESSAGES.update(MESSAGES)
        register_converter(engine_problem)
        ENGINE_MESSAGES.update(INCIDENT_MESSAGES)
        register(RULINGS)  # what the standing rulings do to scoring (G12): scoring never imports this app
