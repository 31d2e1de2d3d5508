from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Events, units, players, pairs, stages, rounds, matches and draws (docs/rules/guandan.md G11)."""

    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from tournaments import clubs, jobs, permissions, schema  # noqa: F401  - role checks, OpenAPI extension

        jobs.register()  # its long work (imports, draws) as kinds of job
