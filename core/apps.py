from django.apps import AppConfig


class CoreConfig(AppConfig):
    """Cross-cutting API plumbing: errors, auth, permissions, health, idempotency."""

    name = "core"
    verbose_name = "Core"

    def ready(self) -> None:
        from core import schema, strict  # noqa: F401  - schema registers OpenAPI extensions

        strict.install()
