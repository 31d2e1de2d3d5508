from django.apps import AppConfig
from django.conf import settings

from core import fast


class CoreConfig(AppConfig):
    """Cross-cutting API plumbing: errors, auth, permissions, health, idempotency."""

    name = "core"
    verbose_name = "Core"

    def ready(self) -> None:
        from core import schema, schema_extensions  # noqa: F401  - registers OpenAPI extensions

        # Every process (web, worker, manage.py) refuses to start with a fast path on whose
        # libraries are of another release than it was verified against.
        fast.check_versions(settings.FAST_PATHS)
