from django.apps import AppConfig


class CoreConfig(AppConfig):
    """Cross-cutting API plumbing: errors, auth, permissions, health, idempotency."""

    name = "core"
    verbose_name = "Core"

    def ready(self) -> None:
        from core import schema, schema_extensions  # noqa: F401  - registers OpenAPI extensions
